import { Heading, Separator, Stack, Switch, Text } from '@chakra-ui/react';
import { Controller, useFormContext } from 'react-hook-form';
import { LIMIT_FIELDS, OFFLINE_APP_MODES } from '../../../../contract/org';
import { useT } from '../../../../app/i18n';
import { FormField } from '../../../../components/FormField';
import { enumOptions } from '../../../shared/options';
import { COMPANY_CURRENCY, type CompanyForm } from '../companyForm';
import { FieldGrid, MoneyField, SelectField, TextField } from '../../../shared/formFields';

/**
 * Payment limits per channel (docs/api.md "Payment limits": minor units of each payment's
 * currency; empty no limit, 0 closes the channel), offline app mode, 3-D secure, result email.
 */
export function LimitSection() {
  const t = useT();
  const { control } = useFormContext<CompanyForm>();
  return (
    <Stack gap="4">
      <Text textStyle="sm" color="fg.muted">
        {t('org.limitsNote')}
      </Text>
      <FieldGrid>
        {LIMIT_FIELDS.map((name) => (
          <MoneyField
            key={name}
            name={name}
            currency={COMPANY_CURRENCY}
            helper={t(`org.limitHints.${name}`)}
          />
        ))}
      </FieldGrid>
      <Separator />
      <Heading as="h3" size="sm">
        {t('org.company.paymentOptions')}
      </Heading>
      <FieldGrid>
        <SelectField
          name="offlineAppMode"
          options={enumOptions(t, OFFLINE_APP_MODES, 'org.offlineAppMode')}
        />
        <TextField name="resultContactEmail" type="email" inputMode="email" />
        <FormField label={t('fields.threeDSecure')}>
          <Controller
            control={control}
            name="threeDSecure"
            render={({ field }) => (
              <Switch.Root
                checked={field.value}
                onCheckedChange={(e) => field.onChange(e.checked)}
                name={field.name}
                mt="1"
              >
                <Switch.HiddenInput onBlur={field.onBlur} />
                <Switch.Control />
                <Switch.Label fontWeight="normal">{t(field.value ? 'org.on' : 'org.off')}</Switch.Label>
              </Switch.Root>
            )}
          />
        </FormField>
      </FieldGrid>
    </Stack>
  );
}
