import { useState } from 'react';
import { Flex } from '@chakra-ui/react';
import { can } from '../../contract/capabilities';
import {
  DEFAULT_RESULT_CODE_FILTER,
  RESULT_CODE_FILTERS,
  RESULT_STATES,
  isException,
  type ReconBrand,
  type ReconGroup,
  type ReconResult,
  type ResultCodeFilter,
} from '../../contract/reconciliation';
import { useT } from '../../app/i18n';
import { SectionCard } from '../../components/SectionCard';
import { useSessionUser } from '../../app/session';
import type { Column } from '../../components/DataTable';
import { textOr } from '../../i18n/translator';
import { PagedTable, usePagedLoad } from '../../lists/PagedTable';
import { reconResults } from '../../services/reconciliation';
import { CodeBadge } from './reconCells';
import { Diff, FilterSelect, Ours, ResolutionCell, StatementSide } from './resultCells';
import { ResolveDialog } from './ResolveDialog';

type StateFilter = (typeof RESULT_STATES)[number];

/**
 * A brand-day's current results, a page at a time: filtered by code (every exception, held, one
 * code) and by open / resolved; resolved ones stay listed, marked. Who may resolve
 * (`can(user, 'reconcile')`) resolves an open exception in the dialog.
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
  const mayResolve = can(user, 'reconcile');
  // Exceptions and held ones first: the held are what a statement short of our total waits for.
  const [code, setCode] = useState<ResultCodeFilter>(DEFAULT_RESULT_CODE_FILTER);
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
        : value === 'review' || value === 'exceptions' || value === 'held'
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
