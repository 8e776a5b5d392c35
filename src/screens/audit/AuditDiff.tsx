import { useState } from 'react';
import { Box, Button, Code, Flex, Table, Text } from '@chakra-ui/react';
import type { AuditRow } from '../../contract/audit';
import { useT } from '../../app/i18n';
import { diffSnapshots } from './auditDiff';

/** An audit row opened: the changed fields before → after (secrets come masked), all on request. */
export function AuditDiff({ row }: { row: AuditRow }) {
  const t = useT();
  const [all, setAll] = useState(false);
  const lines = diffSnapshots(row.before, row.after);
  const changed = lines.filter((l) => l.changed);
  const shown = all ? lines : changed;
  if (lines.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('audit.noSnapshot')}
      </Text>
    );
  }
  return (
    <Box maxW="full" overflowX="auto">
      <Flex align="center" gap="3" mb="2" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {t('audit.changedCount', { count: changed.length, total: lines.length })}
        </Text>
        {changed.length !== lines.length && (
          <Button size="2xs" variant="outline" onClick={() => setAll(!all)}>
            {t(all ? 'audit.onlyChanged' : 'audit.showAll')}
          </Button>
        )}
      </Flex>
      <Table.Root size="sm" variant="outline" bg="bg" aria-label={t('audit.diff')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader minW="9rem">{t('audit.field')}</Table.ColumnHeader>
            <Table.ColumnHeader minW="10rem">{t('audit.before')}</Table.ColumnHeader>
            <Table.ColumnHeader minW="10rem">{t('audit.after')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {shown.map((l) => (
            <Table.Row key={l.path}>
              <Table.Cell>
                <Code fontSize="xs">{l.path}</Code>
              </Table.Cell>
              <Table.Cell bg={l.changed ? 'red.subtle' : undefined} wordBreak="break-all">
                <Text
                  fontSize="xs"
                  fontFamily="mono"
                  textDecoration={l.changed && l.before ? 'line-through' : undefined}
                >
                  {l.before || '—'}
                </Text>
              </Table.Cell>
              <Table.Cell bg={l.changed ? 'green.subtle' : undefined} wordBreak="break-all">
                <Text fontSize="xs" fontFamily="mono">
                  {l.after || '—'}
                </Text>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
