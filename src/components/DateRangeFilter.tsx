import { Field, Fieldset, Flex, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useT } from '../app/i18n';
import { DateInput } from './DateInput';

export interface DateRangeFilterProps {
  begin: string;
  end: string;
  onChange: (range: { beginTime: string; endTime: string }) => void;
  /** Why the range is rejected (the list machine's `invalid` state), in the reader's language. */
  error?: string | null;
}

/** From/to dates (yyyy-MM-dd in every language, typed or picked) as one labelled group. */
export function DateRangeFilter({ begin, end, onChange, error }: DateRangeFilterProps) {
  const t = useT();
  const errorId = useId();
  return (
    <Fieldset.Root invalid={Boolean(error)} minW="0" gap="1.5">
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {t('common.period')}
      </Fieldset.Legend>
      <Flex gap="2" align="flex-end" direction={{ base: 'column', sm: 'row' }}>
        <Field.Root flex="1" minW="0">
          <Field.Label srOnly>{t('common.from')}</Field.Label>
          <DateInput
            value={begin}
            max={end}
            pickLabel={t('common.calendarFrom')}
            aria-describedby={error ? errorId : undefined}
            onChange={(value) => onChange({ beginTime: value, endTime: end })}
          />
        </Field.Root>
        <Text aria-hidden="true" color="fg.muted" display={{ base: 'none', sm: 'block' }} pb="1.5">
          〜
        </Text>
        <Field.Root flex="1" minW="0">
          <Field.Label srOnly>{t('common.to')}</Field.Label>
          <DateInput
            value={end}
            min={begin}
            pickLabel={t('common.calendarTo')}
            aria-describedby={error ? errorId : undefined}
            onChange={(value) => onChange({ beginTime: begin, endTime: value })}
          />
        </Field.Root>
      </Flex>
      {error && (
        <Fieldset.ErrorText id={errorId} mt="1">
          {error}
        </Fieldset.ErrorText>
      )}
    </Fieldset.Root>
  );
}
