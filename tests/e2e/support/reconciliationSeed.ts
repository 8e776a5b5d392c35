/**
 * The reconciliation specs' data, made in the e2e server's own database (its test-only helper,
 * tests/e2e/server.ts: POST /seed-reconciliation): a WeChat Pay day reconciled with exceptions
 * for two demo companies (ひのき珈琲, みなと書店) through reconcileDay, as the server tests make it.
 * Made once: asked again, it answers with the day already made.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { companies, orders, reconciliationResults, reconciliationRuns } from '../../../server/db/schema';
import { exceptionDay } from '../../server/reconciliation-support';

/** Before the demo's 90 days of statements (server/demo): a day of its own. */
export const SEEDED_DAY = '2026-07-20';
const SEEDED_FILE = 'wechat-e2e-20260720.csv';
export const SEEDED_BRAND = 'wechat';

export interface SeededDay {
  day: string;
  brand: string;
  /** Gateway order numbers of each company's order whose amount differs (600). */
  hinokiAmount: string;
  minatoAmount: string;
}

async function companyId(db: Db, name: string) {
  const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  if (!c) throw new Error(`no demo company ${name}`);
  return c.id;
}

/** The 600 order of a company in the day's current run. */
async function amountOrder(db: Db, companyId: number): Promise<string> {
  const [row] = await db
    .select({ no: orders.gatewayOrderNo })
    .from(reconciliationResults)
    .innerJoin(reconciliationRuns, eq(reconciliationRuns.id, reconciliationResults.runId))
    .innerJoin(orders, eq(orders.id, reconciliationResults.orderId))
    .where(
      and(
        eq(reconciliationRuns.businessDay, SEEDED_DAY),
        eq(reconciliationRuns.brand, SEEDED_BRAND),
        isNull(reconciliationRuns.replacedByRunId),
        eq(reconciliationResults.code, 600),
        eq(orders.companyId, companyId),
      ),
    );
  return row.no;
}

export async function seedReconciliation(db: Db): Promise<SeededDay> {
  const hinoki = await companyId(db, '株式会社ひのき珈琲');
  const minato = await companyId(db, '株式会社みなと書店');
  const [run] = await db
    .select({ id: reconciliationRuns.id })
    .from(reconciliationRuns)
    .where(and(eq(reconciliationRuns.fileName, SEEDED_FILE), eq(reconciliationRuns.brand, SEEDED_BRAND)));
  if (!run)
    await exceptionDay(db, {
      brand: SEEDED_BRAND,
      day: SEEDED_DAY,
      companyIds: [hinoki, minato],
      fileName: SEEDED_FILE,
    });
  return {
    day: SEEDED_DAY,
    brand: SEEDED_BRAND,
    hinokiAmount: await amountOrder(db, hinoki),
    minatoAmount: await amountOrder(db, minato),
  };
}
