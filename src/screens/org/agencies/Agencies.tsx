import { useMemo } from 'react';
import { useLocation } from 'wouter';
import type { AgentRow } from '../../../contract/org';
import { AGENCY_LIST } from '../../../contract/lists/org';
import { pageAgents } from '../../../services/org';
import type { Cells } from '../../../lists/columns';
import type { ColumnKey } from '../../../lists/ListBody';
import { useOrgRights } from '../../shared/permissions';
import { RowActions } from '../../shared/RowActions';
import { OrgListPage, orgCells, useOrgList } from '../../shared/OrgList';

/** /setup/agent: agencies in scope; a row opens its page with every agency field. */
export default function Agencies() {
  const [, navigate] = useLocation();
  const rights = useOrgRights();
  const org = useOrgList<AgentRow>({ kind: 'agent', list: AGENCY_LIST, fetchPage: pageAgents });
  const { toggle } = org;

  const cells = useMemo(
    () => (): Cells<ColumnKey<typeof AGENCY_LIST>, AgentRow> => ({
      agentNo: (r) => r.agentNo,
      ...orgCells<AgentRow>('agent'),
      phone: (r) => r.phone || '—',
      settlementPeriod: (r) => r.settlementPeriod,
      companyCount: (r) => r.companyCount,
      actions: (r) => (
        <RowActions
          name={r.name}
          status={r.status}
          onEdit={rights.editAgent ? () => navigate(`/setup/agent/${r.id}`) : undefined}
          onToggle={rights.editAgent ? () => toggle.ask(r) : undefined}
        />
      ),
    }),
    [rights, toggle, navigate],
  );

  return (
    <OrgListPage
      list={AGENCY_LIST}
      titleKey="menu.agencies"
      tableKey="org.agency.table"
      createHref={rights.editAgent ? '/setup/agent/new' : undefined}
      cells={cells}
      org={org}
    />
  );
}
