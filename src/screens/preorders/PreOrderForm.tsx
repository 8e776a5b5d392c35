import { SimpleGrid } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CURRENCIES } from '../../contract/orgAgent';
import type { OrgOption } from '../../contract/org';
import { PRE_ORDER_USE_TIMES_MAX, PRE_ORDER_VALIDITY_MAX } from '../../contract/preorders';
import { useT } from '../../app/i18n';
import { MoneyField, SelectField, TextField } from '../shared/formFields';
import { CompanyField } from '../links/CompanyField';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));

/** The fields of a new pre-order (contract PreOrderCreate) inside the dialog's FormProvider. */
export function PreOrderForm({ companies }: { companies: readonly OrgOption[] | null }) {
  const t = useT();
  const currency = useWatch({ control: useFormContext().control, name: 'currency' }) as string;
  return (
    <>
      <CompanyField companies={companies} />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <SelectField name="currency" required options={CURRENCY_OPTIONS} />
        <SimpleGrid gridColumn={{ sm: 'span 2' }}>
          <MoneyField name="orderAmount" required currency={currency || 'JPY'} />
        </SimpleGrid>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          name="validityHours"
          inputMode="numeric"
          helper={t('links.hoursHelp', { max: PRE_ORDER_VALIDITY_MAX })}
        />
        <TextField
          name="useTimes"
          inputMode="numeric"
          helper={t('preorders.useTimesHelp', { max: PRE_ORDER_USE_TIMES_MAX })}
        />
      </SimpleGrid>
      <TextField name="clientPayNo" helper={t('links.clientNoHelp')} />
      <TextField name="remark" />
    </>
  );
}
