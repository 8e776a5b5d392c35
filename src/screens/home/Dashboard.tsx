import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { Link, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import {
  DASHBOARD_WINDOWS,
  PROOF_STATES,
  type CurrencyFigures,
  type DashboardReply,
  type DashboardWindow,
  type Measures,
} from '../../contract/reports';
import { useT } from '../../app/i18n';
import { useLoad } from '../../app/useLoad';
import { Chart } from '../../components/charts/Chart';
import { formatDateTime } from '../../components/format';
import { LoadFailed } from '../../components/LoadFailed';
import { useMoney } from '../../components/money';
import { loadDashboard } from '../../services/reports';
import type { Translate } from '../../i18n/translator';
import { PROOF_COLOURS } from '../reports/proof';

const isWindow = (w: string | null): w is DashboardWindow => DASHBOARD_WINDOWS.includes(w as DashboardWindow);

/**
 * The home dashboard (docs/reports.md): the window's figures per currency against the period
 * before, how far the gross is proven, the trend, brands, top organisations and what waits for
 * the user. The window is in the URL (`?window=days7`), so a view can be shared and reloaded.
 */
export function Dashboard() {
  const t = useT();
  const search = useSearch();
  const asked = new URLSearchParams(search).get('window');
  const window: DashboardWindow = isWindow(asked) ? asked : 'today';
  const figures = useLoad(() => loadDashboard(window), [window]);
  const d = figures.data;

  return (
    <Stack gap="4" mb="6">
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Flex role="group" aria-label={t('dashboard.windowLabel')} gap="1.5" wrap="wrap">
          {DASHBOARD_WINDOWS.map((w) => (
            <Button
              key={w}
              size="sm"
              variant={w === window ? 'solid' : 'outline'}
              aria-pressed={w === window}
              onClick={() => navigate(w === 'today' ? '/' : `/?window=${w}`)}
            >
              {t(`dashboard.windows.${w}`)}
            </Button>
          ))}
        </Flex>
        {d && (
          <Text fontSize="sm" color="fg.muted">
            {d.previousUntil
              ? t('dashboard.descriptionToday', {
                  from: d.from,
                  zone: d.timeZone,
                  asOf: formatDateTime(d.asOf),
                  previousUntil: formatDateTime(d.previousUntil),
                })
              : t('dashboard.description', {
                  from: d.from,
                  to: d.to,
                  zone: d.timeZone,
                  asOf: formatDateTime(d.asOf),
                  previousFrom: d.previousFrom,
                  previousTo: d.previousTo,
                })}
          </Text>
        )}
      </Flex>
      {figures.status === 'failed' ? (
        <LoadFailed message={figures.error} onRetry={figures.reload} />
      ) : !d ? (
        <Skeleton height="48" aria-busy="true" />
      ) : (
        // The previous window's figures stay while another loads, dimmed and marked busy.
        <Stack
          gap="4"
          aria-busy={figures.status === 'loading'}
          opacity={figures.status === 'loading' ? 0.6 : 1}
          data-window={d.window}
        >
          <Attention reply={d} />
          {d.currencies.length === 0 ? (
            <Text color="fg.muted">{t('dashboard.empty')}</Text>
          ) : (
            d.currencies.map((c) => <CurrencyCard key={c.currency} reply={d} figures={c} />)
          )}
        </Stack>
      )}
    </Stack>
  );
}

function Attention({ reply }: { reply: DashboardReply }) {
  const t = useT();
  if (reply.attention.length === 0) return null;
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Heading as="h2" size="sm">
          {t('dashboard.attention')}
        </Heading>
      </Card.Header>
      <Card.Body>
        {reply.attention.every((a) => a.count === 0) ? (
          <Text color="fg.muted">{t('dashboard.attentionNone')}</Text>
        ) : (
          <Flex as="ul" gap="4" wrap="wrap" listStyleType="none">
            {reply.attention.map((a) => (
              <li key={a.key}>
                <Link href={a.href}>
                  <Flex gap="2" align="center" textDecoration="underline">
                    <span>{t(`dashboard.attentionItems.${a.key}`)}</span>
                    <Badge colorPalette={a.count > 0 ? 'orange' : 'gray'}>
                      {t('dashboard.count', { count: a.count })}
                    </Badge>
                  </Flex>
                </Link>
              </li>
            ))}
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** +12.5% / −3.0%: the change from `previous` to `current`, or null when there was nothing before. */
function change(current: number, previous: number): string | null {
  if (previous === 0) return null;
  const pct = ((current - previous) / Math.abs(previous)) * 100;
  if (Math.abs(pct) < 0.05) return '±0%';
  return `${pct > 0 ? '+' : '−'}${Math.abs(pct).toFixed(1)}%`;
}

interface TileSpec {
  key: 'gross' | 'refunds' | 'net' | 'count' | 'successRate' | 'averageTicket';
  value: (m: Measures) => number | null;
  format: 'money' | 'count' | 'percent';
  href?: string;
}

function tiles(reply: DashboardReply): TileSpec[] {
  const range = `beginTime=${reply.from}&endTime=${reply.to}`;
  return [
    { key: 'gross', value: (m) => m.paidAmount, format: 'money', href: `/history/order?${range}&status=0` },
    {
      key: 'refunds',
      value: (m) => m.refundAmount,
      format: 'money',
      href: `/history/refund?${range}&status=success`,
    },
    { key: 'net', value: (m) => m.paidAmount - m.refundAmount, format: 'money' },
    { key: 'count', value: (m) => m.paidCount, format: 'count', href: `/history/order?${range}&status=0` },
    {
      key: 'successRate',
      value: (m) => (m.orders > 0 ? m.paidCount / m.orders : null),
      format: 'percent',
      href: `/history/order?${range}`,
    },
    {
      key: 'averageTicket',
      value: (m) => (m.paidCount > 0 ? Math.round(m.paidAmount / m.paidCount) : null),
      format: 'money',
    },
  ];
}

function CurrencyCard({ reply, figures }: { reply: DashboardReply; figures: CurrencyFigures }) {
  const t = useT();
  const money = useMoney();
  const show = (v: number | null, format: TileSpec['format']) =>
    v === null
      ? '—'
      : format === 'money'
        ? money(v, figures.currency)
        : format === 'percent'
          ? `${(v * 100).toFixed(1)}%`
          : v.toLocaleString();
  const headingId = `dashboard-${figures.currency}`;
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Heading as="h2" size="md" id={headingId}>
          {t('dashboard.currency', { currency: figures.currency })}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <SimpleGrid as="dl" columns={{ base: 2, md: 3, xl: 6 }} gap="3">
            {tiles(reply).map((tile) => {
              const now = tile.value(figures.current);
              const before = tile.value(figures.previous);
              const delta = now !== null && before !== null ? change(now, before) : null;
              const value = show(now, tile.format);
              return (
                <Box key={tile.key} borderWidth="1px" borderRadius="md" p="3" minW="0">
                  <Text as="dt" fontSize="sm" color="fg.muted">
                    {t(`dashboard.tiles.${tile.key}`)}
                  </Text>
                  <Text
                    as="dd"
                    fontSize="xl"
                    fontWeight="semibold"
                    data-tile={tile.key}
                    overflowWrap="anywhere"
                  >
                    {tile.href ? (
                      <Link href={tile.href} title={t('dashboard.openHistory')}>
                        {value}
                      </Link>
                    ) : (
                      value
                    )}
                  </Text>
                  <Text
                    as="dd"
                    fontSize="xs"
                    color={
                      delta?.startsWith('+') ? 'green.700' : delta?.startsWith('−') ? 'red.700' : 'fg.muted'
                    }
                    title={t('dashboard.previousValue', { value: show(before, tile.format) })}
                  >
                    {delta === null
                      ? t('dashboard.noPrevious')
                      : delta === '±0%'
                        ? t('dashboard.noChange')
                        : t('dashboard.change', { change: delta })}
                  </Text>
                </Box>
              );
            })}
          </SimpleGrid>
          <ProofLine reply={reply} figures={figures} />
          <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" alignItems="start">
            <Box gridColumn={{ lg: 'span 2' }} minW="0">
              <Trend reply={reply} figures={figures} />
            </Box>
            <Stack gap="4" minW="0">
              <Brands figures={figures} />
              <Top reply={reply} figures={figures} />
            </Stack>
          </SimpleGrid>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The gross by proof state: a bar of four parts and the amounts in words. */
function ProofLine({ reply, figures }: { reply: DashboardReply; figures: CurrencyFigures }) {
  const t = useT();
  const money = useMoney();
  const total = figures.current.paidAmount;
  return (
    <Box>
      <Heading as="h3" size="sm" mb="1">
        {t('dashboard.proofTitle')}
      </Heading>
      <Text fontSize="xs" color="fg.muted" mb="2">
        {t('dashboard.proofHelp')}
      </Text>
      <Flex h="3" borderRadius="full" overflow="hidden" bg="bg.muted" aria-hidden="true">
        {PROOF_STATES.map((p) =>
          total > 0 && figures.paidProof[p] > 0 ? (
            <Box key={p} bg={PROOF_COLOURS[p]} flexGrow={figures.paidProof[p]} flexBasis="0" />
          ) : null,
        )}
      </Flex>
      <Flex as="ul" gap="4" wrap="wrap" mt="2" listStyleType="none" fontSize="sm">
        {PROOF_STATES.map((p) => (
          <Flex as="li" key={p} gap="1.5" align="center" data-proof={p}>
            <Box w="2.5" h="2.5" borderRadius="sm" bg={PROOF_COLOURS[p]} aria-hidden="true" />
            <span>{t(`dashboard.proof.${p}`)}</span>
            {/* The paid orders on that rung: the transaction history, filtered (its export sums to this). */}
            <Link
              href={`/history/order?beginTime=${reply.from}&endTime=${reply.to}&status=0&proof=${p}`}
              title={t('dashboard.openHistory')}
            >
              <Text as="span" fontWeight="semibold">
                {money(figures.paidProof[p], figures.currency)}
              </Text>
            </Link>
          </Flex>
        ))}
      </Flex>
      {figures.current.refundAmount > 0 && (
        <Text fontSize="sm" color="fg.muted" mt="1">
          {t('dashboard.refundProof', {
            amount: money(figures.current.refundAmount, figures.currency),
            settled: money(figures.refundProof.settled, figures.currency),
            paidOut: money(figures.refundProof.paidOut, figures.currency),
          })}
        </Text>
      )}
    </Box>
  );
}

const hourOf = (at: string) => (at.includes('T') ? `${at.slice(11, 13)}:00` : at.slice(5));

function Trend({ reply, figures }: { reply: DashboardReply; figures: CurrencyFigures }) {
  const t = useT();
  const money = useMoney();
  const hourly = reply.window === 'today';
  const titleKey = hourly ? 'dashboard.trendHourly' : 'dashboard.trendDaily';
  return (
    <Box>
      <Heading as="h3" size="sm" mb="2">
        {t(titleKey)}
      </Heading>
      <Chart
        kind="bar"
        titleKey={titleKey}
        currency={figures.currency}
        formatX={(x) => hourOf(String(x))}
        series={[
          {
            key: 'paid',
            labelKey: 'dashboard.series.paid',
            points: figures.trend.map((p) => ({ x: p.at, y: p.paidAmount })),
          },
          {
            key: 'refunded',
            labelKey: 'dashboard.series.refunded',
            points: figures.trend.map((p) => ({ x: p.at, y: p.refundAmount })),
          },
        ]}
      />
      <VisuallyHidden>
        <TrendTable t={t} figures={figures} money={money} />
      </VisuallyHidden>
    </Box>
  );
}

function TrendTable({
  t,
  figures,
  money,
}: {
  t: Translate;
  figures: CurrencyFigures;
  money: (v: number, c: string) => string;
}) {
  return (
    <table>
      <caption>{t('dashboard.trendTable')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('dashboard.at')}</th>
          <th scope="col">{t('dashboard.series.paid')}</th>
          <th scope="col">{t('dashboard.series.refunded')}</th>
        </tr>
      </thead>
      <tbody>
        {figures.trend.map((p) => (
          <tr key={p.at}>
            <th scope="row">{p.at}</th>
            <td>{money(p.paidAmount, figures.currency)}</td>
            <td>{money(p.refundAmount, figures.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Brands({ figures }: { figures: CurrencyFigures }) {
  const t = useT();
  const money = useMoney();
  if (figures.byBrand.length === 0) return null;
  return (
    <Box>
      <Heading as="h3" size="sm" mb="2">
        {t('dashboard.byBrand')}
      </Heading>
      <Table.Root size="sm">
        <Table.Body>
          {figures.byBrand.map((b) => (
            <Table.Row key={b.brand}>
              <Table.Cell>{b.brand ? t(`orders.brands.${b.brand}`) : t('orders.brandNotChosen')}</Table.Cell>
              <Table.Cell textAlign="end">{t('dashboard.payments', { count: b.paidCount })}</Table.Cell>
              <Table.Cell textAlign="end">{money(b.paidAmount, figures.currency)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function Top({ reply, figures }: { reply: DashboardReply; figures: CurrencyFigures }) {
  const t = useT();
  const money = useMoney();
  if (figures.top.length === 0) return null;
  return (
    <Box>
      <Heading as="h3" size="sm" mb="2">
        {t(reply.topKind === 'branches' ? 'dashboard.topBranches' : 'dashboard.topCompanies')}
      </Heading>
      <Table.Root size="sm">
        <Table.Body>
          {figures.top.map((o) => (
            <Table.Row key={o.id}>
              <Table.Cell>{o.name}</Table.Cell>
              <Table.Cell textAlign="end">{money(o.paidAmount, figures.currency)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
