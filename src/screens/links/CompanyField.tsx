import { yup } from '../../contract/validation';
import { optionalId } from '../../contract/fields';
import type { OrgOption } from '../../contract/org';
import { useT } from '../../app/i18n';
import { orgOptions } from '../shared/options';
import { SelectField } from '../shared/formFields';

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
