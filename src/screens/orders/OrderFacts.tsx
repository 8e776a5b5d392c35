import { Card, Link as ChakraLink, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { OrderDetail } from '../../contract/orders';
import { moneyIn } from '../../components/money';
import { useT } from '../../app/i18n';
import { useSessionMenu } from '../../app/session';
import { InfoList, type InfoItem } from '../../components/InfoList';
import { formatDateTime } from '../../components/format';
import { OrderStatusBadge } from './badges';
import { brandText, resultText, subBrandText } from './brandText';
import { settlementHref, SETTLEMENT_ROUTES } from '../settlements/settlementCells';

/** Numbers and codes: break anywhere rather than overflow on phones. */
const mono = (value: string) =>
  value ? (
    <Text as="span" wordBreak="break-all">
      {value}
    </Text>
  ) : (
    ''
  );
const when = (value: string | null) =>
  value ? (
    <Text as="span" whiteSpace="nowrap">
      {formatDateTime(value)}
    </Text>
  ) : (
    ''
  );

/** Hundredths of a percent → '3.25%'. */
const rate = (hundredths: number | null) => (hundredths == null ? '' : `${(hundredths / 100).toFixed(2)}%`);

/** Every field of an order (spec point 3), in three groups; its reconciliation is OrderReconciliation's. */
export function OrderFacts({ order }: { order: OrderDetail }) {
  const t = useT();
  const menu = useSessionMenu();
  // The settlement's page when the caller may open the merchant settlements; else its number alone.
  const settlement =
    order.settlementId != null && menu.includes(SETTLEMENT_ROUTES.merchant) ? (
      <ChakraLink asChild color="blue.700" fontFamily="mono" fontSize="xs" wordBreak="break-all">
        <Link href={settlementHref('merchant', order.settlementId)}>{order.settlementNo}</Link>
      </ChakraLink>
    ) : (
      mono(order.settlementNo)
    );
  const money = (minor: number | null) => (minor == null ? '' : moneyIn(t)(minor, order.currency));
  const groups: { title: string; items: InfoItem[] }[] = [
    {
      title: t('orders.detail.payment'),
      items: [
        { label: t('fields.gatewayOrderNo'), value: mono(order.gatewayOrderNo) },
        { label: t('fields.clientOrderNo'), value: mono(order.clientOrderNo) },
        { label: t('orders.brandOrderNo'), value: mono(order.brandOrderNo) },
        { label: t('orders.amount'), value: `${money(order.amount)} (${order.currency})` },
        { label: t('fields.status'), value: <OrderStatusBadge status={order.status} /> },
        { label: t('orders.receiptNo'), value: mono(order.receiptNo) },
        { label: t('orders.subject'), value: order.subject },
        { label: t('orders.createdAt'), value: when(order.createdAt) },
        { label: t('orders.finishedAt'), value: when(order.finishedAt) },
        { label: t('orders.expiresAt'), value: when(order.expiresAt) },
      ],
    },
    {
      title: t('orders.detail.merchant'),
      items: [
        { label: t('fields.paymentType'), value: t(`orders.paymentTypes.${order.paymentType}`) },
        { label: t('fields.brand'), value: brandText(t, order.brand) },
        { label: t('fields.subBrand'), value: subBrandText(t, order.subBrand) },
        { label: t('fields.companyId'), value: order.companyName },
        { label: t('fields.branchUnitId'), value: order.branchUnitName ?? '' },
        { label: t('orders.refundedAmount'), value: money(order.refundedAmount) },
        { label: t('orders.refundableAmount'), value: money(order.refundableAmount) },
      ],
    },
    {
      title: t('orders.detail.settlement'),
      items: [
        { label: t('orders.commissionRate'), value: rate(order.commissionRate) },
        { label: t('orders.commissionAmount'), value: money(order.commissionAmount) },
        { label: t('orders.rebateRate'), value: rate(order.rebateRate) },
        { label: t('orders.rebateAmount'), value: money(order.rebateAmount) },
        // Its reconciliation (state and result) is said once, in the reconciliation card below.
        { label: t('orders.settlementNo'), value: settlement },
        { label: t('orders.errorCode'), value: mono(order.errorCode) },
        { label: t('orders.errorMessage'), value: resultText(t, order.errorCode, order.errorMessage) },
      ],
    },
  ];
  return (
    // Two columns on a laptop: a last card alone on its row takes the whole row (no half row left empty).
    <SimpleGrid columns={{ base: 1, lg: 2, '2xl': 3 }} gap="4">
      {groups.map((g, i) => (
        <Card.Root
          key={g.title}
          size="sm"
          gridColumn={
            groups.length % 2 === 1 && i === groups.length - 1 ? { lg: 'span 2', '2xl': 'auto' } : undefined
          }
        >
          <Card.Header>
            <Heading as="h2" size="sm">
              {g.title}
            </Heading>
          </Card.Header>
          <Card.Body>
            <InfoList items={g.items} />
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
