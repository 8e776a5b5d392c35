import { SettlementList } from './SettlementList';

/** /settle/brand: what each comprehensive agent owes the platform for its brand (read-only). */
export default function BrandSettlements() {
  return <SettlementList kind="brand" />;
}
