import { useState } from 'react';
import { Badge, Button, Card, Field, Flex, Input, SimpleGrid } from '@chakra-ui/react';
import { useT } from '../app/i18n';
import { DateRangeFilter } from './DateRangeFilter';
import { ChevronDownIcon, ChevronRightIcon } from './icons';
import { OptionSelect } from './OptionSelect';

export interface Option {
  value: string;
  label: string;
}

export type FilterField =
  | { kind: 'text'; name: string; label: string }
  | {
      kind: 'select';
      name: string;
      label: string;
      /** A function of the draft when the choices depend on another field (sub-brand on brand). */
      options: readonly Option[] | ((draft: Record<string, string>) => readonly Option[]);
      /** Fields emptied when this one changes (their choices depended on it). */
      clears?: readonly string[];
    }
  /** beginTime/endTime as one period of at most `maxDays`; `error` is the list machine's rejection. */
  | { kind: 'dateRange'; maxDays: number; error?: string | null };

/**
 * A list's filter form: its draft becomes the list's filters on Search (the listQuery
 * machine writes them into the URL); Reset goes back to the defaults. On phones the form
 * folds behind a "Filters" button so the list stays near the top.
 */
export function FilterBar({
  fields,
  initial,
  onSearch,
  onReset,
}: {
  fields: readonly FilterField[];
  initial: Record<string, string>;
  onSearch: (filters: Record<string, string>) => void;
  onReset: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState(initial);
  const set = (patch: Record<string, string>) => setDraft((d) => ({ ...d, ...patch }));
  const wide = fields.some((f) => f.kind === 'dateRange');
  // A rejected date range must be seen: the form starts open then.
  const [open, setOpen] = useState(() => fields.some((f) => f.kind === 'dateRange' && Boolean(f.error)));
  const active = fields.filter((f) => f.kind !== 'dateRange' && initial[f.name]).length;

  return (
    <Card.Root mb="4">
      <Card.Body p={{ base: '3', md: '4' }}>
        <Button
          hideFrom="md"
          variant="ghost"
          size="sm"
          w="full"
          justifyContent="space-between"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          mb={open ? '3' : '0'}
        >
          <Flex as="span" gap="2" align="center">
            {open ? <ChevronDownIcon /> : <ChevronRightIcon />}
            {t('common.filters')}
          </Flex>
          {active > 0 && (
            <Badge colorPalette="blue" variant="solid" size="xs">
              {active}
            </Badge>
          )}
        </Button>
        <form
          role="search"
          aria-label={t('common.filters')}
          onSubmit={(e) => {
            e.preventDefault();
            onSearch(draft);
          }}
        >
          <SimpleGrid
            display={{ base: open ? 'grid' : 'none', md: 'grid' }}
            gap="3"
            alignItems="end"
            gridTemplateColumns={{
              base: '1fr',
              md: 'repeat(2, minmax(0, 1fr))',
              xl: wide ? 'minmax(20rem, 2fr) repeat(3, minmax(0, 1fr))' : 'repeat(4, minmax(0, 1fr))',
            }}
          >
            {fields.map((f) => {
              if (f.kind === 'dateRange') {
                return (
                  <DateRangeFilter
                    key="dateRange"
                    begin={draft.beginTime ?? ''}
                    end={draft.endTime ?? ''}
                    onChange={set}
                    error={f.error}
                    maxDays={f.maxDays}
                  />
                );
              }
              return (
                <Field.Root key={f.name} minW="0">
                  <Field.Label fontSize="sm">{f.label}</Field.Label>
                  {f.kind === 'text' ? (
                    <Input
                      size="sm"
                      value={draft[f.name] ?? ''}
                      onChange={(e) => set({ [f.name]: e.target.value })}
                    />
                  ) : (
                    <OptionSelect
                      root={{ size: 'sm' }}
                      value={draft[f.name] ?? ''}
                      onChange={(e) =>
                        set({
                          ...Object.fromEntries((f.clears ?? []).map((name) => [name, ''])),
                          [f.name]: e.target.value,
                        })
                      }
                      placeholder={t('common.all')}
                      options={typeof f.options === 'function' ? f.options(draft) : f.options}
                    />
                  )}
                </Field.Root>
              );
            })}
            <Flex gap="2" gridColumn={{ xl: 'auto / -1' }} justifyContent={{ xl: 'flex-end' }}>
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
