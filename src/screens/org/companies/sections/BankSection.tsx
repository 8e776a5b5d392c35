import { Heading, Separator, Stack } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CHECKOUT_PERIODS } from '../../../../contract/org';
import { useT } from '../../../../app/i18n';
import { enumOptions } from '../../../shared/options';
import { COMPANY_CURRENCY, type CompanyForm } from '../companyForm';
import { FieldGrid, MoneyField, SelectField, TextField } from '../../../shared/formFields';

/** Bank account, then check-out: period, weekday (weekly only), limit, finance email. */
export function BankSection() {
  const t = useT();
  const { control } = useFormContext<CompanyForm>();
  const period = useWatch({ control, name: 'checkoutPeriod' });
  return (
    <Stack gap="4">
      <FieldGrid>
        <TextField name="bankName" />
        <TextField name="bankCode" inputMode="numeric" />
        <TextField name="bankBranchName" />
        <TextField name="bankBranchCode" inputMode="numeric" />
        <SelectField name="bankAccountType" numeric options={enumOptions(t, [0, 1], 'org.accountType')} />
        <TextField name="bankAccountNumber" inputMode="numeric" />
        <TextField name="bankAccountHolder" helper={t('org.holderHelp')} />
      </FieldGrid>
      <Separator />
      <Heading as="h3" size="sm">
        {t('org.sections.checkout')}
      </Heading>
      <FieldGrid>
        <SelectField name="checkoutPeriod" options={enumOptions(t, CHECKOUT_PERIODS, 'org.checkoutPeriod')} />
        {period === 'weekly' && (
          <SelectField
            name="checkoutWeekday"
            required
            numeric
            placeholder={t('org.choose')}
            options={enumOptions(t, [1, 2, 3, 4, 5, 6, 7], 'org.weekday')}
          />
        )}
        <MoneyField name="checkoutLimit" currency={COMPANY_CURRENCY} />
        <TextField name="financeEmail" type="email" inputMode="email" />
      </FieldGrid>
    </Stack>
  );
}
