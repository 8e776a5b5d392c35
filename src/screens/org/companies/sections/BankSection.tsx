import { Heading, Separator, Stack } from '@chakra-ui/react';
import { useT } from '../../../../app/i18n';
import { COMPANY_CURRENCY } from '../companyForm';
import { BankFields } from '../../../shared/BankFields';
import { FieldGrid, MoneyField, TextField } from '../../../shared/formFields';
import { PeriodFields } from '../../../shared/PeriodFields';

/** Bank account (Japan, then abroad), then check-out: period, weekday (weekly only), limit, finance email. */
export function BankSection() {
  const t = useT();
  return (
    <Stack gap="4">
      <BankFields />
      <Separator />
      <Heading as="h3" size="sm">
        {t('org.sections.checkout')}
      </Heading>
      <FieldGrid>
        <PeriodFields period="checkoutPeriod" weekday="checkoutWeekday" />
        <MoneyField name="checkoutLimit" currency={COMPANY_CURRENCY} />
        <TextField name="financeEmail" type="email" inputMode="email" />
      </FieldGrid>
    </Stack>
  );
}
