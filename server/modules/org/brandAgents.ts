import { and, count, eq, exists, ilike, inArray, or, sql } from 'drizzle-orm';
import { PAY_BRANDS } from '../../../src/contract/brands';
import { hundredthsToPercent, percentToHundredths } from '../../../src/contract/commission';
import type { Page } from '../../../src/contract/envelope';
import type { Status } from '../../../src/contract/fields';
import { BRAND_AGENT_LIST } from '../../../src/contract/lists/org';
import type {
  BrandAgentDetail,
  BrandAgentOption,
  BrandAgentPageQuery,
  BrandAgentRow,
  BrandAgentSaveInput,
  BrandFee,
} from '../../../src/contract/org';
import type { Executor } from '../../db/client';
import { brandAgentBrands, brandAgents } from '../../db/schema';
import { noAccess, scopeOfCaller, toggleStatus, write, type Caller } from '../../platform/caller';
import { notFound } from '../../platform/envelope';
import {
  duplicate,
  escapeLike,
  fieldError,
  iso,
  listPage,
  nameTaken,
  sortColumns,
} from '../../platform/lists';
import { rateHistoryOf, recordRateChanges } from '../../platform/rateHistory';
import { brandAgentsIn, type Scope } from '../../platform/scope';
import { can } from '../../../src/contract/capabilities';

/**
 * Comprehensive agents (総合代理店): the system admin's. Each brand is served by one agent at most
 * (brand_agent_brands' primary key); assigning a brand another agent serves is refused at the
 * brand's field, naming that agent. Every change of a fee rate is written to the rate history in
 * the save's transaction.
 */

type BrandAgentRecord = typeof brandAgents.$inferSelect;

const feeOf = (r: { brand: BrandFee['brand']; feeRate: number }): BrandFee => ({
  brand: r.brand,
  feeRate: hundredthsToPercent(r.feeRate),
  feeRateHundredths: r.feeRate,
});

/** The brands each of the agents serves, by agent id, in the order of PAY_BRANDS. */
async function brandsOf(db: Executor, ids: readonly number[]): Promise<Map<number, BrandFee[]>> {
  const out = new Map<number, BrandFee[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      brandAgentId: brandAgentBrands.brandAgentId,
      brand: brandAgentBrands.brand,
      feeRate: brandAgentBrands.feeRate,
    })
    .from(brandAgentBrands)
    .where(inArray(brandAgentBrands.brandAgentId, [...ids]));
  const order = (b: BrandFee['brand']) => PAY_BRANDS.indexOf(b);
  for (const r of rows.sort((a, b) => order(a.brand) - order(b.brand)))
    out.get(r.brandAgentId)?.push(feeOf(r));
  return out;
}

function toRow(a: BrandAgentRecord, brands: BrandFee[]): BrandAgentRow {
  return {
    id: a.id,
    name: a.name,
    nameEn: a.nameEn,
    contactName: a.contactName,
    phone: a.phone,
    statementPeriod: a.statementPeriod,
    statementWeekday: a.statementWeekday,
    brands,
    status: a.status,
    createdAt: iso(a.createdAt),
  };
}

export async function brandAgentPage(c: Caller, q: BrandAgentPageQuery): Promise<Page<BrandAgentRow>> {
  const db = c.deps.db;
  const name = q.name ? `%${escapeLike(q.name)}%` : null;
  const where = and(
    brandAgentsIn(scopeOfCaller(c)),
    name ? or(ilike(brandAgents.name, name), ilike(brandAgents.nameEn, name)) : undefined,
    q.brand
      ? exists(
          db
            .select({ one: sql`1` })
            .from(brandAgentBrands)
            .where(
              and(eq(brandAgentBrands.brandAgentId, brandAgents.id), eq(brandAgentBrands.brand, q.brand)),
            ),
        )
      : undefined,
    q.status ? eq(brandAgents.status, q.status) : undefined,
  );
  const sortable = sortColumns(BRAND_AGENT_LIST, {
    id: brandAgents.id,
    name: brandAgents.name,
    createdAt: brandAgents.createdAt,
    status: brandAgents.status,
  });
  const page = await listPage(
    c.t,
    q,
    { columns: sortable, tieBreaker: brandAgents.id, fallback: 'id' },
    {
      rows: db.select().from(brandAgents).$dynamic(),
      count: db.select({ total: count() }).from(brandAgents).$dynamic(),
      where,
    },
    (r) => r,
  );
  const brands = await brandsOf(
    db,
    page.records.map((r) => r.id),
  );
  return { ...page, records: page.records.map((r) => toRow(r, brands.get(r.id) ?? [])) };
}

/** The agents in scope (system roles: all; anyone else: none), each with the brands it serves. */
export async function brandAgentList(c: Caller): Promise<BrandAgentOption[]> {
  const db = c.deps.db;
  const rows = await db
    .select({ id: brandAgents.id, name: brandAgents.name, status: brandAgents.status })
    .from(brandAgents)
    .where(brandAgentsIn(scopeOfCaller(c)))
    .orderBy(brandAgents.name, brandAgents.id);
  const brands = await brandsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, brands: (brands.get(r.id) ?? []).map((b) => b.brand) }));
}

async function findBrandAgent(
  db: Executor,
  scope: Scope,
  id: number,
  lock = false,
): Promise<BrandAgentDetail | undefined> {
  const query = db
    .select()
    .from(brandAgents)
    .where(and(eq(brandAgents.id, id), brandAgentsIn(scope)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const brands = await brandsOf(db, [id]);
  return {
    ...row,
    brands: brands.get(id) ?? [],
    feeHistory: await rateHistoryOf(db, { brandAgentId: id }, ['brandFee']),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function brandAgentGet(c: Caller, id: number): Promise<BrandAgentDetail> {
  const row = await findBrandAgent(c.deps.db, scopeOfCaller(c), id);
  if (!row) throw notFound();
  return row;
}

/** The audit row's snapshot: the agent and its brands, not the fee history. */
const snapshotOf = ({ feeHistory: _h, ...detail }: BrandAgentDetail) => detail;

/**
 * Creates or edits an agent and replaces the brands it serves. A brand another agent serves is
 * refused at its field (`brands[i].brand`), naming that agent: the upsert only takes a brand that
 * is free or already this agent's, so two saves racing for one brand cannot both have it.
 */
export async function brandAgentSave(c: Caller, input: BrandAgentSaveInput): Promise<BrandAgentDetail> {
  return write(c, 'brandAgent', input.id ?? 'new', async (tx, audit, scope) => {
    if (!can(c.principal, 'editBrandAgent')) throw noAccess();
    const { id, brands, ...values } = input;
    const before = id ? await findBrandAgent(tx, scope, id, true) : undefined;
    if (id && !before) throw notFound();
    if (await nameTaken(tx, brandAgents, values.name, id ?? null)) throw duplicate(c.t, 'name');
    const now = new Date();
    let agentId: number;
    if (id) {
      await tx
        .update(brandAgents)
        .set({ ...values, updatedAt: now })
        .where(eq(brandAgents.id, id));
      agentId = id;
    } else {
      const [row] = await tx.insert(brandAgents).values(values).returning({ id: brandAgents.id });
      agentId = row.id;
    }

    const fees = brands.map((b) => ({ brand: b.brand, rate: percentToHundredths(b.feeRate) }));
    const served = before?.brands ?? [];
    const dropped = served.filter((s) => !fees.some((f) => f.brand === s.brand)).map((s) => s.brand);
    if (dropped.length > 0) {
      await tx
        .delete(brandAgentBrands)
        .where(and(eq(brandAgentBrands.brandAgentId, agentId), inArray(brandAgentBrands.brand, dropped)));
    }
    for (const [i, fee] of fees.entries()) {
      const [taken] = await tx
        .insert(brandAgentBrands)
        .values({ brand: fee.brand, brandAgentId: agentId, feeRate: fee.rate, updatedAt: now })
        .onConflictDoUpdate({
          target: brandAgentBrands.brand,
          set: { feeRate: fee.rate, updatedAt: now },
          setWhere: eq(brandAgentBrands.brandAgentId, agentId),
        })
        .returning({ brand: brandAgentBrands.brand });
      if (!taken) {
        const [owner] = await tx
          .select({ name: brandAgents.name })
          .from(brandAgentBrands)
          .innerJoin(brandAgents, eq(brandAgents.id, brandAgentBrands.brandAgentId))
          .where(eq(brandAgentBrands.brand, fee.brand));
        throw fieldError(c.t, `brands[${i}].brand`, 'server.org.brandServed', { name: owner?.name ?? '' });
      }
    }
    await recordRateChanges(
      tx,
      { kind: 'brandFee', owner: { brandAgentId: agentId }, operatorId: c.principal.operatorId, at: now },
      served.map((s) => ({ brand: s.brand, channel: '', rate: s.feeRateHundredths })),
      fees.map((f) => ({ brand: f.brand, channel: '', rate: f.rate })),
    );

    const after = (await findBrandAgent(tx, { level: 'system' }, agentId))!;
    await audit({
      objectType: 'brandAgent',
      objectId: agentId,
      action: id ? 'update' : 'create',
      before: before && snapshotOf(before),
      after: snapshotOf(after),
    });
    return after;
  });
}

export function brandAgentStatus(c: Caller, id: number, status: Status) {
  return toggleStatus(c, 'brandAgent', id, status, {
    find: (tx, scope) => findBrandAgent(tx, scope, id, true),
    mayChange: () => can(c.principal, 'editBrandAgent'),
    update: async (tx, now) => {
      await tx.update(brandAgents).set({ status, updatedAt: now }).where(eq(brandAgents.id, id));
    },
  });
}
