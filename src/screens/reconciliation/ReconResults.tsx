import { useState } from 'react';
import { Badge, Box, Button, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {
  RECON_WRITE_ROLES,
  RESULT_CODE_FILTERS,
  RESULT_STATES,
  isException,
  type ReconBrand,
  type ReconGroup,
  type ReconResult,
} from '../../contract/reconciliation';
import { useT } from '../../app/i18n';
import { SectionCard } from '../../components/SectionCard';
import { useSessionUser } from '../../app/session';
import type { Column } from '../../components/DataTable';
import { moneyIn } from '../../components/money';
import { textOr, type Translate } from '../../i18n';
import { PagedTable, usePagedLoad } from '../../lists/PagedTable';
import { reconResults } from '../../services/reconciliation';
import { mono, OrderLink } from '../orders/orderColumns';
import { CodeBadge, ResolutionText } from './reconCells';
import { ResolveDialog } from './ResolveDialog';

type CodeFilter = (typeof RESULT_CODE_FILTERS)[number];
type StateFilter = (typeof RESULT_STATES)[number];

/** Our record: the order (its page linked), the refund, the company, amount, fee and status. */
function Ours({ r, t }: { r: ReconResult; t: Translate }) {
  const money = moneyIn(t);
  if (!r.ours) return <Text color="fg.muted">{t('reconciliation.day.noOurs')}</Text>;
  const o = r.ours;
  return (
    <Stack gap="0.5" fontSize="sm" minW="0">
      <Box wordBreak="break-all">
        <OrderLink gatewayOrderNo={o.gatewayOrderNo} />
      </Box>
      {o.gatewayRefundNo && (
        <Text wordBreak="break-all">
          {t('reconciliation.day.refund')} {mono(o.gatewayRefundNo)}
        </Text>
      )}
      <Text>{o.companyName}</Text>
      <Text>
        {money(o.amount, o.currency)} · {t('settlements.detail.fee')} {money(o.fee, o.currency)}
      </Text>
      <Text color="fg.muted">{textOr(t, `orders.statuses.${o.status}`, o.status)}</Text>
    </Stack>
  );
}

/** The statement's row: its line, the brand's numbers, amount, fee and status as written. */
function StatementSide({ r, t }: { r: ReconResult; t: Translate }) {
  const money = moneyIn(t);
  if (!r.statement) return <Text color="fg.muted">{t('reconciliation.day.noStatementRow')}</Text>;
  const s = r.statement;
  return (
    <Stack gap="0.5" fontSize="sm" minW="0">
      <Text>
        {t('reconciliation.day.line', { line: s.line })} ·{' '}
        {t(s.kind === 'refund' ? 'reconciliation.day.refund' : 'reconciliation.day.payment')}
      </Text>
      {s.brandOrderNo && <Box wordBreak="break-all">{mono(s.brandOrderNo)}</Box>}
      {s.brandRefundNo && <Box wordBreak="break-all">{mono(s.brandRefundNo)}</Box>}
      <Text>
        {money(s.amount, s.currency)}
        {s.fee !== null && ` · ${t('settlements.detail.fee')} ${money(Math.abs(s.fee), s.currency)}`}
      </Text>
      <Text color="fg.muted">{s.statusRaw}</Text>
    </Stack>
  );
}

/** What differs, ours → the brand's. */
function Diff({ r, t }: { r: ReconResult; t: Translate }) {
  const money = moneyIn(t);
  const d = r.diff;
  if (!d) return null;
  const currency = r.ours?.currency ?? r.statement?.currency ?? '';
  const lines = [
    d.status && `${t('fields.status')}: ${d.status.ours} → ${d.status.brand}`,
    d.amount &&
      `${t('orders.amount')}: ${money(d.amount.ours, currency)} → ${money(d.amount.brand, currency)}`,
    d.currency && `${t('fields.currency')}: ${d.currency.ours} → ${d.currency.brand}`,
    d.fee &&
      `${t('settlements.detail.fee')}: ${money(d.fee.ours, currency)} → ${money(d.fee.brand, currency)}`,
  ].filter(Boolean);
  return (
    <Stack gap="0.5" fontSize="sm" color="red.700">
      {lines.map((l) => (
        <Text key={String(l)}>{l}</Text>
      ))}
    </Stack>
  );
}

/** The resolution (decision, comment, who and when), or the open mark and the Resolve button. */
function ResolutionCell({
  r,
  t,
  onResolve,
}: {
  r: ReconResult;
  t: Translate;
  onResolve: (() => void) | null;
}) {
  if (r.resolution) return <ResolutionText resolution={r.resolution} />;
  if (!isException(r.code)) return null;
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <Badge colorPalette="red" variant="subtle">
        {t('reconciliation.day.open')}
      </Badge>
      {onResolve && (
        <Button size="xs" onClick={onResolve}>
          {t('reconciliation.day.resolve')}
        </Button>
      )}
    </Flex>
  );
}

function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (v: V) => void;
}) {
  return (
    <NativeSelect.Root size="sm" width={{ base: 'full', sm: '14rem' }}>
      <NativeSelect.Field
        aria-label={label}
        value={value}
        onChange={(e) => onChange(options.find((o) => o.value === e.currentTarget.value)?.value ?? value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * A brand-day's current results, a page at a time: filtered by code (every exception, held, one
 * code) and by open / resolved; resolved ones stay listed, marked. Who may resolve
 * (RECON_WRITE_ROLES) resolves an open exception in the dialog.
 */
export function ReconResults({
  group,
  brand,
  day,
  onResolved,
}: {
  group: ReconGroup;
  brand: ReconBrand;
  day: string;
  onResolved: () => void;
}) {
  const t = useT();
  const user = useSessionUser();
  const mayResolve = Boolean(user && RECON_WRITE_ROLES.includes(user.operatorType));
  const [code, setCode] = useState<CodeFilter>('exceptions');
  const [state, setState] = useState<StateFilter>('');
  const [resolving, setResolving] = useState<ReconResult | null>(null);
  const [version, setVersion] = useState(0);
  const paged = usePagedLoad(
    (paging) => reconResults(group, { brand, day, code, state, ...paging }),
    [group, brand, day, code, state, version],
  );
  const codeOptions = RESULT_CODE_FILTERS.map((value) => ({
    value,
    label:
      value === ''
        ? t('reconciliation.day.all')
        : value === 'exceptions' || value === 'held'
          ? t(`reconciliation.day.codeFilters.${value}`)
          : `${value} ${textOr(t, `orders.auditResults.${value}`, value)}`,
  }));
  const stateOptions = RESULT_STATES.map((value) => ({
    value,
    label: value === '' ? t('reconciliation.day.all') : t(`reconciliation.day.stateFilters.${value}`),
  }));
  const columns: Column<ReconResult>[] = [
    {
      key: 'code',
      header: t('reconciliation.list.code'),
      priority: 1,
      cell: (r) => <CodeBadge code={r.code} />,
    },
    {
      key: 'ours',
      header: t('reconciliation.day.ours'),
      priority: 1,
      minW: '12rem',
      cell: (r) => <Ours r={r} t={t} />,
    },
    {
      key: 'statement',
      header: t('reconciliation.day.statement'),
      priority: 2,
      minW: '11rem',
      cell: (r) => <StatementSide r={r} t={t} />,
    },
    { key: 'diff', header: t('reconciliation.day.diff'), priority: 1, cell: (r) => <Diff r={r} t={t} /> },
    {
      key: 'resolution',
      header: t('reconciliation.day.stateFilter'),
      priority: 1,
      minW: '10rem',
      cell: (r) => (
        <ResolutionCell
          r={r}
          t={t}
          onResolve={mayResolve && isException(r.code) && !r.resolution ? () => setResolving(r) : null}
        />
      ),
    },
  ];
  return (
    <SectionCard gap="3" title={t('reconciliation.day.results')}>
      <Flex gap="2" wrap="wrap">
        <FilterSelect
          label={t('reconciliation.day.codeFilter')}
          value={code}
          options={codeOptions}
          onChange={(v) => {
            setCode(v);
            paged.setPageNum(1);
          }}
        />
        <FilterSelect
          label={t('reconciliation.day.stateFilter')}
          value={state}
          options={stateOptions}
          onChange={(v) => {
            setState(v);
            paged.setPageNum(1);
          }}
        />
      </Flex>
      <PagedTable
        paged={paged}
        label={t('reconciliation.day.results')}
        columns={columns}
        rowKey={(r) => r.id}
        empty={t('reconciliation.day.noResults')}
      />
      {resolving && (
        <ResolveDialog
          group={group}
          result={resolving}
          onClose={() => setResolving(null)}
          onResolved={() => {
            setResolving(null);
            setVersion((v) => v + 1);
            onResolved();
          }}
        />
      )}
    </SectionCard>
  );
}
