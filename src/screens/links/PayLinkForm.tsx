import { SimpleGrid } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CURRENCIES } from '../../contract/orgAgent';
import { LINK_EXPIRY_HOURS_MAX } from '../../contract/links';
import type { OrgOption } from '../../contract/org';
import { useT } from '../../app/i18n';
import { MoneyField, SelectField, TextField } from '../shared/formFields';
import { CompanyField } from './CompanyField';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));

/** The fields of a new URL payment (contract PayLinkCreate) inside the dialog's FormProvider. */
export function PayLinkForm({ companies }: { companies: readonly OrgOption[] | null }) {
  const t = useT();
  const currency = useWatch({ control: useFormContext().control, name: 'currency' }) as string;
  return (
    <>
      <CompanyField companies={companies} />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <SelectField name="currency" required options={CURRENCY_OPTIONS} />
        <GridSpan>
          <MoneyField name="amount" required currency={currency || 'JPY'} />
        </GridSpan>
      </SimpleGrid>
      <TextField name="subject" required placeholder={t('links.url.subjectHint')} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField name="payerName" />
        <TextField name="payerEmail" type="email" inputMode="email" />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          name="expireHours"
          inputMode="numeric"
          helper={t('links.hoursHelp', { max: LINK_EXPIRY_HOURS_MAX })}
        />
        <TextField name="clientOrderNo" helper={t('links.clientNoHelp')} />
      </SimpleGrid>
      <TextField name="remark" />
    </>
  );
}

function GridSpan({ children }: { children: React.ReactNode }) {
  return <SimpleGrid gridColumn={{ sm: 'span 2' }}>{children}</SimpleGrid>;
}
