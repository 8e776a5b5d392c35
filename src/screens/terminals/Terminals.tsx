import { useMemo } from 'react';
import { Text } from '@chakra-ui/react';
import { APP_TYPES, type TerminalRow } from '../../contract/terminals';
import { branchTree } from '../../services/org';
import { pageTerminals, setTerminalStatus } from '../../services/terminals';
import { useT } from '../../app/i18n';
import { useLoad } from '../../app/useLoad';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterBar } from '../../components/FilterBar';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { useOrgRights } from '../shared/permissions';
import { RowActions } from '../shared/RowActions';
import { enumOptions, statusOptions } from '../shared/options';
import { useListScreen } from '../../lists/useListScreen';
import { useStatusToggle } from '../shared/useStatusToggle';
import { statusAndCreatedColumns } from '../shared/columns';

/** /setup/payment: devices the gateway registered, filters app type / status / company / branch. */
export default function Terminals() {
  const t = useT();
  const rights = useOrgRights();
  const tree = useLoad(branchTree, []);
  const list = useListScreen<TerminalRow>({
    fetchPage: pageTerminals,
    defaults: () => ({ serial: '', appType: '', status: '', companyId: '', branchUnitId: '' }),
  });
  const toggle = useStatusToggle({
    change: setTerminalStatus,
    lockNote: t('orgScreens.lock.noteDevice'),
    onDone: list.reload,
  });

  const companies = tree.data ?? [];
  // Branches of the company in the filter, else every branch in scope (named with the company).
  const company = companies.find((c) => String(c.id) === list.filters.companyId);
  const branchOptions = (company ? [company] : companies).flatMap((c) =>
    c.branches.map((b) => ({ value: String(b.id), label: company ? b.name : `${c.name} / ${b.name}` })),
  );

  const columns = useMemo<Column<TerminalRow>[]>(
    () => [
      {
        key: 'serial',
        header: t('fields.serial'),
        sortField: 'serial',
        nowrap: true,
        cell: (r) => <Text fontFamily="mono">{r.serial}</Text>,
      },
      {
        key: 'appType',
        header: t('fields.appType'),
        sortField: 'appType',
        nowrap: true,
        cell: (r) => t(`terminals.appType.${r.appType}`),
      },
      { key: 'companyName', header: t('fields.companyId'), minW: '10rem', cell: (r) => r.companyName },
      {
        key: 'branchUnitName',
        header: t('fields.branchUnitId'),
        minW: '8rem',
        cell: (r) => r.branchUnitName ?? '—',
      },
      ...statusAndCreatedColumns<TerminalRow>(t),
      {
        key: 'updatedAt',
        header: t('org.updatedAt'),
        sortField: 'updatedAt',
        nowrap: true,
        cell: (r) => formatDateTime(r.updatedAt),
      },
      ...(rights.admin
        ? [
            {
              key: 'actions',
              header: t('common.actions'),
              cell: (r: TerminalRow) => (
                <RowActions
                  name={r.serial}
                  status={r.status}
                  onToggle={() => toggle.ask({ id: r.id, name: r.serial, status: r.status })}
                />
              ),
            },
          ]
        : []),
    ],
    [t, rights, toggle],
  );

  return (
    <>
      <PageHeader title={t('menu.terminals')} />
      <FilterBar
        key={`${list.filterKey}${companies.length}`}
        {...list.filterBar}
        fields={[
          { kind: 'text', name: 'serial', label: t('fields.serial') },
          {
            kind: 'select',
            name: 'appType',
            label: t('fields.appType'),
            options: enumOptions(t, APP_TYPES, 'terminals.appType'),
          },
          { kind: 'select', name: 'status', label: t('fields.status'), options: statusOptions(t) },
          {
            kind: 'select',
            name: 'companyId',
            label: t('fields.companyId'),
            options: companies.map((c) => ({ value: String(c.id), label: c.name })),
          },
          { kind: 'select', name: 'branchUnitId', label: t('fields.branchUnitId'), options: branchOptions },
        ]}
      />
      <DataTable label={t('terminals.table')} columns={columns} rowKey={(r) => r.id} {...list.table} />
      {list.pager}
      {toggle.dialog}
    </>
  );
}
