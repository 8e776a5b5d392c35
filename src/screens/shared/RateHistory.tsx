import { Box, Button, Collapsible, Flex, Table, Text } from '@chakra-ui/react';
import type { Brand, RateChange } from '../../contract/commission';
import { useT } from '../../app/i18n';
import { formatDateTime } from '../../components/format';
import { ChevronDownIcon } from '../../components/icons';

/**
 * A rate's history where the rates are edited (the commission rate screen, a comprehensive
 * agent's fee rates): a small disclosure listing who set which rate from when, newest first.
 */
export function RateHistory({
  what,
  entries,
  brandName,
  channels = false,
}: {
  /** What the rates are (the section's title), for the table's name. */
  what: string;
  entries: readonly RateChange[];
  brandName: (brand: Brand) => string;
  /** Show the channel (commission rates are per brand and channel). */
  channels?: boolean;
}) {
  const t = useT();
  if (entries.length === 0)
    return (
      <Text fontSize="xs" color="fg.muted">
        {t('org.rateHistory.empty')}
      </Text>
    );
  const label = t('org.rateHistory.table', { what });
  return (
    <Collapsible.Root>
      <Collapsible.Trigger asChild>
        <Button size="xs" variant="ghost" px="1" css={{ '&[data-state=open] svg': { rotate: '180deg' } }}>
          <ChevronDownIcon />
          {t('org.rateHistory.show', { count: entries.length })}
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        {/* Phones: one entry per line pair (the table's five columns do not fit). */}
        <Box
          as="ul"
          aria-label={label}
          display={{ base: 'block', md: 'none' }}
          listStyleType="none"
          mt="2"
          borderWidth="1px"
          borderRadius="md"
          maxH="20rem"
          overflowY="auto"
        >
          {entries.map((e, i) => (
            <Box as="li" key={i} px="3" py="2" borderTopWidth={i === 0 ? 0 : '1px'} fontSize="sm">
              <Flex justify="space-between" gap="2">
                <Text>
                  {brandName(e.brand)}
                  {channels && e.channel ? ` · ${t(`org.channel.${e.channel}`)}` : ''}
                </Text>
                <Text
                  fontWeight="medium"
                  color={e.rate === null ? 'fg.muted' : undefined}
                  whiteSpace="nowrap"
                >
                  {e.rate === null ? t('org.rateHistory.removed') : `${e.rate}%`}
                </Text>
              </Flex>
              <Text fontSize="xs" color="fg.muted">
                {formatDateTime(e.validFrom)} · {e.operator ?? t('org.rateHistory.system')}
              </Text>
            </Box>
          ))}
        </Box>
        <Table.ScrollArea
          display={{ base: 'none', md: 'block' }}
          borderWidth="1px"
          borderRadius="md"
          mt="2"
          maxH="20rem"
        >
          <Table.Root size="sm" aria-label={label} stickyHeader>
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader whiteSpace="nowrap">{t('org.rateHistory.validFrom')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('fields.brand')}</Table.ColumnHeader>
                {channels && <Table.ColumnHeader>{t('fields.channel')}</Table.ColumnHeader>}
                <Table.ColumnHeader textAlign="end">{t('fields.rate')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('org.rateHistory.operator')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {entries.map((e, i) => (
                <Table.Row key={i}>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(e.validFrom)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{brandName(e.brand)}</Table.Cell>
                  {channels && (
                    <Table.Cell whiteSpace="nowrap">
                      {e.channel ? t(`org.channel.${e.channel}`) : '—'}
                    </Table.Cell>
                  )}
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {e.rate === null ? (
                      <Text as="span" color="fg.muted">
                        {t('org.rateHistory.removed')}
                      </Text>
                    ) : (
                      `${e.rate}%`
                    )}
                  </Table.Cell>
                  <Table.Cell>{e.operator ?? t('org.rateHistory.system')}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
