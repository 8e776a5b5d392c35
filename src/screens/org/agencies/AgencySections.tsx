import { Textarea } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CURRENCIES, REMITTANCE_COST_TYPES, SETTLEMENT_PERIODS, type OrgOption } from '../../../contract/org';
import { useT } from '../../../app/i18n';
import { FormField } from '../../../components/FormField';
import { CURRENCY_SYMBOLS } from '../../../contract/money';
import { businessDate } from '../../../components/format';
import {
  DateField,
  FieldGrid,
  FormSection,
  MoneyField,
  ProviderField,
  SelectField,
  TextField,
  useFieldError,
} from '../../shared/formFields';
import { BankFields } from '../../shared/BankFields';
import { enumOptions } from '../../shared/options';
import type { AgencyForm } from './agencyForm';

export function AgencyBasics({
  providers,
  fixedProvider,
}: {
  providers: readonly OrgOption[];
  fixedProvider: boolean;
}) {
  const t = useT();
  const { register } = useFormContext<AgencyForm>();
  const error = useFieldError();
  return (
    <FormSection title={t('org.sections.basic')}>
      <FieldGrid>
        <ProviderField providers={providers} fixed={fixedProvider} />
        <TextField name="agentNo" required />
        <TextField name="name" required />
        <TextField name="nameEn" />
        <SelectField name="businessType" numeric options={enumOptions(t, [0, 1], 'org.businessType')} />
        <TextField name="businessHours" placeholder="9:00-18:00" />
        <TextField name="phone" type="tel" inputMode="tel" />
        <TextField name="mobile" type="tel" inputMode="tel" />
        <TextField name="homepage" type="url" inputMode="url" placeholder="https://" />
      </FieldGrid>
      <TextField name="address" />
      <FormField label={t('fields.comment')} error={error('comment')}>
        <Textarea {...register('comment')} rows={2} />
      </FormField>
    </FormSection>
  );
}

export function AgencyRepresentative() {
  const t = useT();
  return (
    <FormSection title={t('org.sections.representative')}>
      <FieldGrid>
        <TextField name="repName" />
        <TextField name="repNameKana" />
        <SelectField
          name="repSex"
          numeric
          placeholder={t('org.notGiven')}
          options={enumOptions(t, [0, 1], 'org.sex')}
        />
        <DateField name="repBirthday" max={businessDate()} />
        <TextField name="repPhone" type="tel" inputMode="tel" />
        <TextField name="repMobile" type="tel" inputMode="tel" />
        <TextField name="repEmail" type="email" inputMode="email" />
      </FieldGrid>
      <TextField name="repAddress" />
    </FormSection>
  );
}

export function AgencyContact() {
  const t = useT();
  return (
    <FormSection title={t('org.sections.contact')}>
      <FieldGrid>
        <TextField name="contactName" />
        <TextField name="contactPhone" type="tel" inputMode="tel" />
        <TextField name="contactEmail" type="email" inputMode="email" />
      </FieldGrid>
    </FormSection>
  );
}

export function AgencyBank() {
  const t = useT();
  return (
    <FormSection title={t('org.sections.bank')}>
      <BankFields />
    </FormSection>
  );
}

export function AgencySettlement() {
  const t = useT();
  const { control } = useFormContext<AgencyForm>();
  const currency = useWatch({ control, name: 'currency' }) ?? 'JPY';
  return (
    <FormSection title={t('org.sections.settlement')}>
      <FieldGrid>
        <SelectField
          name="currency"
          options={CURRENCIES.map((c) => ({ value: c, label: `${c} (${CURRENCY_SYMBOLS[c]})` }))}
        />
        <SelectField
          name="settlementPeriod"
          options={SETTLEMENT_PERIODS.map((p) => ({ value: p, label: p }))}
        />
        <MoneyField name="minimumAmount" currency={currency} />
        <SelectField
          name="remittanceCostType"
          options={enumOptions(t, REMITTANCE_COST_TYPES, 'org.remittanceCostType')}
        />
      </FieldGrid>
    </FormSection>
  );
}
