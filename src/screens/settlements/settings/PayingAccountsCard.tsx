import { Badge, Button, Card, Flex, Stack, Text } from '@chakra-ui/react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { CURRENCIES } from '../../../contract/orgAgent';
import { PAYING_DEPOSIT_TYPES, transferTypeOf } from '../../../contract/settlements';
import { toZenginKana } from '../../../contract/zenginKana';
import { useT } from '../../../app/i18n';
import { SettingsCard } from './SettingsCard';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { enumOptions } from '../../shared/options';
import { FieldGrid, SelectField, TextField } from '../../shared/formFields';
import { CurrencyField } from './CurrencyField';
import { newAccount, unusedCurrency, type SettingsForm } from './settingsForm';

/** The holder as the Zengin file will write it, when that differs from what was typed. */
function HolderPreview({ index }: { index: number }) {
  const t = useT();
  const { control } = useFormContext<SettingsForm>();
  const holder = useWatch({ control, name: `payingAccounts.${index}.holder` }) ?? '';
  const kana = toZenginKana(holder);
  if (!holder.trim() || !kana.ok || kana.text === holder) return t('settlements.settings.holderHelp');
  return t('settlements.settings.holderPreview', { text: kana.text });
}

/** One paying account: Zengin fields for yen, SWIFT fields for the other currencies. */
function AccountFields({
  index,
  currency,
  taken,
  onRemove,
}: {
  index: number;
  currency: string;
  taken: readonly { currency: string }[];
  onRemove: () => void;
}) {
  const t = useT();
  const at = (field: string) => `payingAccounts.${index}.${field}`;
  const title = t('settlements.settings.account', { currency });
  const zengin = transferTypeOf(currency) === 'zengin';
  return (
    <Card.Root variant="outline" size="sm" role="group" aria-label={title}>
      <Card.Header pb="0">
        <Flex align="center" gap="2" wrap="wrap">
          <Text fontWeight="medium">{title}</Text>
          <Badge colorPalette={zengin ? 'blue' : 'purple'}>
            {t(`settlements.transferTypes.${transferTypeOf(currency)}`)}
          </Badge>
          <Button
            ms="auto"
            size="xs"
            variant="ghost"
            colorPalette="red"
            onClick={onRemove}
            aria-label={t('settlements.settings.removeAccount', { currency })}
          >
            <TrashIcon />
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <CurrencyField name={at('currency')} taken={taken} />
          {zengin ? (
            <FieldGrid>
              <TextField name={at('bankName')} required />
              <TextField name={at('bankCode')} required inputMode="numeric" maxLength={4} />
              <TextField name={at('branchName')} required />
              <TextField name={at('branchCode')} required inputMode="numeric" maxLength={3} />
              <SelectField
                name={at('depositType')}
                required
                numeric
                options={enumOptions(t, PAYING_DEPOSIT_TYPES, 'settlements.statement.depositTypes')}
              />
              <TextField name={at('accountNumber')} required inputMode="numeric" maxLength={7} />
              <TextField
                name={at('holder')}
                label={t('settlements.settings.holderKana')}
                required
                helper={<HolderPreview index={index} />}
              />
              <TextField
                name={at('requesterCode')}
                required
                inputMode="numeric"
                maxLength={10}
                helper={t('settlements.settings.requesterCodeHelp')}
              />
            </FieldGrid>
          ) : (
            <FieldGrid>
              <TextField name={at('bankName')} required />
              <TextField
                name={at('bankCode')}
                label={t('settlements.settings.swift')}
                required
                autoCapitalize="characters"
                maxLength={14}
              />
              <TextField name={at('branchName')} />
              <TextField name={at('accountNumber')} required />
              <TextField name={at('holder')} required />
            </FieldGrid>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The platform's paying account per currency: added and removed, yen and SWIFT fields apart. */
export function PayingAccountsCard() {
  const t = useT();
  const { control } = useFormContext<SettingsForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'payingAccounts' });
  const rows = useWatch({ control, name: 'payingAccounts' }) ?? [];
  const next = unusedCurrency(rows);
  return (
    <SettingsCard
      title={t('settlements.settings.payoutAccounts')}
      help={t('settlements.settings.payoutAccountsHelp')}
    >
      <Stack gap="4">
        {fields.length === 0 && <Text color="fg.muted">{t('settlements.settings.noAccounts')}</Text>}
        {fields.map((field, i) => (
          <AccountFields
            key={field.id}
            index={i}
            currency={rows[i]?.currency ?? field.currency}
            taken={rows.filter((_, j) => j !== i)}
            onRemove={() => remove(i)}
          />
        ))}
        <Flex>
          <Button
            size="sm"
            variant="outline"
            disabled={!next || fields.length >= CURRENCIES.length}
            onClick={() => next && append(newAccount(next))}
          >
            <PlusIcon />
            {t('settlements.settings.addAccount')}
          </Button>
        </Flex>
      </Stack>
    </SettingsCard>
  );
}
