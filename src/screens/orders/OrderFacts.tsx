import { Card, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type { OrderDetail } from '../../contract/orders';
import { moneyIn } from '../../components/money';
import { useT } from '../../app/i18n';
import { textOr } from '../../i18n';
import { InfoList, type InfoItem } from '../../components/InfoList';
import { formatDateTime } from '../../components/format';
import { OrderStatusBadge } from './badges';
import { brandText, resultText, subBrandText } from './brandText';

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

/** Every field of an order (spec point 3), in three groups. */
export function OrderFacts({ order }: { order: OrderDetail }) {
  const t = useT();
  const money = (minor: number | null) => (minor == null ? '' : moneyIn(t)(minor, order.currency));
  const groups: { title: string; items: InfoItem[] }[] = [
    {
      title: t('orderScreens.detail.payment'),
      items: [
        { label: t('fields.gatewayOrderNo'), value: mono(order.gatewayOrderNo) },
        { label: t('fields.clientOrderNo'), value: mono(order.clientOrderNo) },
        { label: t('orderScreens.brandOrderNo'), value: mono(order.brandOrderNo) },
        { label: t('orderScreens.amount'), value: `${money(order.amount)} (${order.currency})` },
        { label: t('fields.status'), value: <OrderStatusBadge status={order.status} /> },
        { label: t('orderScreens.receiptNo'), value: mono(order.receiptNo) },
        { label: t('orderScreens.subject'), value: order.subject },
        { label: t('orderScreens.createdAt'), value: when(order.createdAt) },
        { label: t('orderScreens.finishedAt'), value: when(order.finishedAt) },
        { label: t('orderScreens.expiresAt'), value: when(order.expiresAt) },
      ],
    },
    {
      title: t('orderScreens.detail.merchant'),
      items: [
        { label: t('fields.paymentType'), value: t(`payments.paymentType.${order.paymentType}`) },
        { label: t('fields.brand'), value: brandText(t, order.brand) },
        { label: t('fields.subBrand'), value: subBrandText(t, order.subBrand) },
        { label: t('fields.companyId'), value: order.companyName },
        { label: t('fields.branchUnitId'), value: order.branchUnitName ?? '' },
        { label: t('orderScreens.refundedAmount'), value: money(order.refundedAmount) },
        { label: t('orderScreens.refundableAmount'), value: money(order.refundableAmount) },
      ],
    },
    {
      title: t('orderScreens.detail.settlement'),
      items: [
        { label: t('orderScreens.commissionRate'), value: rate(order.commissionRate) },
        { label: t('orderScreens.commissionAmount'), value: money(order.commissionAmount) },
        { label: t('orderScreens.rebateRate'), value: rate(order.rebateRate) },
        { label: t('orderScreens.rebateAmount'), value: money(order.rebateAmount) },
        {
          label: t('orderScreens.auditStatus'),
          value: t(order.auditStatus ? 'orderScreens.audited' : 'orderScreens.notAudited'),
        },
        {
          label: t('orderScreens.auditResult'),
          value:
            order.auditResult == null
              ? ''
              : textOr(t, `payments.auditResult.${order.auditResult}`, String(order.auditResult)),
        },
        { label: t('orderScreens.settlementNo'), value: mono(order.settlementNo) },
        { label: t('orderScreens.errorCode'), value: mono(order.errorCode) },
        { label: t('orderScreens.errorMessage'), value: resultText(t, order.errorCode, order.errorMessage) },
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
