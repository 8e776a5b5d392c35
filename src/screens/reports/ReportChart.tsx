import { useId, useState } from 'react';
import {
  Box,
  Button,
  Card,
  Checkbox,
  Flex,
  Heading,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import {
  REPORT_MEASURES,
  type ReportMeasure,
  type ReportSeries,
  type ReportSeriesReply,
} from '../../contract/reports';
import { useT } from '../../app/i18n';
import { useLoad } from '../../app/useLoad';
import { Chart, type ChartSeries } from '../../components/charts/Chart';
import { LoadFailed } from '../../components/LoadFailed';
import { OptionSelect } from '../../components/OptionSelect';
import { useMoney } from '../../components/money';
import { reportSeries } from '../../services/reports';

const COUNTS: readonly ReportMeasure[] = ['paidCount', 'orders'];

/** A day reads as MM-dd on the axis (the year is in the period above it); a month as it is. */
const axisLabel = (period: string) => (period.length === 10 ? period.slice(5) : period);

/**
 * The summary list's figures as a chart per currency (never summed across currencies): the
 * measure and the kind (lines or bars) switchable, the period before on demand (the same number
 * of days just before, each of its periods beside the one at the same place). Each chart has its
 * numbers in a table for screen readers. `filters`: the list's, from the URL (null while the list
 * refuses them).
 */
export function ReportChart({ filters }: { filters: Record<string, string> | null }) {
  const t = useT();
  const [measure, setMeasure] = useState<ReportMeasure>('paidAmount');
  const [kind, setKind] = useState<'line' | 'bar'>('bar');
  const [compare, setCompare] = useState(false);
  const key = JSON.stringify(filters);
  const load = useLoad(
    () => (filters ? reportSeries(filters, compare) : Promise.resolve(null)),
    [key, compare],
  );
  const measureId = useId();
  const reply = load.data;

  if (!filters) return null;
  return (
    <Stack gap="4">
      <Flex gap="4" wrap="wrap" align="end">
        <Box>
          <Text asChild fontSize="sm" display="block" mb="1">
            <label htmlFor={measureId}>{t('reports.measure')}</label>
          </Text>
          <OptionSelect
            id={measureId}
            root={{ size: 'sm', width: '14rem' }}
            value={measure}
            options={REPORT_MEASURES.map((m) => ({ value: m, label: t(`reports.measures.${m}`) }))}
            onChange={(e) => setMeasure(e.currentTarget.value as ReportMeasure)}
          />
        </Box>
        <Flex role="group" aria-label={t('reports.chartKind')} gap="1.5">
          {(['bar', 'line'] as const).map((k) => (
            <Button
              key={k}
              size="sm"
              variant={k === kind ? 'solid' : 'outline'}
              aria-pressed={k === kind}
              onClick={() => setKind(k)}
            >
              {t(`reports.chartKinds.${k}`)}
            </Button>
          ))}
        </Flex>
        <Checkbox.Root checked={compare} onCheckedChange={(e) => setCompare(e.checked === true)} size="sm">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('reports.compare')}</Checkbox.Label>
        </Checkbox.Root>
      </Flex>
      {load.status === 'failed' ? (
        <LoadFailed message={load.error} onRetry={load.reload} />
      ) : !reply ? (
        <Skeleton height="72" aria-busy="true" />
      ) : reply.currencies.length === 0 ? (
        <Text color="fg.muted">{t('dashboard.empty')}</Text>
      ) : (
        <Stack gap="4" aria-busy={load.status === 'loading'} opacity={load.status === 'loading' ? 0.6 : 1}>
          {reply.previousFrom && (
            <Text fontSize="sm" color="fg.muted">
              {t('reports.compared', {
                from: reply.from,
                to: reply.to,
                previousFrom: reply.previousFrom,
                previousTo: reply.previousTo,
              })}
            </Text>
          )}
          <SimpleGrid columns={{ base: 1, xl: reply.currencies.length > 1 ? 2 : 1 }} gap="4">
            {reply.currencies.map((c) => (
              <CurrencyChart key={c.currency} reply={reply} series={c} measure={measure} kind={kind} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

function CurrencyChart({
  reply,
  series,
  measure,
  kind,
}: {
  reply: ReportSeriesReply;
  series: ReportSeries;
  measure: ReportMeasure;
  kind: 'line' | 'bar';
}) {
  const t = useT();
  const money = useMoney();
  const counted = COUNTS.includes(measure);
  const show = (v: number) => (counted ? v.toLocaleString() : money(v, series.currency));
  const lines: ChartSeries[] = [
    {
      key: 'current',
      labelKey: 'reports.series.current',
      points: series.points.map((p) => ({ x: p.period, y: p[measure] })),
    },
  ];
  if (series.previous)
    lines.push({
      key: 'previous',
      labelKey: 'reports.series.previous',
      // Beside the period at the same place of the current window.
      points: series.previous.map((p, i) => ({ x: series.points[i]?.period ?? p.period, y: p[measure] })),
    });
  const headingId = `report-chart-${series.currency}`;
  return (
    <Card.Root as="section" aria-labelledby={headingId} data-currency={series.currency}>
      <Card.Header>
        <Heading as="h2" size="sm" id={headingId}>
          {t('reports.chartTitle', { measure: t(`reports.measures.${measure}`), currency: series.currency })}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Chart
          kind={kind}
          titleKey={`reports.measures.${measure}`}
          series={lines}
          {...(counted ? {} : { currency: series.currency })}
          formatX={(x) => axisLabel(String(x))}
        />
        <VisuallyHidden>
          <table>
            <caption>
              {t('reports.chartTitle', {
                measure: t(`reports.measures.${measure}`),
                currency: series.currency,
              })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('reports.columns.period')}</th>
                <th scope="col">{t('reports.series.current')}</th>
                {series.previous && <th scope="col">{t('reports.series.previous')}</th>}
              </tr>
            </thead>
            <tbody>
              {series.points.map((p, i) => (
                <tr key={p.period}>
                  <th scope="row">{p.period}</th>
                  <td>{show(p[measure])}</td>
                  {series.previous && (
                    <td>
                      {series.previous[i]?.period} {show(series.previous[i]?.[measure] ?? 0)}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
        {reply.grouping === 'month' && (
          <Text fontSize="xs" color="fg.muted" mt="1">
            {t('reports.monthsCut', { from: reply.from, to: reply.to })}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
