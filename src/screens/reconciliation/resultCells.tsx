import { Badge, Box, Button, Field, Flex, Stack, Text } from '@chakra-ui/react';
import { isException, type ReconResult } from '../../contract/reconciliation';
import { moneyIn } from '../../components/money';
import { textOr, type Translate } from '../../i18n/translator';
import { mono, OrderLink } from '../orders/orderColumns';
import { ResolutionText } from './reconCells';
import { OptionSelect } from '../../components/OptionSelect';

/** What a day's results show in their columns (ReconResults), and its filter selects. */

/** Our record: the order (its page linked), the refund, the company, amount, fee and status. */
export function Ours({ r, t }: { r: ReconResult; t: Translate }) {
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
export function StatementSide({ r, t }: { r: ReconResult; t: Translate }) {
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
export function Diff({ r, t }: { r: ReconResult; t: Translate }) {
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
export function ResolutionCell({
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

export function FilterSelect<V extends string>({
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
  // A visible label above the select (its text is the select's name too).
  return (
    <Field.Root width={{ base: 'full', sm: '14rem' }} gap="1">
      <Field.Label fontSize="sm">{label}</Field.Label>
      <OptionSelect
        root={{ size: 'sm' }}
        value={value}
        onChange={(e) => onChange(options.find((o) => o.value === e.currentTarget.value)?.value ?? value)}
        options={options}
      />
    </Field.Root>
  );
}
