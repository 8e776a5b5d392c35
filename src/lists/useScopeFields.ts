import { useMemo } from 'react';
import type { BranchTreeNode } from '../contract/org';
import { roleLevel } from '../contract/roles';
import { useSessionUser } from '../app/session';
import { useLoad } from '../app/useLoad';
import type { FilterField, Option } from '../components/FilterBar';
import { branchTree } from '../services/org';
import type { Translate } from '../i18n/translator';

/**
 * Company and branch filters within the caller's scope (the branch tree the server gives):
 * the company picker only when the scope holds several companies (never for company
 * roles), the branch picker when there is more than one branch to choose; branches follow
 * the company picked in the form.
 */
export function useScopeFields(t: Translate): { fields: FilterField[]; showCompany: boolean } {
  const user = useSessionUser();
  const tree = useLoad(branchTree, []);
  return useMemo(() => {
    const companies: BranchTreeNode[] = tree.data ?? [];
    const companyRole = user ? roleLevel(user.operatorType) === 'company' : false;
    const showCompany = !companyRole && companies.length > 1;
    const branchesOf = (companyId: string): Option[] =>
      companies
        .filter((c) => !companyId || String(c.id) === companyId)
        .flatMap((c) =>
          c.branches.map((b) => ({
            value: String(b.id),
            label: showCompany ? `${c.name} · ${b.name}` : b.name,
          })),
        );
    const fields: FilterField[] = [];
    if (showCompany) {
      fields.push({
        kind: 'select',
        name: 'companyId',
        label: t('fields.companyId'),
        options: companies.map((c) => ({ value: String(c.id), label: c.name })),
        clears: ['branchUnitId'],
      });
    }
    if (branchesOf('').length > 1) {
      fields.push({
        kind: 'select',
        name: 'branchUnitId',
        label: t('fields.branchUnitId'),
        options: (draft) => branchesOf(draft.companyId ?? ''),
      });
    }
    return { fields, showCompany: !companyRole };
  }, [tree.data, user, t]);
}
