import { Flex, Link as ChakraLink, Table, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { OrderDetail } from '../../contract/orders';
import { useT } from '../../app/i18n';
import { SectionCard } from '../../components/SectionCard';
import { moneyIn } from '../../components/money';
import { textOr } from '../../i18n/translator';
import { CodeBadge, dayHref, groupOfBrand, ResolutionText } from '../reconciliation/reconCells';

/**
 * The order's reconciliation (docs/reconciliation.md): its payment's result in the current run,
 * our values beside the brand statement's row, and how an exception was resolved.
 */
export function OrderReconciliation({ order }: { order: OrderDetail }) {
  const t = useT();
  const money = moneyIn(t);
  const r = order.reconciliation;
  const group = r ? groupOfBrand(r.brand) : null;
  const s = r?.statement ?? null;
  const o = r?.ours ?? null;
  const d = r?.diff ?? null;
  const rows: [string, string, string, boolean][] =
    r && o
      ? [
          [
            t('orders.amount'),
            money(o.amount, o.currency),
            s ? money(s.amount, s.currency) : '—',
            Boolean(d?.amount || d?.currency),
          ],
          [
            t('settlements.detail.fee'),
            money(o.fee, o.currency),
            s?.fee == null ? '—' : money(Math.abs(s.fee), s.currency),
            Boolean(d?.fee),
          ],
          [
            t('fields.status'),
            textOr(t, `orders.statuses.${o.status}`, o.status),
            s?.statusRaw ?? '—',
            Boolean(d?.status),
          ],
          [t('orders.brandOrderNo'), o.brandOrderNo || '—', s?.brandOrderNo ?? '—', false],
          [t('fields.gatewayOrderNo'), o.gatewayOrderNo, s?.gatewayOrderNo ?? '—', false],
        ]
      : [];
  return (
    <SectionCard gap="3" title={t('reconciliation.order.title')}>
      {!r ? (
        <Text color="fg.muted">{t('reconciliation.order.none')}</Text>
      ) : (
        <>
          <Flex gap="3" align="center" wrap="wrap">
            <CodeBadge code={r.code} />
            <Text fontSize="sm">
              {t('reconciliation.order.day')}: {r.businessDay}
            </Text>
            {group && (
              <ChakraLink asChild color="blue.700" fontSize="sm">
                <Link href={dayHref(group, r.brand, r.businessDay)}>{t('reconciliation.order.openDay')}</Link>
              </ChakraLink>
            )}
          </Flex>
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label={t('reconciliation.order.title')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('reconciliation.order.item')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('reconciliation.order.ours')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('reconciliation.order.brand')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map(([label, ours, brand, differs]) => (
                  <Table.Row key={label}>
                    <Table.Cell color="fg.muted">{label}</Table.Cell>
                    <Table.Cell wordBreak="break-all">{ours}</Table.Cell>
                    <Table.Cell
                      wordBreak="break-all"
                      color={differs ? 'red.600' : undefined}
                      fontWeight={differs ? 'semibold' : undefined}
                    >
                      {brand}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {r.resolution && <ResolutionText resolution={r.resolution} />}
        </>
      )}
    </SectionCard>
  );
}
