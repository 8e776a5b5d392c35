import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  hundredthsToPercent,
  type Brand,
  type RateChange,
  type RateChannel,
  type RateKind,
} from '../../src/contract/commission';
import type { Executor } from '../db/client';
import { operators, rateChanges } from '../db/schema';
import { iso } from './lists';

/**
 * The history of rates (rate_changes; docs/settlement.md, "Money"): every change of a company's
 * commission or rebate rate and of a comprehensive agent's brand fee, written in the change's
 * transaction with its audit row, only for the rates that changed. Shared by the commission and
 * organisation modules.
 */

/** Whose rates: a company's (commission, rebate) or a comprehensive agent's (brand fee). */
export type RateOwner = { companyId: number } | { brandAgentId: number };

/** One rate as stored (hundredths of a percent). */
export interface StoredRate {
  brand: Brand;
  /** A commission's channel; '' for rebates and fees. */
  channel: RateChannel | '';
  rate: number;
}

const keyOf = (r: Pick<StoredRate, 'brand' | 'channel'>) => `${r.brand}/${r.channel}`;

/**
 * Writes a history row for each rate of `kind` that differs between `before` and `after`: a new
 * or changed rate with its value, a removed one with null. Valid from `at`, set by `operatorId`.
 * Returns how many rows it wrote.
 */
export async function recordRateChanges(
  tx: Executor,
  change: { kind: RateKind; owner: RateOwner; operatorId: number; at: Date },
  before: readonly StoredRate[],
  after: readonly StoredRate[],
): Promise<number> {
  const was = new Map(before.map((r) => [keyOf(r), r]));
  const now = new Map(after.map((r) => [keyOf(r), r]));
  const changed = [
    ...after.filter((r) => was.get(keyOf(r))?.rate !== r.rate),
    ...before.filter((r) => !now.has(keyOf(r))).map((r) => ({ ...r, rate: null })),
  ];
  if (changed.length === 0) return 0;
  await tx.insert(rateChanges).values(
    changed.map((r) => ({
      kind: change.kind,
      companyId: 'companyId' in change.owner ? change.owner.companyId : null,
      brandAgentId: 'brandAgentId' in change.owner ? change.owner.brandAgentId : null,
      brand: r.brand,
      channel: r.channel,
      rate: r.rate,
      validFrom: change.at,
      operatorId: change.operatorId,
    })),
  );
  return changed.length;
}

/** The most entries a screen is sent (a rate changed more often than that shows its latest). */
export const RATE_HISTORY_LIMIT = 200;

/** The owner's history of the given kinds, newest first, with who set each rate. */
export async function rateHistoryOf(
  db: Executor,
  owner: RateOwner,
  kinds: readonly RateKind[],
): Promise<RateChange[]> {
  const rows = await db
    .select({
      kind: rateChanges.kind,
      brand: rateChanges.brand,
      channel: rateChanges.channel,
      rate: rateChanges.rate,
      validFrom: rateChanges.validFrom,
      operator: operators.loginId,
    })
    .from(rateChanges)
    .leftJoin(operators, eq(operators.id, rateChanges.operatorId))
    .where(
      and(
        inArray(rateChanges.kind, [...kinds]),
        'companyId' in owner
          ? eq(rateChanges.companyId, owner.companyId)
          : eq(rateChanges.brandAgentId, owner.brandAgentId),
      ),
    )
    .orderBy(desc(rateChanges.validFrom), desc(rateChanges.id))
    .limit(RATE_HISTORY_LIMIT);
  // The brand and channel columns hold only what the contract's schemas let through.
  return rows.map((r) => ({
    ...r,
    brand: r.brand as Brand,
    channel: r.channel as RateChannel | '',
    rate: r.rate === null ? null : hundredthsToPercent(r.rate),
    validFrom: iso(r.validFrom),
  }));
}
