/**
 * The matching of one brand's statement for one business day against our orders and refunds
 * (docs/reconciliation.md): the statement's rows loaded into statement_rows with COPY, then two passes in SQL — our records against the statement, the statement's rows
 * unknown to us — into reconciliation_results, and the orders' audit status and result. One
 * transaction per run; one current run per brand and day, the earlier ones kept as history.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PAID_STATUSES } from '../../../src/contract/orders';
import type { PayBrand } from '../../../src/contract/brands';
import {
  AUDIT_CODE,
  AUDIT_STATUS,
  emptyCounts,
  isAuditCode,
  type RunCounts,
  type RunSource,
  type RunStatus,
} from '../../../src/contract/reconciliation';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { copyLine, copyRowsInto } from '../../db/copy';
import { reconciliationRuns, statementRows } from '../../db/schema';
import { recordAudit, systemActor, type AuditActor } from '../../platform/audit';
import {
  ALIPAY_OFFSET_MINUTES,
  CARD_OFFSET_MINUTES,
  PAYPAY_OFFSET_MINUTES,
  RowRefused,
  WECHAT_OFFSET_MINUTES,
  type StatementRefusal,
  type StatementRow,
} from './formats';

/**
 * Where each brand's business day begins, from its statement layout: the Chinese wallets cut at
 * 00:00 GMT+8 (WeChat Pay, Alipay+), PayPay and the card acquirer at 00:00 JST.
 */
export const BRAND_DAY_OFFSET_MINUTES: Record<PayBrand, number> = {
  wechat: WECHAT_OFFSET_MINUTES,
  alipayplus: ALIPAY_OFFSET_MINUTES,
  paypay: PAYPAY_OFFSET_MINUTES,
  card: CARD_OFFSET_MINUTES,
};

/** Days a success of ours missing from the statement waits for a late one before it is 300. */
export const DEFAULT_HOLDING_DAYS = 3;

/** A day of this many rows or more refreshes the staging table's statistics before matching. */
const ANALYZE_FROM = 1000;

/** Rows per COPY chunk (PGlite: per COPY): what the load holds in memory at a time. */
export const LOAD_BATCH = 5000;

const DAY_MS = 86_400_000;

/** The instants a brand's business day begins and ends. */
export function brandDayRange(brand: PayBrand, day: string): { start: Date; end: Date } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`not a day: ${day}`);
  const offset = BRAND_DAY_OFFSET_MINUTES[brand];
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - offset * 60_000);
  if (Number.isNaN(start.getTime())) throw new RangeError(`not a day: ${day}`);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

export type StatementInput =
  /** The statement's rows (an array, or streamStatement's generator: a RowRefused it throws refuses the file). */
  | { rows: Iterable<StatementRow>; refusal?: never }
  /** The file did not parse: the whole day is 400 for the brand. */
  | { refusal: StatementRefusal; rows?: never };

export type ReconcileInput = StatementInput & {
  brand: PayBrand;
  /** The brand's business day, YYYY-MM-DD. */
  day: string;
  source: RunSource;
  fileName: string;
  /** sha256 of the file (formats' contentHash): the same file again changes nothing. */
  contentHash: string;
  /** The clock (tests inject it): the run's time and the holding pool's judge. */
  now: Date;
  holdingDays?: number;
  /** Who imports (the audit row); the system by default. */
  actor?: AuditActor;
};

export interface ReconcileOutcome {
  runId: number;
  status: RunStatus;
  counts: RunCounts;
  /** The same file for the same day again: the existing run, nothing changed. */
  reused: boolean;
  /** The day's run this one replaced, if any. */
  replacedRunId: number | null;
}

const paidStatuses = sql.join(
  PAID_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** A code or status constant written into the SQL (a number, never input): typed by PostgreSQL as an integer. */
const lit = (n: number) => sql.raw(String(Math.trunc(n)));

const nonEmpty = (v: string | null) => (v === null || v === '' ? null : v.slice(0, 64));

/** The staging table's columns COPY fills, in the order of copyRow's values. */
const STAGED = `statement_rows (run_id, line, kind, brand_order_no, gateway_order_no, brand_refund_no,
  gateway_refund_no, status, status_raw, amount, fee, currency, time, raw)`;

/** A statement row as one line of text-format COPY into STAGED. */
function copyRow(runId: number, r: StatementRow): string {
  const raw: Record<string, string> = { ...r.extra };
  if (r.kindRaw !== null) raw['@kind'] = r.kindRaw;
  if (r.feeFine !== null) raw['@feeFine'] = String(r.feeFine);
  return copyLine([
    runId,
    r.line,
    r.kind,
    nonEmpty(r.brandOrderNo),
    nonEmpty(r.gatewayOrderNo),
    nonEmpty(r.brandRefundNo),
    nonEmpty(r.gatewayRefundNo),
    r.status,
    r.statusRaw.slice(0, 40),
    r.amount,
    r.fee,
    r.currency,
    r.time,
    JSON.stringify(raw),
  ]);
}

/**
 * Loads the rows with COPY (server/db/copy.ts), LOAD_BATCH rows a chunk, parsed as COPY asks for
 * the next chunk; a row of another brand, or a RowRefused from a streaming parse, refuses the
 * file (its rows loaded so far deleted).
 */
async function loadRows(
  tx: Tx,
  runId: number,
  brand: PayBrand,
  rows: Iterable<StatementRow>,
): Promise<{ count: number } | StatementRefusal> {
  let count = 0;
  let refused: StatementRefusal | null = null;
  // A refusal ends the chunks (the COPY completes with the rows before it); any other error
  // thrown by the parse fails the COPY and so the run.
  function* chunks(): Generator<Buffer<ArrayBuffer>> {
    let lines: string[] = [];
    try {
      for (const row of rows) {
        if (row.brand !== brand) {
          refused = {
            ok: false,
            line: row.line,
            reason: 'layout',
            detail: `a ${row.brand} row in a ${brand} statement`,
          };
          return;
        }
        lines.push(copyRow(runId, row));
        count++;
        if (lines.length >= LOAD_BATCH) {
          yield Buffer.from(lines.join(''));
          lines = [];
        }
      }
    } catch (e) {
      if (!(e instanceof RowRefused)) throw e;
      refused = { ok: false, line: e.line, reason: e.reason, detail: e.detail };
      return;
    }
    if (lines.length > 0) yield Buffer.from(lines.join(''));
  }
  await copyRowsInto(tx, STAGED, chunks());
  if (refused === null) return { count };
  await tx.delete(statementRows).where(eq(statementRows.runId, runId));
  return refused;
}

/**
 * Fresh statistics of the staging table for the passes: the columns they filter and join on, from
 * a small sample (default_statistics_target 10 for this transaction: 3,000 rows instead of
 * 30,000). The table keeps every run's rows, so a full ANALYZE grew with it: 0.8 s of each
 * 2,500-row day's 1.8 s once it held a million rows (the 90-day rematch, bench/RESULTS.md); the
 * small one takes ~30 ms and still sees a large day's rows, which is what the planner needs.
 */
async function analyzeStaged(tx: Tx) {
  await tx.execute(sql`set local default_statistics_target = 10`);
  await tx.execute(sql`analyze statement_rows (run_id, kind, brand_order_no, gateway_order_no,
    brand_refund_no, gateway_refund_no, order_id, refund_id)`);
  await tx.execute(sql`reset default_statistics_target`);
}

/**
 * Which of our records each statement row is: payments by the brand's order number, else our
 * gateway order number; refunds by the brand's refund number, else ours; refund rows with
 * neither (PayPay's) paired in time order with the order's refunds finished in the day. A record
 * matched by two rows keeps the first; the later rows are unknown to us (200).
 */
async function resolveRows(tx: Tx, runId: number, brand: PayBrand, start: Date, end: Date) {
  await tx.execute(sql`update statement_rows s set order_id = o.id from orders o
    where s.run_id = ${runId} and s.kind = 'payment' and s.brand_order_no is not null
      and o.brand = ${brand} and o.brand_order_no = s.brand_order_no`);
  await tx.execute(sql`update statement_rows s set order_id = o.id from orders o
    where s.run_id = ${runId} and s.kind = 'payment' and s.order_id is null and s.gateway_order_no is not null
      and o.brand = ${brand} and o.gateway_order_no = s.gateway_order_no`);
  await tx.execute(sql`update statement_rows s set refund_id = r.id, order_id = r.order_id
    from refunds r, orders o
    where s.run_id = ${runId} and s.kind = 'refund' and s.brand_refund_no is not null
      and r.brand_refund_no = s.brand_refund_no and o.id = r.order_id and o.brand = ${brand}`);
  await tx.execute(sql`update statement_rows s set refund_id = r.id, order_id = r.order_id
    from refunds r, orders o
    where s.run_id = ${runId} and s.kind = 'refund' and s.refund_id is null and s.gateway_refund_no is not null
      and r.gateway_refund_no = s.gateway_refund_no and o.id = r.order_id and o.brand = ${brand}`);
  await tx.execute(sql`with brand_rows as (
      select s.id, o.id as order_id,
          row_number() over (partition by o.id order by s.time, s.line) as n
        from statement_rows s
        join orders o on o.brand = ${brand}
          and (o.brand_order_no = s.brand_order_no or o.gateway_order_no = s.gateway_order_no)
        where s.run_id = ${runId} and s.kind = 'refund' and s.refund_id is null
          and s.brand_refund_no is null and s.gateway_refund_no is null
    ), ours as (
      select r.id, r.order_id, row_number() over (partition by r.order_id order by r.finished_at, r.id) as n
        from refunds r
        where r.order_id in (select order_id from brand_rows)
          and r.finished_at >= ${start} and r.finished_at < ${end}
          and not exists (select 1 from statement_rows t where t.run_id = ${runId} and t.refund_id = r.id)
    )
    update statement_rows s set refund_id = ours.id, order_id = ours.order_id
      from brand_rows join ours on ours.order_id = brand_rows.order_id and ours.n = brand_rows.n
      where s.id = brand_rows.id`);
  await tx.execute(sql`update statement_rows s set order_id = null, refund_id = null
    from (select id, row_number() over (
          partition by kind, case when kind = 'payment' then order_id else refund_id end order by line, id) as n
        from statement_rows
        where run_id = ${runId} and (case when kind = 'payment' then order_id else refund_id end) is not null) d
    where s.id = d.id and d.n > 1`);
  // A refund row left unmatched keeps no order (matched means: its refund found).
  await tx.execute(sql`update statement_rows set order_id = null
    where run_id = ${runId} and kind = 'refund' and refund_id is null and order_id is not null`);
}

/**
 * The brand side and the compared pairs: every statement row gets a result — 200 when it is
 * none of ours, else status (100), amount or currency (600), fee (500) or 1, with every value
 * that differs in diff. A refund row's fee is compared by its size (layouts sign it).
 */
async function classifyRows(tx: Tx, runId: number) {
  const C = AUDIT_CODE;
  await tx.execute(sql`insert into reconciliation_results (run_id, order_id, refund_id, statement_row_id, code, diff)
    select ${runId}::bigint, x.order_id, x.refund_id, x.id,
        case when not x.known then ${lit(C.gatewayMissing)}
          when x.ours_success <> x.brand_success then ${lit(C.statusDiffers)}
          when x.amount_differs then ${lit(C.amountDiffers)}
          when x.fee_differs then ${lit(C.feeDiffers)}
          else ${lit(C.matched)} end,
        case when x.known then nullif(jsonb_strip_nulls(jsonb_build_object(
          'status', case when x.ours_success <> x.brand_success
            then jsonb_build_object('ours', x.ours_status, 'brand', x.status_raw) end,
          'amount', case when x.ours_amount <> x.amount
            then jsonb_build_object('ours', x.ours_amount, 'brand', x.amount) end,
          'currency', case when x.ours_currency <> x.currency
            then jsonb_build_object('ours', x.ours_currency, 'brand', x.currency) end,
          'fee', case when x.fee_differs then jsonb_build_object('ours', x.ours_fee, 'brand', x.brand_fee) end
        )), '{}'::jsonb) end
    from (
      select s.id, s.status_raw, s.amount, s.currency,
          case when s.kind = 'payment' then s.order_id else r.order_id end as order_id, s.refund_id,
          (case when s.kind = 'payment' then o.id else r.id end) is not null as known,
          s.status = 'success' as brand_success,
          case when s.kind = 'payment' then o.status in (${paidStatuses}) else r.status = 'success' end as ours_success,
          case when s.kind = 'payment' then o.status else r.status end as ours_status,
          case when s.kind = 'payment' then o.amount else r.amount end as ours_amount,
          case when s.kind = 'payment' then o.currency else r.currency end as ours_currency,
          (case when s.kind = 'payment' then o.amount else r.amount end) <> s.amount
            or (case when s.kind = 'payment' then o.currency else r.currency end) <> s.currency as amount_differs,
          case when s.kind = 'payment' then coalesce(o.fee_amount, 0) else coalesce(r.fee_amount, 0) end as ours_fee,
          case when s.kind = 'payment' then s.fee else abs(s.fee) end as brand_fee,
          s.fee is not null and (case when s.kind = 'payment' then s.fee else abs(s.fee) end)
            <> (case when s.kind = 'payment' then coalesce(o.fee_amount, 0) else coalesce(r.fee_amount, 0) end)
            as fee_differs
        from statement_rows s
        left join orders o on s.kind = 'payment' and o.id = s.order_id
        left join refunds r on s.kind = 'refund' and r.id = s.refund_id
        where s.run_id = ${runId}
    ) x`);
}

/**
 * The gateway side's missing ones: our paid orders and succeeded refunds of the brand that
 * finished in the day and no statement row matched — `code` (300, 400) or held (null).
 */
async function ourDayWithout(
  tx: Tx,
  runId: number,
  brand: PayBrand,
  start: Date,
  end: Date,
  code: number | null,
) {
  const c = code === null ? sql`null::smallint` : sql`${lit(code)}::smallint`;
  await tx.execute(sql`insert into reconciliation_results (run_id, order_id, refund_id, statement_row_id, code)
    select ${runId}::bigint, o.id, null::bigint, null::bigint, ${c} from orders o
      where o.brand = ${brand} and o.status in (${paidStatuses})
        and o.finished_at >= ${start} and o.finished_at < ${end}
        and not exists (select 1 from statement_rows s where s.run_id = ${runId} and s.kind = 'payment' and s.order_id = o.id)
    union all
    select ${runId}::bigint, r.order_id, r.id, null::bigint, ${c} from refunds r join orders o on o.id = r.order_id
      where o.brand = ${brand} and r.status = 'success'
        and r.finished_at >= ${start} and r.finished_at < ${end}
        and not exists (select 1 from statement_rows s where s.run_id = ${runId} and s.refund_id = r.id)`);
}

async function countsOf(tx: Tx, runId: number): Promise<RunCounts> {
  const counts = emptyCounts();
  const rows = rowsOf<{ code: number | null; n: number | string }>(
    await tx.execute(
      sql`select code, count(*) as n from reconciliation_results where run_id = ${runId} group by code`,
    ),
  );
  for (const r of rows) {
    const code = r.code === null ? null : Number(r.code);
    if (code === null) counts.held += Number(r.n);
    else if (isAuditCode(code)) counts[`${code}`] += Number(r.n);
  }
  return counts;
}

/**
 * The orders' audit status and result from a run's payment results: 1 audited, another code an
 * exception (audited too when the exception carries a resolution inherited from the run it
 * replaced), held not audited; an order the replaced run had judged and this one does not goes
 * back to not audited. (A refund's result stays with the run: docs/reconciliation.md.)
 *
 * One statement keyed by the order's id, and only the orders whose status or result changes are
 * written: an order row written is a new row version in every index of orders, so the corrected
 * file of a 100,000-order day, which changes a few of them, no longer writes all of them twice
 * (to not audited, then back: 12 of its 17 s; bench/RESULTS.md).
 */
async function auditOrders(tx: Tx, runId: number, replacedRunId: number | null) {
  const ofRun = (id: number) => sql`select order_id, code, resolution from reconciliation_results
      where run_id = ${id} and refund_id is null and order_id is not null`;
  const judged = sql`select order_id, max(code) as code,
        bool_and(code is null or code = ${lit(AUDIT_CODE.matched)} or resolution is not null) as settled
      from (${ofRun(runId)}) r group by order_id`;
  const before =
    replacedRunId === null
      ? sql`select null::bigint as order_id where false`
      : sql`select distinct order_id from (${ofRun(replacedRunId)}) p`;
  await tx.execute(sql`update orders o set audit_status = y.status, audit_result = y.code, updated_at = now()
    from (select coalesce(x.order_id, b.order_id) as order_id, x.code,
          case when x.order_id is null or x.code is null then ${lit(AUDIT_STATUS.notAudited)}
            when x.code = ${lit(AUDIT_CODE.matched)} or x.settled then ${lit(AUDIT_STATUS.audited)}
            else ${lit(AUDIT_STATUS.exception)} end as status
        from (${judged}) x full join (${before}) b on b.order_id = x.order_id) y
    where o.id = y.order_id
      and (o.audit_status is distinct from y.status or o.audit_result is distinct from y.code)`);
}

/**
 * A rerun keeps what was decided: a result of the new run for the same record (order and
 * refund; for a 200 row, the same brand order and refund numbers) with the same code as a
 * resolved result of the run it replaces takes that resolution over.
 */
async function inheritResolutions(tx: Tx, runId: number, replacedRunId: number) {
  await tx.execute(sql`update reconciliation_results n
    set resolution = p.resolution, resolution_comment = p.resolution_comment, resolved_by = p.resolved_by,
      resolved_by_name = p.resolved_by_name, resolved_at = p.resolved_at
    from (select distinct on (n2.id) n2.id as new_id, o.resolution, o.resolution_comment, o.resolved_by,
          o.resolved_by_name, o.resolved_at
        from reconciliation_results n2
        join reconciliation_results o on o.run_id = ${replacedRunId} and o.resolution is not null
          and o.code = n2.code
        left join statement_rows ns on ns.id = n2.statement_row_id
        left join statement_rows os on os.id = o.statement_row_id
        where n2.run_id = ${runId} and n2.code <> ${lit(AUDIT_CODE.matched)}
          and (
            (n2.order_id is not null and o.order_id = n2.order_id
              and o.refund_id is not distinct from n2.refund_id)
            or (n2.order_id is null and o.order_id is null and ns.kind = os.kind
              and coalesce(ns.brand_order_no, ns.brand_refund_no) is not null
              and ns.brand_order_no is not distinct from os.brand_order_no
              and ns.brand_refund_no is not distinct from os.brand_refund_no)
          )
        order by n2.id, o.id) p
    where n.id = p.new_id`);
}

/**
 * Reconciles one brand's business day with its statement (or its refused file), in one
 * transaction: see the file's comment and docs/reconciliation.md.
 */
export async function reconcileDay(db: Db, input: ReconcileInput): Promise<ReconcileOutcome> {
  const { brand, day, now } = input;
  const holdingDays = input.holdingDays ?? DEFAULT_HOLDING_DAYS;
  if (!Number.isInteger(holdingDays) || holdingDays < 0 || holdingDays > 365)
    throw new RangeError(`holding days out of range: ${holdingDays}`);
  const { start, end } = brandDayRange(brand, day);
  const holdingUntil = new Date(end.getTime() + holdingDays * DAY_MS);
  const actor = input.actor ?? systemActor('reconciliation');
  const began = Date.now();

  return db.transaction(async (tx) => {
    // One import of a brand's day at a time; the partial unique index backs it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reconcile:${brand}:${day}`}))`);
    const [current] = await tx
      .select()
      .from(reconciliationRuns)
      .where(
        and(
          eq(reconciliationRuns.brand, brand),
          eq(reconciliationRuns.businessDay, day),
          isNull(reconciliationRuns.replacedByRunId),
        ),
      );
    // The same file again changes nothing, unless rows it held have outlived the pool: then
    // the same statement is matched again and those become 300.
    if (
      current &&
      current.contentHash === input.contentHash &&
      !(current.counts.held > 0 && now.getTime() >= current.holdingUntil.getTime())
    ) {
      return {
        runId: current.id,
        status: current.status,
        counts: current.counts,
        reused: true,
        replacedRunId: current.replacesRunId,
      };
    }
    if (current) {
      // Out of the unique index's way until the new run's id is known.
      await tx
        .update(reconciliationRuns)
        .set({ replacedByRunId: 0 })
        .where(eq(reconciliationRuns.id, current.id));
    }
    const [run] = await tx
      .insert(reconciliationRuns)
      .values({
        brand,
        businessDay: day,
        source: input.source,
        fileName: input.fileName.slice(0, 255),
        contentHash: input.contentHash,
        status: 'matched',
        counts: emptyCounts(),
        holdingDays,
        holdingUntil,
        startedAt: now,
        finishedAt: now,
        replacesRunId: current?.id ?? null,
      })
      .returning({ id: reconciliationRuns.id });
    if (current)
      await tx
        .update(reconciliationRuns)
        .set({ replacedByRunId: run.id })
        .where(eq(reconciliationRuns.id, current.id));

    const loaded = input.refusal ?? (await loadRows(tx, run.id, brand, input.rows));
    let status: RunStatus = 'matched';
    let rowCount = 0;
    if ('ok' in loaded) {
      status = 'refused';
      await ourDayWithout(tx, run.id, brand, start, end, AUDIT_CODE.formatError);
    } else {
      rowCount = loaded.count;
      // The rows just loaded are most of what the passes read: without fresh statistics the
      // planner takes a large day for an empty one and joins it row by row (a 100,000-row day
      // took 202 s instead of seconds on PostgreSQL; bench/RESULTS.md).
      if (rowCount >= ANALYZE_FROM) await analyzeStaged(tx);
      await resolveRows(tx, run.id, brand, start, end);
      await classifyRows(tx, run.id);
      const held = now.getTime() < holdingUntil.getTime();
      await ourDayWithout(tx, run.id, brand, start, end, held ? null : AUDIT_CODE.brandMissing);
    }
    if (current) await inheritResolutions(tx, run.id, current.id);
    await auditOrders(tx, run.id, current?.id ?? null);
    const counts = await countsOf(tx, run.id);
    const refused = 'ok' in loaded ? loaded : null;
    await tx
      .update(reconciliationRuns)
      .set({
        status,
        rowCount,
        counts,
        refusalLine: refused?.line ?? null,
        refusalReason: refused?.reason ?? null,
        refusalDetail: refused ? refused.detail.slice(0, 500) : null,
        finishedAt: new Date(now.getTime() + (Date.now() - began)),
      })
      .where(eq(reconciliationRuns.id, run.id));
    await recordAudit(tx, actor, {
      objectType: 'reconciliationRun',
      objectId: run.id,
      action: 'reconcile',
      before: current ? { runId: current.id, status: current.status, counts: current.counts } : undefined,
      after: {
        brand,
        day,
        source: input.source,
        fileName: input.fileName,
        contentHash: input.contentHash,
        status,
        rowCount,
        counts,
        refusal: refused ? { line: refused.line, reason: refused.reason } : undefined,
      },
    });
    return { runId: run.id, status, counts, reused: false, replacedRunId: current?.id ?? null };
  });
}
