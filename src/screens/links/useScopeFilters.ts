import { useMemo } from 'react';
import { branchTree } from '../../services/org';
import { useT } from '../../app/i18n';
import { useLoad } from '../../app/useLoad';
import type { FilterField } from '../../components/FilterBar';
import { orgOptions } from '../shared/options';
import { useCompanyOptions } from '../shared/useOrgOptions';

/**
 * Company and branch filters for roles whose scope holds several (spec: within scope; the
 * server decides what the lists hold). A company role sees only its branches.
 */
export function useScopeFilters() {
  const t = useT();
  const companies = useCompanyOptions();
  const tree = useLoad(branchTree, []);
  const several = (companies.data?.length ?? 0) > 1;
  const fields = useMemo(() => {
    const out: FilterField[] = [];
    if (several)
      out.push({
        kind: 'select',
        name: 'companyId',
        label: t('fields.companyId'),
        options: orgOptions(t, companies.data),
      });
    const branches = (tree.data ?? []).flatMap((c) =>
      c.branches.map((b) => ({ value: String(b.id), label: several ? `${c.name} / ${b.name}` : b.name })),
    );
    if (branches.length > 1)
      out.push({ kind: 'select', name: 'branchUnitId', label: t('fields.branchUnitId'), options: branches });
    return out;
  }, [t, several, companies.data, tree.data]);
  return { companies: companies.data, several, fields };
}
