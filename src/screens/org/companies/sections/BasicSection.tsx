import { Stack } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { OrgOption } from '../../../../contract/org';
import { useT } from '../../../../app/i18n';
import { orgOptions } from '../../../shared/options';
import type { CompanyForm } from '../companyForm';
import { FieldGrid, ProviderField, SelectField, TextField } from '../../../shared/formFields';

/** Organisation, names, contact. The phone must be unique (checked when it loses focus). */
export function BasicSection({
  providers,
  agents,
  fixedParents,
  checkPhone,
}: {
  providers: readonly OrgOption[];
  agents: readonly OrgOption[];
  /** An agency or the company's own staff cannot move it. */
  fixedParents: boolean;
  checkPhone: () => void;
}) {
  const t = useT();
  const { control } = useFormContext<CompanyForm>();
  const providerId = useWatch({ control, name: 'serviceProviderId' });
  const agentsOfProvider = agents.filter((a) => !providerId || a.serviceProviderId === Number(providerId));
  return (
    <Stack gap="4">
      <FieldGrid>
        <ProviderField providers={providers} fixed={fixedParents} />
        <SelectField
          name="agentId"
          numeric
          disabled={fixedParents}
          placeholder={t('org.noAgency')}
          options={orgOptions(t, agentsOfProvider)}
        />
        <TextField name="name" required />
        <TextField name="nameEn" />
        <TextField name="phone" type="tel" inputMode="tel" onBlurCheck={checkPhone} />
        <TextField name="fax" type="tel" inputMode="tel" />
      </FieldGrid>
      <TextField name="address" />
      <FieldGrid>
        <TextField name="homepage" type="url" inputMode="url" placeholder="https://" />
        <TextField name="contactName" />
        <TextField name="contactEmail" type="email" inputMode="email" />
      </FieldGrid>
    </Stack>
  );
}
