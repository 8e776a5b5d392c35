import { useCallback } from 'react';
import { Badge, Box, Text } from '@chakra-ui/react';
import type { ReconGroup } from '../../../contract/reconciliation';
import type { StatementImportView } from '../../../contract/statementImports';
import { useT } from '../../../app/i18n';
import { formatDateTime } from '../../../components/format';
import { PageHeader } from '../../../components/PageHeader';
import type { Column } from '../../../components/DataTable';
import { PagedTable, usePagedLoad } from '../../../lists/PagedTable';
import { pageImports } from '../../../services/reconciliation';
import { ImportStatementButton } from './ImportStatementButton';

const STATUS_PALETTE = { done: 'green', refused: 'red', failed: 'red' } as const;

/**
 * A group's statement imports, newest first (time, who, file, brand, day, status), with the
 * Import statement button: /history/walletCheck/imports and /history/paypayCheck/imports,
 * below the group's check screen.
 */
export function StatementImports({ group }: { group: ReconGroup }) {
  const t = useT();
  const paged = usePagedLoad((paging) => pageImports(group, paging), [group]);
  const { reload } = paged.load;
  const onImported = useCallback(() => reload(), [reload]);
  const columns: Column<StatementImportView>[] = [
    {
      key: 'createdAt',
      header: t('reconciliation.imports.columns.createdAt'),
      cell: (r) => formatDateTime(r.createdAt),
      nowrap: true,
    },
    {
      key: 'createdBy',
      header: t('reconciliation.imports.columns.createdBy'),
      cell: (r) => r.createdBy ?? t('reconciliation.imports.sources.fetched'),
    },
    {
      key: 'fileName',
      header: t('reconciliation.imports.columns.fileName'),
      cell: (r) => (
        <Text as="span" wordBreak="break-all">
          {r.fileName}
        </Text>
      ),
    },
    {
      key: 'brand',
      header: t('reconciliation.imports.brand'),
      cell: (r) => (r.brand ? t(`reconciliation.imports.brands.${r.brand}`) : ''),
    },
    { key: 'day', header: t('reconciliation.imports.day'), cell: (r) => r.businessDay ?? '', nowrap: true },
    {
      key: 'status',
      header: t('reconciliation.imports.columns.status'),
      cell: (r) => (
        <>
          <Badge colorPalette={STATUS_PALETTE[r.status as keyof typeof STATUS_PALETTE] ?? 'gray'}>
            {t(`reconciliation.imports.statuses.${r.status}`)}
          </Badge>
          {r.unchanged && ` ${t('reconciliation.imports.columns.unchanged')}`}
        </>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader
        title={t('reconciliation.imports.listTitle')}
        actions={<ImportStatementButton group={group} onImported={onImported} />}
      />
      <PagedTable
        paged={paged}
        label={t('reconciliation.imports.listTitle')}
        columns={columns}
        rowKey={(r) => r.id}
        empty={t('reconciliation.imports.none')}
      />
    </Box>
  );
}

/** The sub screens (a param is required by SubScreen: it is always 'imports'). */
export const WalletStatementImports = () => <StatementImports group="wallet" />;
export const PaypayStatementImports = () => <StatementImports group="paypay" />;
