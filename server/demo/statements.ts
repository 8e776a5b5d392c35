import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { PAY_BRANDS, type PayBrand } from '../../src/contract/brands';
import { SandboxConnector } from '../connectors/sandbox';
import { BRAND_STATEMENTS, statementReadyAt } from '../connectors/sandboxStatements';
import { StatementNotReady, StatementUnsupported, type Injection } from '../connectors/types';
import {
  fileCurrency,
  joinedFileNames,
  reconcileDay,
  releaseOrder,
  runFilesHash,
  type StatementInput,
  type StatementPart,
} from '../modules/reconciliation';
import { parseStatement, type StatementRefusal, type StatementRow } from '../formats';
import { recordAudits, systemActor } from '../platform/audit';
import { type Resolution } from '../../src/contract/reconciliation';
import { rowsOf, type Db } from '../db/client';
import { statementFetches } from '../db/schema';

/**
 * 90 days of brand statements for the demo (issue #16, "Demo data"): the sandbox brands' books
 * are given the demo orders and refunds as the brands processed them (sandbox_payments,
 * sandbox_refunds), then each brand's daily statement is fetched from its sandbox connector —
 * its own layout, fee and day cut — with a few discrepancies injected on chosen days, and
 * matched as the scheduler would. Most days are clean; a handful carry each exception code;
 * one file is corrupt and one has an unreadable row (both refused whole: 400); the exceptions
 * older than 30 days resolved by the system admin with a comment; PayPay's latest statement is late (its orders not audited yet) and
 * Alipay+'s latest lacks rows still in the holding pool.
 */

const DAYS = 90;

/**
 * The brands' books: our demo payments and refunds (or all of them: the reconciliation bench's
 * orders too) as each brand recorded them (at our paid time).
 */
export async function fillSandboxBooks(db: Db, orders: 'demo' | 'all' = 'demo') {
  const ours = orders === 'demo' ? sql`o.demo and` : sql``;
  await db.execute(sql`insert into sandbox_payments
      (brand_order_no, brand, merchant_order_no, amount, currency, state, behaviour, sub_brand,
       refunded_amount, expires_at, created_at, updated_at)
    select o.brand_order_no, o.brand, o.gateway_order_no, o.amount, o.currency,
        case when o.status = 'failed' then 'FAILED' else 'COMPLETED' end, 'normal', o.sub_brand,
        o.refunded_amount, o.finished_at + interval '15 minutes', o.finished_at, o.finished_at
      from orders o
      where ${ours} o.brand_order_no is not null and o.brand_order_no <> '' and o.finished_at is not null
        and o.status in ('success', 'partlyRefunded', 'refunding', 'refunded', 'failed')
    on conflict do nothing`);
  await db.execute(sql`insert into sandbox_refunds
      (brand, merchant_refund_no, brand_refund_no, brand_order_no, amount, currency, state, created_at, updated_at)
    select o.brand, r.gateway_refund_no, coalesce(nullif(r.brand_refund_no, ''), 'SBXR' || r.gateway_refund_no),
        o.brand_order_no, r.amount, r.currency, case when r.status = 'failed' then 'FAILED' else 'SUCCESS' end,
        r.created_at, r.finished_at
      from refunds r join orders o on o.id = r.order_id
      where ${ours} o.brand_order_no is not null and o.brand_order_no <> '' and r.finished_at is not null
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
/** How late past its ready time (the statement's day is yesterday: it comes later today). */
const LATE_MINUTES = 24 * 60;

/**
 * The late statement as the fetching job would have found it: asked for, not ready (the brand
 * is late by a few hours), to be tried again at the time the brand now gives.
 */
async function markLate(db: Db, connector: SandboxConnector, day: string, now: Date) {
  try {
    await connector.fetchStatement(day, { now, inject: [{ kind: 'late', minutes: LATE_MINUTES }] });
  } catch (e) {
    if (!(e instanceof StatementNotReady)) throw e;
    await db
      .insert(statementFetches)
      .values({
        brand: connector.brand,
        businessDay: day,
        state: 'waiting',
        attempts: 1,
        nextAttemptAt: e.readyAt,
        lastError: e.message.slice(0, 255),
        updatedAt: now,
      })
      .onConflictDoNothing();
  }
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

/** Decisions and comments of the demo's resolved exceptions, in turn. */
const RESOLVED: readonly { decision: Resolution; comment: string }[] = [
  {
    decision: 'gatewayRight',
    comment: 'ブランドに照会済み。ブランド側の明細漏れとの回答（問合せ番号 INQ-2026-0412）',
  },
  { decision: 'brandRight', comment: '加盟店に確認のうえ、ブランドの金額で調整を記録しました' },
  { decision: 'writeOff', comment: '少額のため償却（経理承認済み）' },
];

/**
 * The older exceptions resolved by the system admin, with a comment, as the console resolves
 * them (docs/reconciliation.md): the decision on the result, the order released when it has no
 * other open exception, one audit row each. The last 30 days' exceptions stay open.
 */
async function resolveOlder(db: Db, now: Date) {
  const [who] = rowsOf<{ id: number; user_name: string }>(
    await db.execute(sql`select id, user_name from operators where login_id = 'admin'`),
  );
  if (!who) return;
  const found = await db.execute(sql`select x.id, x.order_id, x.code, r.business_day::text as day, r.brand
      from reconciliation_results x join reconciliation_runs r on r.id = x.run_id and r.replaced_by_run_id is null
      where x.code is not null and x.code <> 1 and x.resolution is null
        and r.business_day < (${now}::timestamptz - interval '30 days')::date
      order by r.business_day, x.id`);
  const open = rowsOf<{ id: number; order_id: number | null; code: number; day: string; brand: string }>(
    found,
  );
  for (const [i, r] of open.entries()) {
    // The call the console makes: the check page of the brand's group (the card has none).
    const group = r.brand === 'paypay' ? 'paypay' : 'wallet';
    const actor = {
      operatorId: Number(who.id),
      loginId: 'admin',
      callPath: `/history/${group}Check/resolve`,
      ip: '',
    };
    const { decision, comment } = RESOLVED[i % RESOLVED.length];
    // A resolution a day or two after the statement came.
    const at = DateTime.fromISO(r.day, { zone: 'utc' })
      .plus({ days: 2, hours: 2 + (i % 6) })
      .toJSDate();
    await db.transaction(async (tx) => {
      await tx.execute(sql`update reconciliation_results set resolution = ${decision},
          resolution_comment = ${comment}, resolved_by = ${who.id}, resolved_by_name = ${who.user_name},
          resolved_at = ${at} where id = ${r.id}`);
      // Its order audited again once none of its exceptions is open, as the console's resolution does.
      if (r.order_id !== null) await releaseOrder(tx, Number(r.order_id), at);
      await recordAudits(tx, actor, [
        {
          objectType: 'reconciliationResult',
          objectId: r.id,
          action: 'resolve',
          before: { code: r.code, resolution: null },
          after: { code: r.code, resolution: decision, comment },
        },
      ]);
    });
  }
}

/** A brand day's statement as the sandbox brand writes it, ready for reconcileDay. */
export type DayStatement = StatementInput & {
  fileName: string;
  contentHash: string;
  files: StatementPart[];
};

/**
 * The brand's statement of a day from its sandbox connector, with the discrepancies `inject`
 * names, parsed: one file, or one per currency (matched as one run over all of them, as a fetch
 * of the day's files is). Null when the brand's layout cannot carry the day (a PayPay link paid
 * in dollars: its orders stay not audited).
 */
export async function dayStatement(
  connector: SandboxConnector,
  day: string,
  now: Date,
  inject: readonly Injection[] = [],
): Promise<DayStatement | null> {
  const rows: StatementRow[] = [];
  const files: StatementPart[] = [];
  let refusal: StatementRefusal | null = null;
  for (const [i, currency] of (await connector.statementCurrencies(day)).entries()) {
    // The discrepancies go into the day's first file.
    const file = await fetchWith(connector, day, now, currency, i === 0 ? inject : []).catch((e) => {
      if (e instanceof StatementUnsupported) return null;
      throw e;
    });
    if (!file) return null;
    const parsed = parseStatement(file.bytes);
    const contentHash = createHash('sha256').update(file.bytes).digest('hex');
    if (!parsed.ok) {
      refusal ??= parsed;
      files.push({ fileName: file.fileName, contentHash, currency: currency ?? null, refused: true });
      continue;
    }
    rows.push(...parsed.rows);
    const read = { currencies: new Set(parsed.rows.map((r) => r.currency)), summary: parsed.summary };
    files.push({
      fileName: file.fileName,
      contentHash,
      currency: fileCurrency(parsed.layout, read, file.fileName),
    });
  }
  const input: StatementInput = refusal ? { rows, refusal } : { rows };
  return {
    ...input,
    fileName: joinedFileNames(files),
    contentHash: runFilesHash(files),
    files,
  };
}

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
      if (brand === LATE.brand && back === LATE.daysBack) {
        await markLate(db, connector, last.minus({ days: back }).toISODate()!, now);
        continue;
      }
      const day = last.minus({ days: back }).toISODate()!;
      const statement = await dayStatement(connector, day, now, PLAN[brand]?.[back] ?? []);
      if (!statement) continue;
      const out = await reconcileDay(db, { ...statement, brand, day, source: 'fetched', now, actor });
      report.runs += 1;
      if (out.status === 'refused') report.refused += 1;
      const c = out.counts;
      report.exceptions += c['100'] + c['200'] + c['300'] + c['400'] + c['500'] + c['600'];
    }
  }
  await resolveOlder(db, now);
  return report;
}
