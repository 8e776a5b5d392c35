import { Flex, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { OrderDetail } from '../../contract/orders';
import { useT } from '../../app/i18n';
import { FactTable } from '../../components/FactTable';
import { SectionCard } from '../../components/SectionCard';
import { moneyIn } from '../../components/money';
import { textOr } from '../../i18n/translator';
import { CodeBadge, dayHref, groupOfBrand, ResolutionText } from '../reconciliation/reconCells';

/**
 * The order's reconciliation (docs/reconciliation.md), the one place that says its state: the
 * state, its payment's result in the current run, our values beside the brand statement's row,
 * and how an exception was resolved.
 */
export function OrderReconciliation({ order }: { order: OrderDetail }) {
  const t = useT();
  const money = moneyIn(t);
  const r = order.reconciliation;
  const group = r ? groupOfBrand(r.brand) : null;
  const s = r?.statement ?? null;
  const o = r?.ours ?? null;
  const d = r?.diff ?? null;
  /** One compared value: ours beside the statement's, `differs` when the run found them unequal. */
  const rows: { label: string; ours: string; brand: string; differs: boolean }[] =
    r && o
      ? [
          {
            label: t('orders.amount'),
            ours: money(o.amount, o.currency),
            brand: s ? money(s.amount, s.currency) : '—',
            differs: Boolean(d?.amount || d?.currency),
          },
          {
            label: t('settlements.detail.fee'),
            ours: money(o.fee, o.currency),
            brand: s?.fee == null ? '—' : money(Math.abs(s.fee), s.currency),
            differs: Boolean(d?.fee),
          },
          {
            label: t('fields.status'),
            ours: textOr(t, `orders.statuses.${o.status}`, o.status),
            brand: s?.statusRaw ?? '—',
            differs: Boolean(d?.status),
          },
          {
            label: t('orders.brandOrderNo'),
            ours: o.brandOrderNo || '—',
            brand: s?.brandOrderNo ?? '—',
            differs: false,
          },
          {
            label: t('fields.gatewayOrderNo'),
            ours: o.gatewayOrderNo,
            brand: s?.gatewayOrderNo ?? '—',
            differs: false,
          },
        ]
      : [];
  const state = (
    <Text fontSize="sm">
      {t('orders.auditStatus')}:{' '}
      {textOr(t, `reconciliation.auditStatuses.${order.auditStatus}`, String(order.auditStatus))}
    </Text>
  );
  return (
    <SectionCard gap="3" title={t('reconciliation.order.title')}>
      {!r ? (
        order.auditStatus === 0 ? (
          <Text color="fg.muted">{t('reconciliation.order.none')}</Text>
        ) : (
          state
        )
      ) : (
        <>
          <Flex gap="3" align="center" wrap="wrap">
            {state}
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
          <FactTable
            label={t('reconciliation.order.title')}
            rows={rows}
            rowKey={(row) => row.label}
            columns={[
              {
                header: t('reconciliation.order.item'),
                cell: (row) => row.label,
                style: { color: 'fg.muted' },
              },
              {
                header: t('reconciliation.order.ours'),
                cell: (row) => row.ours,
                style: { wordBreak: 'break-all' },
              },
              {
                header: t('reconciliation.order.brand'),
                cell: (row) => row.brand,
                style: (row) => ({
                  wordBreak: 'break-all',
                  color: row.differs ? 'red.600' : undefined,
                  fontWeight: row.differs ? 'semibold' : undefined,
                }),
              },
            ]}
          />
          {r.resolution && <ResolutionText resolution={r.resolution} />}
        </>
      )}
    </SectionCard>
  );
}
