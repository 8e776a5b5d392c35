/**
 * Settlements (docs/settlement.md): closing periods into merchant, agency and brand settlements,
 * their lists, statements and exports, and the payout (checkout, batches and bank files). Uses
 * refunds (the refund password) through its index. Exports what others use: the app (routes,
 * jobs), `npm run settle` and the demo data (closing, a past payout), the global search (scope
 * and names) and the benches.
 */
export { closePeriods, yesterday } from './close';
/** A payout of the past, made and remitted at given times (the demo data's history). */
export { recordPastPayout } from './checkout';
export { isDate } from './periods';
export { settlementRoutes } from './routes';
export { settlementJobs } from './jobs';
export { settlementLinesExport } from './exports';
/** What the global search (modules/search) reads settlements and batches with: the caller's scope, the party. */
export { settlementsIn, partyName as settlementPartyName } from './queries';
export { batchesIn } from './checkout';

import type { Executor } from '../../db/client';
import type { Translate } from '../../../src/i18n';
import { settlementPage, type SettlementPageQuery } from './queries';
/** The merchant settlement list page as the system admin reads it (bench/settlements.ts). */
export const settlementPageForBench = (db: Executor, t: Translate, q: SettlementPageQuery) =>
  settlementPage(db, { level: 'system' }, t, 'merchant', q);
