import { useMemo, useState } from 'react';
import { Box, Button, Card, Flex, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { REPORT_LIST } from '../../contract/lists/reports';
import {
  PROOF_STATES,
  REPORT_GROUPINGS,
  type ReportFigures,
  type ReportPage,
  type ReportRow,
} from '../../contract/reports';
import { useT } from '../../app/i18n';
import { ExportButtons } from '../../components/ExportButton';
import { DataTable } from '../../components/DataTable';
import { FilterBar } from '../../components/FilterBar';
import { formatDateTime } from '../../components/format';
import { moneyIn, useMoney } from '../../components/money';
import { PageHeader } from '../../components/PageHeader';
import { columnPrefsKey } from '../../components/table/columnPrefs';
import { columnsOf, type Cells } from '../../lists/columns';
import { exportCallsOf } from '../../lists/exportCalls';
import { filterFieldsOf } from '../../lists/filterFields';
import { useListOf } from '../../lists/useListScreen';
import { useScopeFields } from '../../lists/useScopeFields';
import type { ColumnKey } from '../../lists/ListBody';
import { useSessionUser } from '../../app/session';
import { roleLevel } from '../../contract/roles';
import { pageReport } from '../../services/reports';
import { BUSINESS_ZONE_NAME } from '../../services/zone';
import type { Translate } from '../../i18n/translator';
import { PROOF_COLOURS } from './proof';
import { ReportChart } from './ReportChart';
import { ReportSchedules } from './ReportSchedules';

/** The transaction history of a row: its days, organisation, brand and the paid status, in the URL. */
function historyHref(r: ReportRow): string | null {
  // The history cannot filter "no branch" nor "no brand": such a row has no exact list to open
  // (nor has a row without payments).
  if (r.brand === '' || r.branchUnitId === 0 || r.paidCount === 0) return null;
  const q = new URLSearchParams({ beginTime: r.from, endTime: r.to, status: '0', brand: r.brand });
  q.set('companyId', String(r.companyId));
  if (r.branchUnitId) q.set('branchUnitId', String(r.branchUnitId));
  return `/history/order?${q.toString()}`;
}

/** How far a row's gross is proven: a bar of four parts and the amounts beyond "paid only". */
function ProofCell({ figures, currency, t }: { figures: ReportFigures; currency: string; t: Translate }) {
  const money = moneyIn(t);
  const p = figures.paidProof;
  const text = t('reports.proofCell', {
    matched: money(p.matched, currency),
    settled: money(p.settled, currency),
    paidOut: money(p.paidOut, currency),
  });
  return (
    <Box minW="10rem">
      <Flex h="1.5" borderRadius="full" overflow="hidden" bg="bg.muted" aria-hidden="true" mb="1">
        {PROOF_STATES.map((s) =>
          p[s] > 0 ? <Box key={s} bg={PROOF_COLOURS[s]} flexGrow={p[s]} flexBasis="0" /> : null,
        )}
      </Flex>
      <Text fontSize="xs" color="fg.muted">
        {text}
      </Text>
    </Box>
  );
}

const cells =
  (rowsPer: ReportPage['rowsPer'] | undefined) =>
  (t: Translate): Cells<ColumnKey<typeof REPORT_LIST>, ReportRow> => {
    const money = moneyIn(t);
    return {
      period: (r) => r.period,
      organisation: (r) =>
        rowsPer === 'branches' ? (r.branchUnitName ?? t('reports.noBranch')) : r.companyName,
      brand: (r) => (r.brand ? t(`orders.brands.${r.brand}`) : t('orders.brandNotChosen')),
      currency: (r) => r.currency,
      paidCount: (r) => {
        const href = historyHref(r);
        const count = r.paidCount.toLocaleString();
        return href ? (
          <Link href={href} title={t('reports.openHistory')}>
            {count}
          </Link>
        ) : (
          count
        );
      },
      paidAmount: (r) => money(r.paidAmount, r.currency),
      refundAmount: (r) => money(r.refundAmount, r.currency),
      commission: (r) => money(r.commission, r.currency),
      rebate: (r) => money(r.rebate, r.currency),
      net: (r) => money(r.net, r.currency),
      proof: (r) => <ProofCell figures={r} currency={r.currency} t={t} />,
    };
  };

/** Everything the filter selects, one row per currency (never summed across currencies). */
function Totals({ page }: { page: ReportPage }) {
  const t = useT();
  const money = useMoney();
  if (page.totals.length === 0) return null;
  return (
    <Card.Root size="sm" mb="4" role="region" aria-label={t('reports.totals', { count: page.total })}>
      <Card.Body>
        <Text fontSize="xs" color="fg.muted" mb="2">
          {t('reports.totals', { count: page.total })}
        </Text>
        {/* A phone: each currency's figures as a short list (the table would scroll sideways). */}
        <Stack hideFrom="md" gap="3">
          {page.totals.map((c) => (
            <Box key={c.currency} data-currency={c.currency} borderTopWidth="1px" pt="2">
              <Text fontWeight="semibold" mb="1">
                {c.currency}
              </Text>
              <Box as="dl" fontSize="sm">
                {(
                  [
                    ['paidCount', c.paidCount.toLocaleString()],
                    ['paidAmount', money(c.paidAmount, c.currency)],
                    ['refundAmount', money(c.refundAmount, c.currency)],
                    ['commission', money(c.commission, c.currency)],
                    ['rebate', money(c.rebate, c.currency)],
                    ['net', money(c.net, c.currency)],
                  ] as const
                ).map(([key, value]) => (
                  <Flex key={key} justify="space-between" gap="2">
                    <Text as="dt" color="fg.muted">
                      {t(`reports.columns.${key}`)}
                    </Text>
                    <Text as="dd" fontVariantNumeric="tabular-nums">
                      {value}
                    </Text>
                  </Flex>
                ))}
              </Box>
              <Box mt="1">
                <ProofCell figures={c} currency={c.currency} t={t} />
              </Box>
            </Box>
          ))}
        </Stack>
        <Box overflowX="auto" hideBelow="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('fields.currency')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('reports.columns.paidCount')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('reports.columns.paidAmount')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('reports.columns.refundAmount')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('reports.columns.commission')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('reports.columns.rebate')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('reports.columns.net')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('reports.columns.proof')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {page.totals.map((c) => (
                <Table.Row key={c.currency} data-currency={c.currency}>
                  <Table.Cell fontWeight="semibold">{c.currency}</Table.Cell>
                  <Table.Cell textAlign="end" data-figure="paidCount">
                    {c.paidCount.toLocaleString()}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap" data-figure="paidAmount">
                    {money(c.paidAmount, c.currency)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {money(c.refundAmount, c.currency)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {money(c.commission, c.currency)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {money(c.rebate, c.currency)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap" data-figure="net">
                    {money(c.net, c.currency)}
                  </Table.Cell>
                  <Table.Cell>
                    <ProofCell figures={c} currency={c.currency} t={t} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * /report: the summary list and its chart (docs/reports.md, "The summary list"). One set of
 * filters in the URL (period ≤ 75 days, organisation within the caller's scope, brand,
 * currency, day or month) serves both tabs; the list has its totals per currency and both
 * exports, the chart switches measure and kind and compares with the period before on demand.
 */
export default function Reports() {
  const t = useT();
  const user = useSessionUser();
  const scope = useScopeFields(t);
  const screen = useListOf<ReportRow>(REPORT_LIST, pageReport);
  const page = screen.page as ReportPage | null;
  const [tab, setTab] = useState<'list' | 'chart' | 'schedule'>('list');
  const grouping = screen.filters.grouping === 'month' ? 'month' : 'day';
  const rowsPer = page?.rowsPer;
  const columns = useMemo(() => columnsOf(REPORT_LIST.columns, cells(rowsPer)(t), t, true), [rowsPer, t]);
  const fields = filterFieldsOf(REPORT_LIST, t, scope.fields, screen.rangeError, {
    ...(user ? { level: roleLevel(user.operatorType) } : {}),
  });
  const valid = screen.status !== 'invalid';

  return (
    <>
      <PageHeader
        title={t('menu.report')}
        description={t('reports.description', {
          zone: BUSINESS_ZONE_NAME,
          days: REPORT_LIST.period.maxDays,
          asOf: page ? formatDateTime(page.asOf) : '—',
        })}
        actions={
          tab === 'list' && (
            <ExportButtons paths={exportCallsOf(REPORT_LIST.exports)} query={screen.filters} />
          )
        }
      />
      <FilterBar key={screen.filterKey} {...screen.filterBar} fields={fields} />
      <Flex gap="3" wrap="wrap" align="center" justify="space-between" mb="3">
        <Flex role="group" aria-label={t('reports.grouping')} gap="1.5">
          {REPORT_GROUPINGS.map((g) => (
            <Button
              key={g}
              size="sm"
              variant={g === grouping ? 'solid' : 'outline'}
              aria-pressed={g === grouping}
              onClick={() => screen.filterBar.onSearch({ ...screen.filters, grouping: g === 'day' ? '' : g })}
            >
              {t(`reports.groupings.${g}`)}
            </Button>
          ))}
        </Flex>
      </Flex>
      <Tabs.Root
        value={tab}
        onValueChange={(e) => setTab(e.value as 'list' | 'chart' | 'schedule')}
        lazyMount
      >
        <Tabs.List mb="4">
          <Tabs.Trigger value="list">{t('reports.tabs.list')}</Tabs.Trigger>
          <Tabs.Trigger value="chart">{t('reports.tabs.chart')}</Tabs.Trigger>
          <Tabs.Trigger value="schedule">{t('reports.schedule.tab')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="list">
          {page && valid && <Totals page={page} />}
          <DataTable
            label={t('reports.table')}
            columns={columns}
            rowKey={(r) => [r.period, r.companyId, r.branchUnitId ?? '', r.brand, r.currency].join('|')}
            {...screen.table}
            {...(user ? { columnsKey: columnPrefsKey(REPORT_LIST.path, user.operatorId) } : {})}
          />
          {screen.pager}
        </Tabs.Content>
        <Tabs.Content value="chart">
          <ReportChart filters={valid ? screen.filters : null} />
        </Tabs.Content>
        <Tabs.Content value="schedule">
          <ReportSchedules filters={valid ? screen.filters : null} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
