import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { PAY_BRANDS, type PayBrand } from '../../../src/contract/brands';
import { SandboxConnector } from '../../connectors/sandbox';
import { BRAND_STATEMENTS, statementReadyAt } from '../../connectors/sandboxStatements';
import type { Injection } from '../../connectors/types';
import {
  parseStatement,
  reconcileDay,
  type StatementRefusal,
  type StatementRow,
} from '../../modules/reconciliation';
import { systemActor } from '../../platform/audit';
import type { Db } from '../client';

/**
 * 90 days of brand statements for the demo (issue #16, "Demo data"): the sandbox brands' books
 * are given the demo orders and refunds as the brands processed them (sandbox_payments,
 * sandbox_refunds), then each brand's daily statement is fetched from its sandbox connector —
 * its own layout, fee and day cut — with a few discrepancies injected on chosen days, and
 * matched as the scheduler would. Most days are clean; a handful carry each exception code;
 * one file is corrupt and one has an unreadable row (both refused whole: 400); PayPay's latest statement is late (its orders not audited yet) and
 * Alipay+'s latest lacks rows still in the holding pool.
 */

const DAYS = 90;

/** The brands' books: our demo payments and refunds as each brand recorded them (at our paid time). */
async function fillSandboxBooks(db: Db) {
  await db.execute(sql`insert into sandbox_payments
      (brand_order_no, brand, merchant_order_no, amount, currency, state, behaviour, sub_brand,
       refunded_amount, expires_at, created_at, updated_at)
    select o.brand_order_no, o.brand, o.gateway_order_no, o.amount, o.currency,
        case when o.status = 'failed' then 'FAILED' else 'COMPLETED' end, 'normal', o.sub_brand,
        o.refunded_amount, o.finished_at + interval '15 minutes', o.finished_at, o.finished_at
      from orders o
      where o.demo and o.brand_order_no is not null and o.brand_order_no <> '' and o.finished_at is not null
        and o.status in ('success', 'partlyRefunded', 'refunding', 'refunded', 'failed')
    on conflict do nothing`);
  await db.execute(sql`insert into sandbox_refunds
      (brand, merchant_refund_no, brand_refund_no, brand_order_no, amount, currency, state, created_at, updated_at)
    select o.brand, r.gateway_refund_no, coalesce(nullif(r.brand_refund_no, ''), 'SBXR' || r.gateway_refund_no),
        o.brand_order_no, r.amount, r.currency, case when r.status = 'failed' then 'FAILED' else 'SUCCESS' end,
        r.created_at, r.finished_at
      from refunds r join orders o on o.id = r.order_id
      where o.demo and o.brand_order_no is not null and o.brand_order_no <> '' and r.finished_at is not null
        and r.status in ('success', 'failed')
    on conflict do nothing`);
}

/** A day's discrepancies, by brand and how many days before yesterday (0 = yesterday). */
const PLAN: Partial<Record<PayBrand, Record<number, readonly Injection[]>>> = {
  wechat: {
    5: [{ kind: 'extraRow', amount: 3300 }],
    12: [{ kind: 'status', row: 2 }],
    19: [{ kind: 'fee', row: 1, delta: 7 }],
    26: [{ kind: 'missingRow', row: 3 }],
    33: [{ kind: 'corruptFile' }],
    47: [{ kind: 'amount', row: 0, delta: -100 }],
    61: [{ kind: 'extraRow', amount: 12_800 }],
  },
  alipayplus: {
    // The latest statement lacks two rows: those orders wait in the holding pool (3 days).
    0: [
      { kind: 'missingRow', row: 0 },
      { kind: 'missingRow', row: 1 },
    ],
    8: [{ kind: 'amount', row: 1, delta: 50 }],
    15: [{ kind: 'fee', row: 0, delta: -3 }],
    29: [{ kind: 'missingRow', row: 2 }],
    40: [{ kind: 'unparseableRow', row: 1 }],
    54: [{ kind: 'status', row: 0 }],
  },
  paypay: {
    9: [{ kind: 'amount', row: 2, delta: 1000 }],
    23: [{ kind: 'extraRow', amount: 5500 }],
    37: [{ kind: 'missingRow', row: 0 }],
    51: [{ kind: 'status', row: 1 }],
  },
  card: {
    6: [{ kind: 'fee', row: 0, delta: 12 }],
    20: [{ kind: 'missingRow', row: 1 }],
    44: [{ kind: 'extraRow', amount: 2400 }],
  },
};

/** PayPay's latest statement is late: not fetched yet (the scheduler tries again). */
const LATE: { brand: PayBrand; daysBack: number } = { brand: 'paypay', daysBack: 0 };

/** The currencies the brand writes one file each for on this day (card batches, WeChat bills). */
async function fileCurrencies(
  db: Db,
  brand: PayBrand,
  start: Date,
  end: Date,
): Promise<(string | undefined)[]> {
  const b = BRAND_STATEMENTS[brand];
  if (b.currency === 'any' || (b.currency !== 'batch' && !b.foreign)) return [undefined];
  const result = await db.execute(sql`select distinct currency from (
      select currency from sandbox_payments where brand = ${brand} and created_at >= ${start} and created_at < ${end}
      union select currency from sandbox_refunds where brand = ${brand} and updated_at >= ${start} and updated_at < ${end}
    ) x order by currency`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { currency: string }[] }).rows) as {
    currency: string;
  }[];
  return rows.length === 0 ? [b.currency === 'batch' ? 'JPY' : undefined] : rows.map((r) => r.currency);
}

/**
 * The day's file with the planned discrepancies; a row the plan names that the (small) day
 * lacks is its first row instead, and a day without rows gets none.
 */
async function fetchWith(
  connector: SandboxConnector,
  day: string,
  now: Date,
  currency: string | undefined,
  inject: readonly Injection[],
) {
  const first = (i: Injection): Injection => ('row' in i && i.row !== undefined ? { ...i, row: 0 } : i);
  for (const plan of [inject, inject.map(first), []]) {
    try {
      return await connector.fetchStatement(day, { now, inject: plan, currency });
    } catch (e) {
      if (!(e instanceof RangeError) || plan.length === 0) throw e;
    }
  }
  throw new Error('unreachable');
}

const hashOf = (parts: readonly string[]) =>
  parts.length === 1 ? parts[0] : createHash('sha256').update(parts.join('\n')).digest('hex');

export interface DemoStatementsReport {
  runs: number;
  refused: number;
  exceptions: number;
}

/**
 * Fetches and matches every brand's statement of the last 90 days that is ready at `now`, and
 * returns what the runs found. A brand-day whose files are several (one per currency) is matched
 * as one run over all of them.
 */
export async function seedDemoStatements(db: Db, now = new Date()): Promise<DemoStatementsReport> {
  await fillSandboxBooks(db);
  const noDeliver = () => Promise.resolve(200);
  const report: DemoStatementsReport = { runs: 0, refused: 0, exceptions: 0 };
  const actor = systemActor('statementFetch');
  for (const brand of PAY_BRANDS) {
    const connector = new SandboxConnector(brand, db, 'demo', () => '', noDeliver);
    const offset = BRAND_STATEMENTS[brand].offsetMinutes;
    // The brand's yesterday: the last day whose statement can be out by now.
    let last = DateTime.fromJSDate(now, { zone: 'utc' }).plus({ minutes: offset }).minus({ days: 1 });
    while (statementReadyAt(brand, last.toISODate()!) > now) last = last.minus({ days: 1 });
    for (let back = DAYS - 1; back >= 0; back--) {
      if (brand === LATE.brand && back === LATE.daysBack) continue;
      const day = last.minus({ days: back }).toISODate()!;
      const start = DateTime.fromISO(`${day}T00:00:00Z`).minus({ minutes: offset }).toJSDate();
      const end = new Date(start.getTime() + 86_400_000);
      const inject = PLAN[brand]?.[back] ?? [];
      const rows: StatementRow[] = [];
      const names: string[] = [];
      const hashes: string[] = [];
      let refusal: StatementRefusal | null = null;
      for (const [i, currency] of (await fileCurrencies(db, brand, start, end)).entries()) {
        // The discrepancies go into the day's first file.
        const file = await fetchWith(connector, day, now, currency, i === 0 ? inject : []);
        const parsed = parseStatement(file.bytes);
        names.push(file.fileName);
        hashes.push(createHash('sha256').update(file.bytes).digest('hex'));
        if (!parsed.ok) refusal ??= parsed;
        else rows.push(...parsed.rows);
      }
      const input = refusal ? { refusal } : { rows };
      const out = await reconcileDay(db, {
        ...input,
        brand,
        day,
        source: 'fetched',
        fileName: names.join(' + ').slice(0, 255),
        contentHash: hashOf(hashes),
        now,
        actor,
      });
      report.runs += 1;
      if (out.status === 'refused') report.refused += 1;
      const c = out.counts;
      report.exceptions += c['100'] + c['200'] + c['300'] + c['400'] + c['500'] + c['600'];
    }
  }
  return report;
}
