import { Button, Field, Fieldset, Flex, Menu, Portal, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useT } from '../app/i18n';
import { periodPresets } from '../lists/periodPresets';
import { DateInput } from './DateInput';
import { BUSINESS_ZONE } from './format';
import { ChevronDownIcon } from './icons';

export interface DateRangeFilterProps {
  begin: string;
  end: string;
  onChange: (range: { beginTime: string; endTime: string }) => void;
  /** Why the range is rejected (the list machine's `invalid` state), in the reader's language. */
  error?: string | null;
  /** The list's longest range (31 or 75 days): only quick ranges within it are offered. */
  maxDays: number;
}

/**
 * From/to dates (yyyy-MM-dd in every language, typed or picked) as one labelled group, with
 * the quick ranges (today … last month, business days) that fit the list's limit: a pick fills
 * both dates, and Search applies them like any other filter.
 */
export function DateRangeFilter({ begin, end, onChange, error, maxDays }: DateRangeFilterProps) {
  const t = useT();
  const errorId = useId();
  const legendId = useId();
  const presets = periodPresets(maxDays, BUSINESS_ZONE);
  return (
    // The group is named by the word "period" alone, not by the quick ranges' button beside it.
    <Fieldset.Root invalid={Boolean(error)} minW="0" gap="1.5" aria-labelledby={legendId}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium" display="flex" w="full" alignItems="center" gap="2">
        <span id={legendId}>{t('common.period')}</span>
        <Menu.Root positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <Button
              variant="plain"
              size="xs"
              h="5"
              px="0"
              ms="auto"
              fontWeight="normal"
              colorPalette="blue"
              color="colorPalette.fg"
            >
              {t('common.periods.pick')}
              <ChevronDownIcon />
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="36">
                {presets.map((p) => (
                  <Menu.Item
                    key={p.preset}
                    value={p.preset}
                    onSelect={() => onChange({ beginTime: p.beginTime, endTime: p.endTime })}
                  >
                    {t(`common.periods.${p.preset}`)}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
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
