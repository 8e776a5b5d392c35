import type { AgentRow } from '../../../contract/org';
import { AGENCY_LIST } from '../../../contract/lists/org';
import { pageAgents } from '../../../services/org';
import type { Cells } from '../../../lists/columns';
import type { ColumnKey } from '../../../lists/ListBody';
import { can } from '../../../contract/capabilities';
import { useSessionUser } from '../../../app/session';
import { OrgListPage, type OrgCellKey } from '../../shared/OrgList';

/** The agency list's own columns around the common ones. */
const agencyCells = (
  common: Cells<OrgCellKey, AgentRow>,
): Cells<ColumnKey<typeof AGENCY_LIST>, AgentRow> => ({
  agentNo: (r) => r.agentNo,
  ...common,
  phone: (r) => r.phone || '—',
  settlementPeriod: (r) => r.settlementPeriod,
  companyCount: (r) => r.companyCount,
});

/** /setup/agent: agencies in scope; a row opens its page with every agency field. */
export default function Agencies() {
  const user = useSessionUser();
  return (
    <OrgListPage
      kind="agent"
      list={AGENCY_LIST}
      fetchPage={pageAgents}
      titleKey="menu.agencies"
      tableKey="org.agency.table"
      createHref={can(user, 'editAgent') ? '/setup/agent/new' : undefined}
      canEdit={can(user, 'editAgent')}
      canLock={can(user, 'editAgent')}
      cells={agencyCells}
    />
  );
}
