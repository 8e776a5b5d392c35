import type { ReactNode } from 'react';
import { Card, Heading, Stack, Textarea } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CURRENCIES, REMITTANCE_COST_TYPES, SETTLEMENT_PERIODS, type OrgOption } from '../../../contract/org';
import { useT } from '../../../app/i18n';
import { FormField } from '../../../components/FormField';
import { CURRENCY_SYMBOLS } from '../../../contract/money';
import { businessDate } from '../../../components/format';
import {
  DateField,
  FieldGrid,
  MoneyField,
  SelectField,
  TextField,
  useFieldError,
} from '../../shared/formFields';
import { BankFields } from '../../shared/BankFields';
import { enumOptions, orgOptions } from '../../shared/options';
import type { AgencyForm } from './agencyForm';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header pb="0">
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

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
    <Section title={t('org.sections.basic')}>
      <FieldGrid>
        <SelectField
          name="serviceProviderId"
          required
          numeric
          disabled={fixedProvider}
          placeholder={t('org.choose')}
          options={orgOptions(t, providers)}
        />
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
    </Section>
  );
}

export function AgencyRepresentative() {
  const t = useT();
  return (
    <Section title={t('org.sections.representative')}>
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
    </Section>
  );
}

export function AgencyContact() {
  const t = useT();
  return (
    <Section title={t('org.sections.contact')}>
      <FieldGrid>
        <TextField name="contactName" />
        <TextField name="contactPhone" type="tel" inputMode="tel" />
        <TextField name="contactEmail" type="email" inputMode="email" />
      </FieldGrid>
    </Section>
  );
}

export function AgencyBank() {
  const t = useT();
  return (
    <Section title={t('org.sections.bank')}>
      <BankFields />
    </Section>
  );
}

export function AgencySettlement() {
  const t = useT();
  const { control } = useFormContext<AgencyForm>();
  const currency = useWatch({ control, name: 'currency' }) ?? 'JPY';
  return (
    <Section title={t('org.sections.settlement')}>
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
    </Section>
  );
}
