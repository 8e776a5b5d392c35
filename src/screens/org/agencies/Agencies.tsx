import { useMemo } from 'react';
import { useLocation } from 'wouter';
import type { AgentRow } from '../../../contract/org';
import { pageAgents } from '../../../services/org';
import { useT } from '../../../app/i18n';
import type { Column } from '../../../components/DataTable';
import { useOrgRights } from '../../shared/permissions';
import { RowActions } from '../../shared/RowActions';
import { orgOptions } from '../../shared/options';
import { useProviderOptions } from '../../shared/useOrgOptions';
import { statusAndCreatedColumns } from '../../shared/columns';
import { OrgListPage, orgFilters, orgNameColumns, useOrgList } from '../../shared/OrgList';

/** /setup/agent: agencies in scope; a row opens its page with every agency field. */
export default function Agencies() {
  const t = useT();
  const [, navigate] = useLocation();
  const rights = useOrgRights();
  const providers = useProviderOptions();
  const org = useOrgList<AgentRow>({
    kind: 'agent',
    fetchPage: pageAgents,
    defaults: () => ({ name: '', serviceProviderId: '', status: '' }),
  });
  const { toggle } = org;

  const filters = orgFilters(t, {
    providers: rights.level === 'system' ? orgOptions(t, providers.data) : null,
  });

  const columns = useMemo<Column<AgentRow>[]>(
    () => [
      {
        key: 'agentNo',
        header: t('fields.agentNo'),
        sortField: 'agentNo',
        nowrap: true,
        cell: (r) => r.agentNo,
      },
      ...orgNameColumns<AgentRow>(t, 'agent', false),
      { key: 'phone', header: t('fields.phone'), nowrap: true, cell: (r) => r.phone || '—' },
      {
        key: 'settlementPeriod',
        header: t('fields.settlementPeriod'),
        nowrap: true,
        cell: (r) => r.settlementPeriod,
      },
      { key: 'companyCount', header: t('org.companyCount'), align: 'end', cell: (r) => r.companyCount },
      ...statusAndCreatedColumns<AgentRow>(t),
      {
        key: 'actions',
        header: t('common.actions'),
        cell: (r) => (
          <RowActions
            name={r.name}
            status={r.status}
            onEdit={rights.editAgent ? () => navigate(`/setup/agent/${r.id}`) : undefined}
            onToggle={rights.editAgent ? () => toggle.ask(r) : undefined}
          />
        ),
      },
    ],
    [t, rights, toggle, navigate],
  );

  return (
    <OrgListPage
      title={t('menu.agencies')}
      tableLabel={t('orgScreens.agency.table')}
      createHref={rights.editAgent ? '/setup/agent/new' : undefined}
      filters={filters}
      columns={columns}
      org={org}
    />
  );
}
