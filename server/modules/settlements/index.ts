/**
 * Settlements (docs/settlement.md): closing periods into merchant, agency and brand settlements,
 * their lists, statements and exports, and the payout (checkout, batches and bank files). Uses
 * refunds (the refund password) through its index.
 */
export { closeParty, closePeriods, yesterday, type CloseOptions, type CloseReport } from './close';
/** A payout of the past, made and remitted at given times (the demo data's history). */
export { recordPastPayout } from './checkout';
export { settle, type Figures, type PayoutTerms, type SettlementLines } from './arithmetic';
export { periodEnd, periodStart, closedThrough, ruleOf, isDate, type PeriodRule } from './periods';
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
