import type { ReactNode } from 'react';
import { Button, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { Page } from '../../contract/envelope';
import type { Status } from '../../contract/fields';
import type { ListQuery } from '../../machines/listQuery';
import { useT } from '../../app/i18n';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterBar, type FilterField, type Option } from '../../components/FilterBar';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import type { Translate } from '../../i18n';
import { useListScreen } from '../../lists/useListScreen';
import { setOrgStatus } from '../../services/org';
import { statusOptions } from './options';
import { useStatusToggle } from './useStatusToggle';

/** What an agency or company row has in common. */
export interface OrgRow {
  id: number;
  name: string;
  nameEn: string;
  serviceProviderName: string;
  status: Status;
}

/** The name (opening the row's page), the English name and the service provider. */
export function orgNameColumns<Row extends OrgRow>(
  t: Translate,
  kind: 'agent' | 'company',
  providerSorts: boolean,
): Column<Row>[] {
  return [
    {
      key: 'name',
      header: t('fields.name'),
      sortField: 'name',
      minW: '12rem',
      cell: (r) => (
        <ChakraLink asChild fontWeight="medium" color="blue.600">
          <Link href={`/setup/${kind}/${r.id}`}>{r.name}</Link>
        </ChakraLink>
      ),
    },
    { key: 'nameEn', header: t('fields.nameEn'), minW: '8rem', cell: (r) => r.nameEn || '—' },
    {
      key: 'serviceProviderName',
      header: t('fields.serviceProviderId'),
      ...(providerSorts ? { sortField: 'serviceProviderName' } : {}),
      minW: '10rem',
      cell: (r) => r.serviceProviderName,
    },
  ];
}

/**
 * An organisation list (agencies, companies) on the listQuery machine: the list, and locking
 * or unlocking a row after confirmation (then the list reloads).
 */
export function useOrgList<Row extends OrgRow>(opts: {
  kind: 'agent' | 'company';
  fetchPage: (query: ListQuery) => Promise<Page<Row>>;
  defaults: () => Record<string, string>;
}) {
  const t = useT();
  const list = useListScreen<Row>({ fetchPage: opts.fetchPage, defaults: opts.defaults });
  const toggle = useStatusToggle({
    change: (id, lock) => setOrgStatus(opts.kind, id, lock),
    lockNote: t('orgScreens.lock.noteOrg'),
    onDone: list.reload,
  });
  return { list, toggle };
}

/** The page of an organisation list: title and "new", filters, the table, the pager, the lock dialog. */
export function OrgListPage<Row extends OrgRow>({
  title,
  tableLabel,
  createHref,
  filters,
  columns,
  org,
}: {
  title: string;
  tableLabel: string;
  /** Where "new" leads; no button without it. */
  createHref?: string;
  filters: FilterField[];
  columns: Column<Row>[];
  org: ReturnType<typeof useOrgList<Row>>;
}) {
  const t = useT();
  const { list, toggle } = org;
  let create: ReactNode = null;
  if (createHref)
    create = (
      <Button size="sm" asChild>
        <Link href={createHref}>
          <PlusIcon />
          {t('org.actions.create')}
        </Link>
      </Button>
    );
  return (
    <>
      <PageHeader title={title} actions={create} />
      <FilterBar key={list.filterKey} {...list.filterBar} fields={filters} />
      <DataTable label={tableLabel} columns={columns} rowKey={(r) => r.id} {...list.table} />
      {list.pager}
      {toggle.dialog}
    </>
  );
}

/**
 * The filters of an organisation list: the name, the service provider (for system roles),
 * `between` (the company list's agency), the status.
 */
export function orgFilters(
  t: Translate,
  opts: { providers: readonly Option[] | null; between?: FilterField[] },
): FilterField[] {
  return [
    { kind: 'text', name: 'name', label: t('fields.name') },
    ...(opts.providers
      ? [
          {
            kind: 'select' as const,
            name: 'serviceProviderId',
            label: t('fields.serviceProviderId'),
            options: opts.providers,
          },
        ]
      : []),
    ...(opts.between ?? []),
    { kind: 'select', name: 'status', label: t('fields.status'), options: statusOptions(t) },
  ];
}
