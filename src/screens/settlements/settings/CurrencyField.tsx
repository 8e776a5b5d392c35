import { Box } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { CURRENCIES } from '../../../contract/orgAgent';
import { currencyUnit } from '../../../contract/money';
import { catalogueOf } from '../../../contract/locale';
import { useLocale, useT } from '../../../app/i18n';
import { FormField } from '../../../components/FormField';
import { useFieldError } from '../../shared/formFields';
import { OptionSelect } from '../../../components/OptionSelect';

/**
 * A row's currency: every currency of the gateway, those another row of the list already has
 * shown but not choosable (the schema refuses a second row of one at its field all the same).
 */
export function CurrencyField({ name, taken }: { name: string; taken: readonly { currency: string }[] }) {
  const t = useT();
  const { register } = useFormContext();
  const error = useFieldError();
  const lang = catalogueOf(useLocale());
  /** JPY (円) in Japanese, JPY (日元) in Chinese, JPY in English (the money inputs' unit). */
  const labelOf = (c: string) => {
    const unit = currencyUnit(c, lang);
    return unit === c ? c : `${c} (${unit})`;
  };
  return (
    <Box flexShrink={0} w={{ base: '7.5rem', sm: '9rem' }}>
      <FormField label={t('fields.currency')} required error={error(name)}>
        <OptionSelect
          {...register(name)}
          options={CURRENCIES.map((c) => ({
            value: c,
            label: labelOf(c),
            disabled: taken.some((r) => r.currency === c),
          }))}
        />
      </FormField>
    </Box>
  );
}
