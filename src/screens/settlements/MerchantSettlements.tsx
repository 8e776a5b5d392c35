import { SettlementList } from './SettlementList';

/** /settle/actuarial: what the platform owes each merchant company, period by period. */
export default function MerchantSettlements() {
  return <SettlementList kind="merchant" />;
}
