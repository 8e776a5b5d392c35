import { useState } from 'react';
import { Button, Card, Field, Flex, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useT } from '../../app/i18n';
import { DateRangeFilter } from '../../components/DateRangeFilter';

export type LoginHistoryFilterValues = Record<'beginTime' | 'endTime' | 'loginId' | 'success', string>;

/** The filter form: its draft becomes the list's filters on Search (the machine writes the URL). */
export function LoginHistoryFilters({
  initial,
  rangeError,
  onSearch,
  onReset,
}: {
  initial: LoginHistoryFilterValues;
  rangeError: string | null;
  onSearch: (filters: LoginHistoryFilterValues) => void;
  onReset: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState(initial);
  const set = (patch: Partial<LoginHistoryFilterValues>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <Card.Root mb="4">
      <Card.Body p={{ base: '3', md: '4' }}>
        <form
          role="search"
          aria-label={t('common.filters')}
          onSubmit={(e) => {
            e.preventDefault();
            onSearch(draft);
          }}
        >
          <SimpleGrid
            gap="3"
            alignItems="end"
            gridTemplateColumns={{
              base: '1fr',
              md: 'repeat(2, minmax(0, 1fr))',
              xl: 'minmax(20rem, 2fr) 1fr 1fr auto',
            }}
          >
            <DateRangeFilter begin={draft.beginTime} end={draft.endTime} onChange={set} error={rangeError} />
            <Field.Root>
              <Field.Label fontSize="sm">{t('loginHistory.loginId')}</Field.Label>
              <Input size="sm" value={draft.loginId} onChange={(e) => set({ loginId: e.target.value })} />
            </Field.Root>
            <Field.Root>
              <Field.Label fontSize="sm">{t('loginHistory.result')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={draft.success} onChange={(e) => set({ success: e.target.value })}>
                  <option value="">{t('common.all')}</option>
                  <option value="1">{t('loginHistory.success')}</option>
                  <option value="0">{t('loginHistory.failure')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Flex gap="2">
              <Button type="submit" size="sm" flex={{ base: '1', xl: 'initial' }}>
                {t('common.search')}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                flex={{ base: '1', xl: 'initial' }}
                onClick={onReset}
              >
                {t('common.reset')}
              </Button>
            </Flex>
          </SimpleGrid>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
