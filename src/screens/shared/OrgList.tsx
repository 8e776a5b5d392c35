import { Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { Page } from '../../contract/envelope';
import type { Status } from '../../contract/fields';
import type { AGENCY_LIST, COMPANY_LIST } from '../../contract/lists/org';
import type { ListQuery } from '../../machines/listQuery';
import { useT } from '../../app/i18n';
import { PageHeader } from '../../components/PageHeader';
import type { MessageKey } from '../../i18n/translator';
import type { Cells } from '../../lists/columns';
import { ListBody, type ColumnKey } from '../../lists/ListBody';
import { useListOf } from '../../lists/useListScreen';
import { setOrgStatus } from '../../services/org';
import { CreateButton } from './CreateButton';
import { orgOptions } from './options';
import { useAgentOptions, useProviderOptions } from './useOrgOptions';
import { useStatusToggle } from './useStatusToggle';
import { statusAndCreatedCells } from './columns';

/** What an agency or company row has in common. */
export interface OrgRow {
  id: number;
  name: string;
  nameEn: string;
  serviceProviderName: string;
  status: Status;
  createdAt: string;
}

type OrgList = typeof AGENCY_LIST | typeof COMPANY_LIST;
type CommonKey = 'name' | 'nameEn' | 'serviceProviderName' | 'status' | 'createdAt';

/** The name (opening the row's page), the English name, the provider, the status and the creation time. */
export function orgCells<Row extends OrgRow>(kind: 'agent' | 'company'): Cells<CommonKey, Row> {
  return {
    name: (r) => (
      <ChakraLink asChild fontWeight="medium" color="blue.700">
        <Link href={`/setup/${kind}/${r.id}`}>{r.name}</Link>
      </ChakraLink>
    ),
    nameEn: (r) => r.nameEn || '—',
    serviceProviderName: (r) => r.serviceProviderName,
    ...statusAndCreatedCells<Row>(),
  };
}

/**
 * An organisation list (agencies, companies) from its definition: the list, and locking or
 * unlocking a row after confirmation (then the list reloads).
 */
export function useOrgList<Row extends OrgRow>(opts: {
  kind: 'agent' | 'company';
  list: OrgList;
  fetchPage: (query: ListQuery) => Promise<Page<Row>>;
}) {
  const t = useT();
  const screen = useListOf<Row>(opts.list, opts.fetchPage);
  const toggle = useStatusToggle({
    change: (id, lock) => setOrgStatus(opts.kind, id, lock),
    lockNote: t('org.lock.noteOrg'),
    onDone: screen.reload,
  });
  return { screen, toggle };
}

/**
 * The page of an organisation list: title and "new", the filter bar (the provider and agency
 * pickers hold the organisations in scope; the definition says which roles see them), the
 * table, the pager, the lock dialog.
 */
export function OrgListPage<L extends OrgList, Row extends OrgRow>({
  list,
  titleKey,
  tableKey,
  createHref,
  cells,
  org,
}: {
  list: L;
  titleKey: MessageKey;
  tableKey: MessageKey;
  /** Where "new" leads; no button without it. */
  createHref?: string;
  cells: () => Cells<ColumnKey<L>, Row>;
  org: ReturnType<typeof useOrgList<Row>>;
}) {
  const t = useT();
  const providers = useProviderOptions();
  // Only a list with an agency filter (companies) needs the agencies in scope.
  const agents = useAgentOptions('agentId' in list.filters);
  const { screen, toggle } = org;
  return (
    <>
      <PageHeader title={t(titleKey)} actions={createHref && <CreateButton href={createHref} />} />
      <ListBody
        list={list}
        screen={screen}
        tableKey={tableKey}
        cells={cells}
        options={{
          serviceProviderId: orgOptions(t, providers.data),
          agentId: orgOptions(t, agents.data),
        }}
      />
      {toggle.dialog}
    </>
  );
}
