import { useState } from 'react';
import { Badge, Button, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import {
  AUDIT_CODES,
  RECON_CHECK_ROUTES,
  RECON_GROUP_BRANDS,
  type ReconBrand,
  type ReconGroup,
  type ReconRun,
} from '../../contract/reconciliation';
import { isCalendarDay } from '../../contract/paging';
import { useT } from '../../app/i18n';
import { FactTable } from '../../components/FactTable';
import { SectionCard, SectionColumns } from '../../components/SectionCard';
import { useLoad } from '../../app/useLoad';
import { InfoList } from '../../components/InfoList';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { TopProgress } from '../../components/TopProgress';
import { formatDateTime } from '../../components/format';
import { reconRuns } from '../../services/reconciliation';
import NotFound from '../errors/NotFound';
import { brandText } from '../orders/brandText';
import { CodeBadge, CountBadges, DayStateBadge, refusalText, RunStatusBadge } from './reconCells';
import { ReconResults } from './ReconResults';

/** The run's file, or its files one a line: each with its currency and whether it was refused. */
function RunFiles({ run }: { run: ReconRun }) {
  if (run.files.length <= 1) return <>{run.fileName}</>;
  return (
    <Stack gap="1">
      {run.files.map((f) => (
        <Flex key={`${f.fileName} ${f.hashPrefix}`} gap="2" align="baseline">
          {f.currency && (
            <Badge variant="outline" colorPalette="gray" flexShrink={0}>
              {f.currency}
            </Badge>
          )}
          <Text wordBreak="break-all" minW="0">
            {f.fileName}
          </Text>
          {f.refused && <RunStatusBadge status="refused" />}
        </Flex>
      ))}
    </Stack>
  );
}

/** The current run's facts: where the file came from, when it was matched, its status or refusal. */
function RunFacts({ run }: { run: ReconRun }) {
  const t = useT();
  return (
    <SectionCard gap="3" title={t('reconciliation.day.run')}>
      <InfoList
        items={[
          { label: t('reconciliation.state'), value: <DayStateBadge state={run.state} /> },
          ...(run.status === 'refused'
            ? [{ label: t('reconciliation.day.refusal'), value: refusalText(t, run) }]
            : []),
          { label: t('reconciliation.source'), value: t(`reconciliation.sources.${run.source}`) },
          { label: t('reconciliation.fileName'), value: <RunFiles run={run} /> },
          { label: t('reconciliation.day.hash'), value: run.hashPrefix },
          { label: t('reconciliation.day.rowCount'), value: String(run.rowCount) },
          { label: t('reconciliation.finishedAt'), value: formatDateTime(run.finishedAt) },
          { label: t('reconciliation.day.holdingUntil'), value: formatDateTime(run.holdingUntil) },
        ]}
      />
    </SectionCard>
  );
}

/**
 * The caller's results of the current run per code, how many exceptions are open and how many of
 * ours wait for the statement: no green "0 open" while some wait.
 */
function Summary({ run }: { run: ReconRun }) {
  const t = useT();
  return (
    <SectionCard gap="3" title={t('reconciliation.day.summary')}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
        {AUDIT_CODES.map((c) => (
          <Flex key={c} justify="space-between" gap="2" align="center">
            <CodeBadge code={c} />
            <Text fontWeight="medium">{run.counts[`${c}`]}</Text>
          </Flex>
        ))}
        <Flex justify="space-between" gap="2" align="center">
          <CodeBadge code={null} />
          <Text fontWeight="medium">{run.counts.held}</Text>
        </Flex>
      </SimpleGrid>
      <Flex gap="4" align="center" wrap="wrap">
        <Flex gap="2" align="center">
          <Text>{t('reconciliation.list.open')}</Text>
          <Badge
            colorPalette={run.open > 0 ? 'red' : run.counts.held > 0 ? 'gray' : 'green'}
            variant={run.open > 0 || run.counts.held === 0 ? 'solid' : 'subtle'}
          >
            {run.open}
          </Badge>
        </Flex>
        {run.counts.held > 0 && (
          <Flex gap="2" align="center">
            <Text>{t('reconciliation.dayStates.waiting')}</Text>
            <Badge colorPalette="orange" variant="subtle">
              {run.counts.held}
            </Badge>
          </Flex>
        )}
      </Flex>
    </SectionCard>
  );
}

/** Every run of the brand-day, newest first: the current one and those a later file replaced. */
function RunHistory({ runs }: { runs: ReconRun[] }) {
  const t = useT();
  return (
    <SectionCard gap="3" title={t('reconciliation.day.runs')}>
      <FactTable
        label={t('reconciliation.day.runs')}
        rows={runs}
        rowKey={(r) => r.id}
        columns={[
          {
            header: t('reconciliation.finishedAt'),
            // The time on one line, the current / replaced mark beside it or below when narrow.
            cell: (r) => (
              <Flex gap="1" wrap="wrap" align="center">
                <Text as="span" whiteSpace="nowrap">
                  {formatDateTime(r.finishedAt)}
                </Text>
                <Badge colorPalette={r.current ? 'blue' : 'gray'} variant="subtle">
                  {t(r.current ? 'reconciliation.day.current' : 'reconciliation.day.replaced')}
                </Badge>
              </Flex>
            ),
            style: { whiteSpace: 'normal', minW: '10rem' },
          },
          { header: t('reconciliation.state'), cell: (r) => <DayStateBadge state={r.state} /> },
          {
            header: t('reconciliation.source'),
            cell: (r) => t(`reconciliation.sources.${r.source}`),
            style: { whiteSpace: 'normal', minW: '6rem' },
          },
          {
            header: t('reconciliation.fileName'),
            cell: (r) => r.fileName,
            // A table cell does not wrap by default: a long name (several files' joined) breaks.
            style: { whiteSpace: 'normal', wordBreak: 'break-all', minW: '10rem' },
          },
          {
            header: t('reconciliation.day.hash'),
            cell: (r) => r.hashPrefix,
            style: { fontFamily: 'mono', fontSize: 'xs' },
          },
          {
            header: t('reconciliation.list.counts'),
            cell: (r) => <CountBadges counts={r.counts} />,
            style: { whiteSpace: 'normal', minW: '12rem' },
          },
        ]}
      />
    </SectionCard>
  );
}

/**
 * A brand-day's reconciliation (/history/walletCheck/wechat/2026-11-02): the current run's facts,
 * the results per code, the results themselves (each linked to its order; exceptions resolved
 * here by the platform's roles) and the run history. The counts are the caller's rows only.
 */
export function ReconDay({ group, param }: { group: ReconGroup; param: string }) {
  const t = useT();
  const [brandPart, day = ''] = param.split('/');
  const brands: readonly string[] = RECON_GROUP_BRANDS[group];
  const valid = brands.includes(brandPart) && isCalendarDay(day);
  const brand = brandPart as ReconBrand;
  const [version, setVersion] = useState(0);
  const load = useLoad(
    () => (valid ? reconRuns(group, { brand, day }) : Promise.resolve(null)),
    [group, brand, day, valid, version],
  );
  if (!valid) return <NotFound inShell />;
  if (load.status === 'failed' && !load.data)
    return <LoadFailed message={load.error} onRetry={load.reload} />;
  const runs = load.data;
  if (!runs) return <TopProgress />;
  const current = runs.find((r) => r.current);

  return (
    <>
      <PageHeader
        title={t('reconciliation.day.title')}
        description={`${brandText(t, brand)} · ${day}`}
        actions={
          <Button asChild size="sm" variant="outline">
            <Link href={RECON_CHECK_ROUTES[group]}>{t('reconciliation.day.back')}</Link>
          </Button>
        }
      />
      {!current ? (
        <Text color="fg.muted">{t('reconciliation.day.noRun')}</Text>
      ) : (
        <Stack gap="4">
          <SectionColumns>
            <RunFacts run={current} />
            <Summary run={current} />
          </SectionColumns>
          <ReconResults group={group} brand={brand} day={day} onResolved={() => setVersion((v) => v + 1)} />
          <RunHistory runs={runs} />
        </Stack>
      )}
    </>
  );
}

/** The sub screens' components (src/app/screens.ts), one per group. */
export const WalletDay = ({ param }: { param: string }) => <ReconDay group="wallet" param={param} />;
export const PaypayDay = ({ param }: { param: string }) => <ReconDay group="paypay" param={param} />;
