import { Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { DEPOSIT_TYPES } from '../../contract/orgBank';
import { useLocale, useT } from '../../app/i18n';
import { countryOptions } from './bankForm';
import { FieldGrid, SelectField, TextField } from './formFields';
import { enumOptions } from './options';

/**
 * The bank details of a payee inside a form (companies, agencies, comprehensive agents): the
 * Japanese account a Zengin transfer pays (the holder in kana), then what a transfer abroad
 * needs (the payee's address country, IBAN, SWIFT/BIC). The contract's schema checks them.
 */
export function BankFields() {
  const t = useT();
  const locale = useLocale();
  const countries = useMemo(() => countryOptions(t, locale), [t, locale]);
  return (
    <Stack gap="4">
      <FieldGrid>
        <TextField name="bankName" />
        <TextField name="bankCode" inputMode="numeric" maxLength={10} placeholder="0001" />
        <TextField name="bankBranchName" />
        <TextField name="bankBranchCode" inputMode="numeric" maxLength={10} placeholder="001" />
        <SelectField
          name="bankDepositType"
          numeric
          options={enumOptions(t, DEPOSIT_TYPES, 'settlements.statement.depositTypes')}
        />
        <TextField name="bankAccountNumber" inputMode="numeric" maxLength={20} placeholder="1234567" />
        <SelectField name="bankAccountType" numeric options={enumOptions(t, [0, 1], 'org.accountType')} />
        <TextField name="bankAccountHolder" helper={t('org.holderHelp')} />
      </FieldGrid>
      <Separator />
      <Stack gap="1">
        <Heading as="h3" size="sm">
          {t('org.sections.abroad')}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('org.abroadHelp')}
        </Text>
      </Stack>
      <FieldGrid>
        <SelectField name="bankAddressCountry" options={countries} />
        <TextField name="bankSwift" autoCapitalize="characters" spellCheck={false} placeholder="BOTKJPJT" />
      </FieldGrid>
      <TextField
        name="bankIban"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="GB82 WEST 1234 5698 7654 32"
      />
    </Stack>
  );
}
