import { Box, Button, Checkbox, Flex, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useT } from '../../app/i18n';
import { ArrowDownIcon, ArrowUpIcon } from '../icons';

export interface MenuColumn {
  key: string;
  header: string;
  /** Shown (the user's choice). */
  shown: boolean;
  /** Always shown (the list's key facts). */
  locked: boolean;
  /** Shown by choice but left out for want of room at this width. */
  noRoom: boolean;
}

/**
 * The table's "Columns" menu: a box per column to show or hide it (the key facts stay on),
 * buttons to move it up or down, and a reset to the list's default. Every control is a
 * button or a checkbox, so the keyboard reaches all of them.
 */
export function ColumnsMenu({
  columns,
  onToggle,
  onMove,
  onReset,
}: {
  columns: MenuColumn[];
  onToggle: (key: string, shown: boolean) => void;
  onMove: (key: string, by: -1 | 1) => void;
  onReset: () => void;
}) {
  const t = useT();
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Button size="xs" variant="outline">
          {t('common.table.columns')}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="20rem" aria-label={t('common.table.columns')}>
            <Popover.Body p="3">
              <Text fontSize="xs" color="fg.muted" mb="2">
                {t('common.table.columnsHint')}
              </Text>
              <Stack as="ul" gap="0.5" listStyleType="none" maxH="60vh" overflowY="auto">
                {columns.map((c, i) => (
                  <Flex as="li" key={c.key} align="center" gap="1" py="0.5">
                    <Checkbox.Root
                      size="sm"
                      flex="1"
                      minW="0"
                      checked={c.shown || c.locked}
                      disabled={c.locked}
                      onCheckedChange={(e) => onToggle(c.key, e.checked === true)}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        <Box as="span">{c.header}</Box>
                        {c.noRoom && c.shown && (
                          <Text as="span" fontSize="xs" color="fg.muted" ms="1">
                            {t('common.table.noRoom')}
                          </Text>
                        )}
                      </Checkbox.Label>
                    </Checkbox.Root>
                    <IconButton
                      size="2xs"
                      variant="ghost"
                      aria-label={t('common.table.moveUp', { column: c.header })}
                      disabled={i === 0}
                      onClick={() => onMove(c.key, -1)}
                    >
                      <ArrowUpIcon />
                    </IconButton>
                    <IconButton
                      size="2xs"
                      variant="ghost"
                      aria-label={t('common.table.moveDown', { column: c.header })}
                      disabled={i === columns.length - 1}
                      onClick={() => onMove(c.key, 1)}
                    >
                      <ArrowDownIcon />
                    </IconButton>
                  </Flex>
                ))}
              </Stack>
              <Flex justify="end" mt="2">
                <Button size="xs" variant="ghost" onClick={onReset}>
                  {t('common.table.resetColumns')}
                </Button>
              </Flex>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
