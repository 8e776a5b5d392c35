import { useMemo } from 'react';
import { PAY_BRANDS, PAYMENT_TYPES, SUB_BRANDS, isPayBrand } from '../../contract/brands';
import type { BranchTreeNode } from '../../contract/org';
import { roleLevel } from '../../contract/roles';
import { useSessionUser } from '../../app/session';
import { useLoad } from '../../app/useLoad';
import type { FilterField, Option } from '../../components/FilterBar';
import { businessDate } from '../../components/format';
import { branchTree } from '../../services/org';
import type { Translate } from '../../i18n';
import { enumOptions } from '../setup/shared/options';
import { subBrandText } from './brandText';

/** The payment lists' default period: the last 7 business days, today included. */
export const defaultPeriod = () => ({ beginTime: businessDate(6), endTime: businessDate(0) });

export const brandField = (t: Translate, clears: string[] = []): FilterField => ({
  kind: 'select',
  name: 'brand',
  label: t('fields.brand'),
  options: enumOptions(t, PAY_BRANDS, 'payments.brand'),
  clears,
});

/** Sub-brands of the brand picked in the form (all of them while none is). */
export const subBrandField = (t: Translate): FilterField => ({
  kind: 'select',
  name: 'subBrand',
  label: t('fields.subBrand'),
  options: (draft) =>
    (isPayBrand(draft.brand) ? SUB_BRANDS[draft.brand] : PAY_BRANDS.flatMap((b) => SUB_BRANDS[b])).map(
      (s) => ({ value: s, label: subBrandText(t, s) }),
    ),
});

export const paymentTypeField = (t: Translate): FilterField => ({
  kind: 'select',
  name: 'paymentType',
  label: t('fields.paymentType'),
  options: enumOptions(t, PAYMENT_TYPES, 'payments.paymentType'),
});

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
