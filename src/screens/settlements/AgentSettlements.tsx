import { SettlementList } from './SettlementList';

/** /settle/agent: each agency's rebates, period by period. */
export default function AgentSettlements() {
  return <SettlementList kind="agent" />;
}
