import type { OrgOption } from '../../contract/org';
import { useT } from '../../app/i18n';
import { orgOptions } from '../shared/options';
import { SelectField } from '../shared/formFields';

/**
 * The company a link is made for: only offered when the caller's scope holds several (system
 * and provider roles); a company role makes links for its own company.
 */
export function CompanyField({ companies }: { companies: readonly OrgOption[] | null }) {
  const t = useT();
  if (!companies || companies.length <= 1) return null;
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
