import { Box, Button, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { CURRENCIES } from '../../../contract/orgAgent';
import { useT } from '../../../app/i18n';
import { SettingsCard } from './SettingsCard';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { MoneyField } from '../../shared/formFields';
import { CurrencyField } from './CurrencyField';
import { unusedCurrency, type SettingsForm } from './settingsForm';

/** The bank fee of one payout per currency: a row each, added and removed. */
export function TransferFeesCard() {
  const t = useT();
  const { control } = useFormContext<SettingsForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'transferFees' });
  const rows = useWatch({ control, name: 'transferFees' }) ?? [];
  const next = unusedCurrency(rows);
  return (
    <SettingsCard
      title={t('settlements.settings.transferFees')}
      help={t('settlements.settings.transferFeesHelp')}
    >
      <Stack gap="3">
        {fields.length === 0 && <Text color="fg.muted">{t('settlements.settings.noFees')}</Text>}
        {fields.map((field, i) => {
          const currency = rows[i]?.currency ?? field.currency;
          return (
            <Flex
              key={field.id}
              role="group"
              aria-label={`${t('settlements.settings.transferFees')} ${currency}`}
              gap="3"
              align="flex-start"
            >
              <CurrencyField name={`transferFees.${i}.currency`} taken={rows.filter((_, j) => j !== i)} />
              <Box flex="1" minW="0" maxW="16rem">
                <MoneyField name={`transferFees.${i}.amount`} currency={currency} required />
              </Box>
              <IconButton
                mt="7"
                variant="ghost"
                colorPalette="red"
                aria-label={t('settlements.settings.removeFee', { currency })}
                onClick={() => remove(i)}
              >
                <TrashIcon />
              </IconButton>
            </Flex>
          );
        })}
        <Flex>
          <Button
            size="sm"
            variant="outline"
            disabled={!next || fields.length >= CURRENCIES.length}
            onClick={() => next && append({ currency: next, amount: 0 })}
          >
            <PlusIcon />
            {t('settlements.settings.addFee')}
          </Button>
        </Flex>
      </Stack>
    </SettingsCard>
  );
}
