import { and, asc, eq } from 'drizzle-orm';
import {
  hundredthsToPercent,
  percentToHundredths,
  type Brand,
  type CommissionConfig,
  type CommissionSaveInput,
} from '../../../src/contract/commission';
import type { Executor } from '../../db/client';
import { agentRebateRates, agents, commissionRates, companies } from '../../db/schema';
import { noAccess, scopeOfCaller, write, type Caller } from '../../platform/caller';
import { notFound } from '../../platform/envelope';
import { fieldError } from '../../platform/lists';
import { rateHistoryOf, recordRateChanges, type StoredRate } from '../../platform/rateHistory';
import { companiesIn, type Scope } from '../../platform/scope';
import { can } from '../../../src/contract/capabilities';

async function configOf(
  db: Executor,
  scope: Scope,
  companyId: number,
): Promise<CommissionConfig | undefined> {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, agentId: companies.agentId, agentName: agents.name })
    .from(companies)
    .leftJoin(agents, eq(agents.id, companies.agentId))
    .where(and(eq(companies.id, companyId), companiesIn(scope)));
  if (!company) return undefined;
  const rates = await db
    .select()
    .from(commissionRates)
    .where(eq(commissionRates.companyId, companyId))
    .orderBy(asc(commissionRates.brand), asc(commissionRates.channel));
  const rebates = await db
    .select()
    .from(agentRebateRates)
    .where(eq(agentRebateRates.companyId, companyId))
    .orderBy(asc(agentRebateRates.brand));
  return {
    companyId: company.id,
    companyName: company.name,
    agentId: company.agentId,
    agentName: company.agentName,
    rates: rates.map((r) => ({
      brand: r.brand as Brand,
      channel: r.channel as 'online' | 'offline',
      rate: hundredthsToPercent(r.rate),
      rateHundredths: r.rate,
      remark: r.remark,
    })),
    rebates: rebates.map((r) => ({
      brand: r.brand as Brand,
      rate: hundredthsToPercent(r.rate),
      rateHundredths: r.rate,
    })),
    history: await rateHistoryOf(db, { companyId }, ['commission', 'rebate']),
  };
}

/** The rates as stored, for the history's comparison. */
const storedRates = (config: CommissionConfig): StoredRate[] =>
  config.rates.map((r) => ({ brand: r.brand, channel: r.channel, rate: r.rateHundredths }));
const storedRebates = (config: CommissionConfig): StoredRate[] =>
  config.rebates.map((r) => ({ brand: r.brand, channel: '', rate: r.rateHundredths }));

/** The audit row's snapshot: the rates, not their history. */
const snapshotOf = ({ history: _h, ...config }: CommissionConfig) => config;

export async function commissionGet(c: Caller, companyId: number): Promise<CommissionConfig> {
  const config = await configOf(c.deps.db, scopeOfCaller(c), companyId);
  if (!config) throw notFound();
  return config;
}

/**
 * Replaces a company's rates and its agency's rebates. A rebate needs an agency and may not
 * exceed the company's lowest rate of that brand (the agency cannot earn more than is charged).
 */
export async function commissionSave(c: Caller, input: CommissionSaveInput): Promise<CommissionConfig> {
  return write(c, 'commissionRate', input.companyId, async (tx, audit, scope) => {
    const [locked] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, input.companyId), companiesIn(scope)))
      .for('update');
    if (!locked) throw notFound();
    // What a merchant is charged is set by the platform or its provider, never by the merchant or agency.
    if (!can(c.principal, 'editCommission')) throw noAccess();
    const before = (await configOf(tx, scope, input.companyId))!;
    const rates = input.rates.map((r) => ({ ...r, hundredths: percentToHundredths(r.rate) }));
    const rebates = input.rebates.map((r) => ({ ...r, hundredths: percentToHundredths(r.rate) }));
    if (rebates.length > 0 && !before.agentId)
      throw fieldError(c.t, 'rebates', 'validation.rebateWithoutAgent');
    rebates.forEach((rebate, i) => {
      const charged = rates.filter((r) => r.brand === rebate.brand).map((r) => r.hundredths);
      if (charged.length === 0 || rebate.hundredths > Math.min(...charged)) {
        throw fieldError(c.t, `rebates[${i}].rate`, 'validation.rebateAboveRate');
      }
    });
    const now = new Date();
    await tx.delete(commissionRates).where(eq(commissionRates.companyId, input.companyId));
    await tx.delete(agentRebateRates).where(eq(agentRebateRates.companyId, input.companyId));
    if (rates.length > 0) {
      await tx.insert(commissionRates).values(
        rates.map((r) => ({
          companyId: input.companyId,
          brand: r.brand,
          channel: r.channel,
          rate: r.hundredths,
          remark: r.remark,
          updatedAt: now,
        })),
      );
    }
    if (rebates.length > 0) {
      await tx.insert(agentRebateRates).values(
        rebates.map((r) => ({
          companyId: input.companyId,
          brand: r.brand,
          rate: r.hundredths,
          updatedAt: now,
        })),
      );
    }
    // Each rate that changed gets its history row, in this transaction (docs/settlement.md, "Money").
    const change = { owner: { companyId: input.companyId }, operatorId: c.principal.operatorId, at: now };
    await recordRateChanges(
      tx,
      { ...change, kind: 'commission' },
      storedRates(before),
      rates.map((r) => ({ brand: r.brand, channel: r.channel, rate: r.hundredths })),
    );
    await recordRateChanges(
      tx,
      { ...change, kind: 'rebate' },
      storedRebates(before),
      rebates.map((r) => ({ brand: r.brand, channel: '', rate: r.hundredths })),
    );
    const after = (await configOf(tx, scope, input.companyId))!;
    await audit({
      objectType: 'commissionRate',
      objectId: input.companyId,
      action: 'update',
      before: snapshotOf(before),
      after: snapshotOf(after),
    });
    return after;
  });
}
