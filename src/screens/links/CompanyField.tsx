import { SimpleGrid } from '@chakra-ui/react';
import { useForm, useFormContext, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { yup } from '../../contract/validation';
import { DEFAULT_CURRENCY } from '../../contract/links';
import { optionalId } from '../../contract/fields';
import type { OrgOption } from '../../contract/org';
import { useT } from '../../app/i18n';
import { orgOptions } from '../shared/options';
import { MoneyField, SelectField } from '../shared/formFields';
import { CURRENCIES } from '../../contract/orgAgent';

/** The dialog asks for the company: the caller's scope holds several. */
export const choosesCompany = (companies: readonly OrgOption[] | null) => (companies?.length ?? 0) > 1;

/**
 * A new link's schema in the browser: the company is required where it is asked for (the
 * server refuses a missing one the same way, at the field).
 */
export function withCompany<S extends yup.AnyObjectSchema>(
  schema: S,
  companies: readonly OrgOption[] | null,
): S {
  return choosesCompany(companies)
    ? (schema.shape({ companyId: optionalId().nonNullable() }) as unknown as S)
    : schema;
}

/**
 * The company a link is made for: only offered when the caller's scope holds several (system
 * and provider roles); a company role makes links for its own company.
 */
export function CompanyField({ companies }: { companies: readonly OrgOption[] | null }) {
  const t = useT();
  if (!choosesCompany(companies)) return null;
  return (
    <SelectField
      name="companyId"
      numeric
      required
      options={orgOptions(t, companies)}
      placeholder={t('org.choose')}
    />
  );
}

/**
 * A new link's form (URL payment, pre-order): its kind's own fields' defaults, and those every
 * link has: yen, no remark, the company when the scope holds one, no branch.
 */
export function useLinkForm<S extends yup.AnyObjectSchema>(
  schema: S,
  companies: readonly OrgOption[] | null,
  own: Record<string, unknown>,
) {
  return useForm({
    resolver: yupResolver(withCompany(schema, companies)),
    defaultValues: {
      currency: DEFAULT_CURRENCY,
      remark: '',
      companyId: companies?.length === 1 ? companies[0].id : null,
      branchUnitId: null,
      ...own,
    },
  });
}

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));

/** A new link's currency, and its amount (`name`) in that currency's units. */
export function LinkAmountFields({ name }: { name: string }) {
  const currency = useWatch({ control: useFormContext().control, name: 'currency' }) as string;
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
      <SelectField name="currency" required options={CURRENCY_OPTIONS} />
      <SimpleGrid gridColumn={{ sm: 'span 2' }}>
        <MoneyField name={name} required currency={currency || 'JPY'} />
      </SimpleGrid>
    </SimpleGrid>
  );
}
