import { useState } from 'react';
import { Badge, Box, Button, Card, Checkbox, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { REPORT_FREQUENCIES, type ReportFrequency, type ReportSubscriptionRow } from '../../contract/reports';
import { useT } from '../../app/i18n';
import { useSessionUser } from '../../app/session';
import { showSuccess } from '../../app/toaster';
import { useLoad } from '../../app/useLoad';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../../components/format';
import { FormDialog } from '../../components/FormDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { OptionSelect } from '../../components/OptionSelect';
import {
  reportSubscriptions,
  saveDelivery,
  subscribeReport,
  unsubscribeReport,
} from '../../services/reports';
import { textOr, type Translate } from '../../i18n/translator';

/** The filters a subscription keeps, read from the list's (the period is each delivery's). */
const KEPT = ['grouping', 'companyId', 'branchUnitId', 'brand', 'currency'] as const;

/** What a subscription's filters select, in words. */
function describe(t: Translate, s: ReportSubscriptionRow): string {
  const parts = [
    s.companyName,
    s.branchUnitName,
    s.filters.brand ? textOr(t, `orders.brands.${s.filters.brand}`, s.filters.brand) : null,
    s.filters.currency || null,
    s.filters.grouping === 'month' ? t('reports.groupings.month') : null,
  ].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(' · ') : t('reports.schedule.allFilters');
}

const STATE_COLOURS = { pending: 'gray', ready: 'green', failed: 'red', sent: 'green' } as const;

/**
 * Scheduled reports (docs/reports.md): subscribe the list's current filters daily, weekly or
 * monthly, and the caller's subscriptions with their delivered files to download. `filters`: the
 * list's, from the URL (null while the list refuses them: nothing can be subscribed then).
 */
export function ReportSchedules({ filters }: { filters: Record<string, string> | null }) {
  const t = useT();
  const user = useSessionUser();
  const subs = useLoad(reportSubscriptions, []);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [frequency, setFrequency] = useState<ReportFrequency>('daily');
  const [format, setFormat] = useState<'csv' | 'xlsx'>('xlsx');
  const [email, setEmail] = useState(false);
  const [removing, setRemoving] = useState<ReportSubscriptionRow | null>(null);

  const submit = async () => {
    if (!filters) return;
    setBusy(true);
    try {
      const kept = Object.fromEntries(KEPT.map((k) => [k, filters[k] ?? '']));
      await subscribeReport({ ...kept, frequency, format, email: email && Boolean(user?.email) });
      showSuccess(t('server.reports.subscribed'));
      setOpen(false);
      subs.reload();
    } catch {
      // The client has shown the reason; the dialog stays.
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await unsubscribeReport(removing.id);
      showSuccess(t('server.reports.unsubscribed'));
      setRemoving(null);
      subs.reload();
    } catch {
      // Shown by the client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Text fontSize="sm" color="fg.muted" maxW="48rem">
          {t('reports.schedule.intro')}
        </Text>
        <Button size="sm" disabled={!filters} onClick={() => setOpen(true)}>
          {t('reports.schedule.subscribe')}
        </Button>
      </Flex>
      {subs.status === 'failed' ? (
        <LoadFailed message={subs.error} onRetry={subs.reload} />
      ) : subs.data && subs.data.length === 0 ? (
        <Text color="fg.muted">{t('reports.schedule.none')}</Text>
      ) : (
        (subs.data ?? []).map((s) => (
          <Card.Root key={s.id} size="sm" as="section" aria-labelledby={`subscription-${s.id}`}>
            <Card.Header>
              <Flex gap="2" wrap="wrap" align="center" justify="space-between">
                <Box>
                  <Heading as="h2" size="sm" id={`subscription-${s.id}`}>
                    {t(`reports.schedule.frequencies.${s.frequency}`)} · {s.format.toUpperCase()}
                    {s.email ? ` · ${t('fields.email')}` : ''}
                  </Heading>
                  <Text fontSize="sm" color="fg.muted">
                    {t('reports.schedule.filters')}: {describe(t, s)} ·{' '}
                    {t('reports.schedule.created', { at: formatDateTime(s.createdAt) })}
                  </Text>
                </Box>
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRemoving(s)}>
                  {t('reports.schedule.remove')}
                </Button>
              </Flex>
            </Card.Header>
            <Card.Body>
              {s.deliveries.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('reports.schedule.noDeliveries', { period: periodText(t, s.startsOn, s.firstPeriodTo) })}
                </Text>
              ) : (
                <Box overflowX="auto">
                  <Table.Root size="sm" aria-label={t('reports.schedule.deliveries')}>
                    <Table.Body>
                      {s.deliveries.map((d) => (
                        <Table.Row key={d.id}>
                          <Table.Cell whiteSpace="nowrap">
                            {periodText(t, d.periodFrom, d.periodTo)}
                          </Table.Cell>
                          <Table.Cell>
                            <Badge colorPalette={STATE_COLOURS[d.state]} variant="subtle">
                              {t(`reports.schedule.states.${d.state}`)}
                            </Badge>
                            {d.emailState && (
                              <Badge ms="1.5" colorPalette={STATE_COLOURS[d.emailState]} variant="outline">
                                {t(`reports.schedule.emailStates.${d.emailState}`)}
                              </Badge>
                            )}
                          </Table.Cell>
                          <Table.Cell textAlign="end">
                            {d.state === 'ready' && (
                              <Button
                                size="xs"
                                variant="outline"
                                aria-label={`${t('reports.schedule.download')} ${d.fileName ?? ''}`}
                                onClick={() => void saveDelivery(d.id).catch(() => undefined)}
                              >
                                {t('reports.schedule.download')}
                              </Button>
                            )}
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Box>
              )}
            </Card.Body>
          </Card.Root>
        ))
      )}
      <FormDialog
        open={open}
        title={t('reports.schedule.dialogTitle')}
        busy={busy}
        size="md"
        onClose={() => setOpen(false)}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Choice
          label={t('reports.schedule.frequency')}
          value={frequency}
          options={REPORT_FREQUENCIES.map((f) => ({
            value: f,
            label: t(`reports.schedule.frequencies.${f}`),
          }))}
          onChange={(v) => setFrequency(v as ReportFrequency)}
        />
        <Choice
          label={t('reports.schedule.format')}
          value={format}
          options={[
            { value: 'xlsx', label: 'Excel (.xlsx)' },
            { value: 'csv', label: 'CSV' },
          ]}
          onChange={(v) => setFormat(v as 'csv' | 'xlsx')}
        />
        {user?.email ? (
          <Checkbox.Root checked={email} onCheckedChange={(e) => setEmail(e.checked === true)} size="sm">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('reports.schedule.email', { email: user.email })}</Checkbox.Label>
          </Checkbox.Root>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {t('reports.schedule.emailUnavailable')}
          </Text>
        )}
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        title={t('reports.schedule.remove')}
        body={t('reports.schedule.removeConfirm')}
        confirmLabel={t('reports.schedule.remove')}
        tone="danger"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => !busy && setRemoving(null)}
      />
    </Stack>
  );
}

/** A period as a day, or its first and last day as the reader's language writes a span. */
const periodText = (t: Translate, from: string, to: string) =>
  from === to ? from : t('reports.schedule.span', { from, to });

/** A labelled select of the dialog. */
function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Box as="label" display="block">
      <Text fontSize="sm" mb="1">
        {label}
      </Text>
      <OptionSelect
        root={{ size: 'sm' }}
        value={value}
        options={options}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </Box>
  );
}
