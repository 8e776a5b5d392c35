import { useCallback, useState } from 'react';
import { Alert, Badge, Box, Table } from '@chakra-ui/react';
import { DEFAULT_PAGE_SIZE } from '../../../contract/paging';
import type { ReconGroup } from '../../../contract/reconciliation';
import { useT } from '../../../app/i18n';
import { useLoad } from '../../../app/useLoad';
import { formatDateTime } from '../../../components/format';
import { PageHeader } from '../../../components/PageHeader';
import { Pagination } from '../../../components/Pagination';
import { pageImports } from '../../../services/statementImports';
import { ImportStatementButton } from './ImportStatementButton';

const STATUS_PALETTE = { done: 'green', refused: 'red', failed: 'red' } as const;

/**
 * A group's statement imports, newest first (time, who, file, brand, day, status), with the
 * Import statement button: /history/walletCheck/imports and /history/paypayCheck/imports,
 * below the group's check screen.
 */
export function StatementImports({ group }: { group: ReconGroup }) {
  const t = useT();
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const page = useLoad(() => pageImports(group, { pageNum, pageSize }), [group, pageNum, pageSize]);
  const { reload } = page;
  const onImported = useCallback(() => reload(), [reload]);
  return (
    <Box>
      <PageHeader
        title={t('statementImports.listTitle')}
        actions={<ImportStatementButton group={group} onImported={onImported} />}
      />
      {page.status === 'failed' && (
        <Alert.Root status="error" mb="3">
          <Alert.Indicator />
          <Alert.Title>{page.error}</Alert.Title>
        </Alert.Root>
      )}
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label={t('statementImports.listTitle')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('statementImports.columns.createdAt')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('statementImports.columns.createdBy')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('statementImports.columns.fileName')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('statementImports.brand')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('statementImports.day')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('statementImports.columns.status')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(page.data?.records ?? []).map((r) => (
              <Table.Row key={r.id}>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(r.createdAt)}</Table.Cell>
                <Table.Cell>{r.createdBy ?? t('statementImports.sources.fetched')}</Table.Cell>
                <Table.Cell wordBreak="break-all">{r.fileName}</Table.Cell>
                <Table.Cell>{r.brand ? t(`statementImports.brands.${r.brand}`) : ''}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{r.businessDay ?? ''}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATUS_PALETTE[r.status as keyof typeof STATUS_PALETTE] ?? 'gray'}>
                    {t(`statementImports.statuses.${r.status}`)}
                  </Badge>
                  {r.unchanged && ` ${t('statementImports.columns.unchanged')}`}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {page.data && (
        <Pagination
          total={page.data.total}
          pageNum={pageNum}
          pageSize={pageSize}
          onPage={setPageNum}
          onPageSize={(size) => {
            setPageSize(size);
            setPageNum(1);
          }}
          disabled={page.status === 'loading'}
        />
      )}
    </Box>
  );
}

/** The sub screens (a param is required by SubScreen: it is always 'imports'). */
export const WalletStatementImports = () => <StatementImports group="wallet" />;
export const PaypayStatementImports = () => <StatementImports group="paypay" />;
