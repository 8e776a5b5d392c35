import { useMemo, type ReactNode } from 'react';
import { Link as ChakraLink } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import type { Page } from '../../contract/envelope';
import type { Status } from '../../contract/fields';
import type { AGENCY_LIST, COMPANY_LIST } from '../../contract/lists/org';
import type { ListQuery } from '../../machines/listQuery';
import { useT } from '../../app/i18n';
import { PageHeader } from '../../components/PageHeader';
import type { MessageKey, Translate } from '../../i18n/translator';
import type { Cells } from '../../lists/columns';
import { ListBody, type ColumnKey } from '../../lists/ListBody';
import { useListOf } from '../../lists/useListScreen';
import { setOrgStatus } from '../../services/org';
import { CreateButton } from './CreateButton';
import { RowActions } from './RowActions';
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
type OrgKind = 'agent' | 'company';
/** The columns every organisation row has: the name (opening the row's page) … the creation time, the actions. */
export type OrgCellKey = 'name' | 'nameEn' | 'serviceProviderName' | 'status' | 'createdAt' | 'actions';

/**
 * The page of an organisation list (agencies, companies) from its definition: title and
 * "new", the filter bar (the provider and agency pickers hold the organisations in scope; the
 * definition says which roles see them), the table, the pager, and locking or unlocking a row
 * after confirmation (then the list reloads). `cells` gives the list's own columns and places
 * the common ones (`common`: the name, opening the row's page, … the actions: edit, lock).
 */
export function OrgListPage<L extends OrgList, Row extends OrgRow>({
  kind,
  list,
  fetchPage,
  titleKey,
  tableKey,
  createHref,
  canEdit,
  canLock,
  moreActions,
  cells,
}: {
  kind: OrgKind;
  list: L;
  fetchPage: (query: ListQuery) => Promise<Page<Row>>;
  titleKey: MessageKey;
  tableKey: MessageKey;
  /** Where "new" leads; no button without it. */
  createHref?: string;
  /** Whether a row's actions open its page to edit it, and lock or unlock it. */
  canEdit: boolean;
  canLock: boolean;
  /** More buttons in a row's actions cell. */
  moreActions?: (row: Row) => ReactNode;
  cells: (common: Cells<OrgCellKey, Row>, t: Translate) => Cells<ColumnKey<L>, Row>;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const providers = useProviderOptions();
  // Only a list with an agency filter (companies) needs the agencies in scope.
  const agents = useAgentOptions('agentId' in list.filters);
  const screen = useListOf<Row>(list, fetchPage);
  const toggle = useStatusToggle({
    change: (id, lock) => setOrgStatus(kind, id, lock),
    lockNote: t('org.lock.noteOrg'),
    onDone: screen.reload,
  });
  const tableCells = useMemo(
    () =>
      (tr: Translate): Cells<ColumnKey<L>, Row> =>
        cells(
          {
            name: (r) => (
              <ChakraLink asChild fontWeight="medium" color="blue.700">
                <Link href={`/setup/${kind}/${r.id}`}>{r.name}</Link>
              </ChakraLink>
            ),
            nameEn: (r) => r.nameEn || '—',
            serviceProviderName: (r) => r.serviceProviderName,
            ...statusAndCreatedCells<Row>(),
            actions: (r) => (
              <RowActions
                name={r.name}
                status={r.status}
                onEdit={canEdit ? () => navigate(`/setup/${kind}/${r.id}`) : undefined}
                onToggle={canLock ? () => toggle.ask(r) : undefined}
              >
                {moreActions?.(r)}
              </RowActions>
            ),
          },
          tr,
        ),
    [cells, kind, canEdit, canLock, moreActions, toggle, navigate],
  );
  return (
    <>
      <PageHeader title={t(titleKey)} actions={createHref && <CreateButton href={createHref} />} />
      <ListBody
        list={list}
        screen={screen}
        tableKey={tableKey}
        cells={tableCells}
        options={{
          serviceProviderId: orgOptions(t, providers.data),
          agentId: orgOptions(t, agents.data),
        }}
      />
      {toggle.dialog}
    </>
  );
}
