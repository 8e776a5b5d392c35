/**
 * The matching of one brand's statement for one business day against our orders and refunds
 * (docs/reconciliation.md): the statement's rows loaded with COPY into the run's stage (a
 * temporary table), resolved to our records there and written to statement_rows once, then two
 * passes in SQL — our records against the statement, the statement's rows unknown to us — into
 * reconciliation_results, and the orders' audit status and result. One
 * transaction per run; one current run per brand and day, the earlier ones kept as history.
 */
import { createHash } from 'node:crypto';
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
import { reconciliationRuns, type RunFile } from '../../db/schema';
import { recordAudit, systemActor, type AuditActor } from '../../platform/audit';
import {
  ALIPAY_OFFSET_MINUTES,
  CARD_OFFSET_MINUTES,
  PAYPAY_OFFSET_MINUTES,
  RowRefused,
  WECHAT_OFFSET_MINUTES,
  type StatementRefusal,
  type StatementRow,
} from '../../formats';

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

const stepTimer = (onStep: ((step: string, ms: number) => void) | undefined) => {
  let last = performance.now();
  return (name: string) => {
    const now = performance.now();
    onStep?.(name, now - last);
    last = now;
  };
};

/** The instants a brand's business day begins and ends. */
export function brandDayRange(brand: PayBrand, day: string): { start: Date; end: Date } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`not a day: ${day}`);
  const offset = BRAND_DAY_OFFSET_MINUTES[brand];
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - offset * 60_000);
  if (Number.isNaN(start.getTime())) throw new RangeError(`not a day: ${day}`);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

export type StatementInput =
  /**
   * The statement's rows (an array, or streamStatement's generator: a RowRefused it throws refuses
   * the file), with `refusal` too when one of its files did not parse (`files` names which): the
   * others' rows are kept for a later file to join.
   */
  | { rows: Iterable<StatementRow>; refusal?: StatementRefusal }
  /** The file did not parse: the whole day is 400 for the brand. */
  | { refusal: StatementRefusal; rows?: never };

/**
 * A file of the statement given to reconcileDay: its currency when the brand writes one file per
 * currency (fileCurrency), null when it carries the whole day; refused: the file that did not
 * parse (the input's refusal).
 */
export interface StatementPart {
  fileName: string;
  contentHash: string;
  currency: string | null;
  refused?: boolean;
}

/**
 * The hash of a run's files: the file's own for one; for several, of their currencies and hashes
 * in currency order (the same files in any order are the same statement).
 */
export function runFilesHash(files: readonly Pick<StatementPart, 'contentHash' | 'currency'>[]): string {
  if (files.length === 1) return files[0].contentHash;
  const lines = files.map((f) => `${f.currency ?? ''}:${f.contentHash}`).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** Several files' names as one (a run's, an import's): joined with " + ", as a file name column holds. */
export const joinedFileNames = (files: readonly { fileName: string }[]) =>
  files
    .map((f) => f.fileName)
    .join(' + ')
    .slice(0, 255);

const byCurrency = (a: RunFile, b: RunFile) => (a.currency ?? '').localeCompare(b.currency ?? '');

export type ReconcileInput = StatementInput & {
  brand: PayBrand;
  /** The brand's business day, YYYY-MM-DD. */
  day: string;
  source: RunSource;
  fileName: string;
  /** sha256 of the file (formats' contentHash): the same file again changes nothing. */
  contentHash: string;
  /** The input's files, when it is several or one currency's (default: one file, the whole day). */
  files?: readonly StatementPart[];
  /**
   * Keep the current run's files of the other currencies (an upload of one currency's file): the
   * new run is over their rows and the input's. Without it the input is the whole day.
   */
  join?: boolean;
  /** The clock (tests inject it): the run's time and the holding pool's judge. */
  now: Date;
  holdingDays?: number;
  /** Who imports (the audit row); the system by default. */
  actor?: AuditActor;
  /** Told each step's time in milliseconds as the run goes (the bench's breakdown). */
  onStep?: (step: string, ms: number) => void;
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

/** A statement row's columns, as statement_rows and the run's stage both have them. */
const ROW_COLUMNS = `line, kind, brand_order_no, gateway_order_no, brand_refund_no, gateway_refund_no,
  status, status_raw, amount, fee, currency, time, raw`;
/** The same, read from the stage (aliased s). */
const STAGE_COLUMNS = ROW_COLUMNS.split(',')
  .map((c) => `s.${c.trim()}`)
  .join(', ');

/**
 * The run's two temporary tables, without indexes, dropped at the transaction's end. The stage
 * holds the statement's rows as COPY loads them; each takes its statement_rows id as it is
 * loaded, so results can name it before the row is written there. The match table holds what
 * resolveRows finds of ours for them. The rows reach statement_rows once, with their records,
 * instead of being written there and then rewritten by every step of the first pass (each a new
 * version of 100,000 rows in the table's indexes: about 3 s of a 100,000-row day's 9;
 * bench/RESULTS.md).
 */
async function createStage(tx: Tx) {
  await tx.execute(sql`create temporary table recon_stage (
      id bigint not null default nextval('statement_rows_id_seq'),
      line integer not null, kind varchar(8) not null,
      brand_order_no varchar(64), gateway_order_no varchar(64),
      brand_refund_no varchar(64), gateway_refund_no varchar(64),
      status varchar(8) not null, status_raw varchar(40) not null,
      amount bigint not null, fee bigint, currency varchar(3) not null,
      time timestamp with time zone not null, raw jsonb not null
    ) on commit drop`);
  await tx.execute(sql`create temporary table recon_match (
      id bigint not null, kind varchar(8) not null, line integer not null,
      order_id bigint not null, refund_id bigint,
      status varchar(20) not null, amount bigint not null, currency varchar(3) not null, fee bigint
    ) on commit drop`);
}

/** A statement row as one line of text-format COPY into the stage's ROW_COLUMNS. */
function copyRow(r: StatementRow): string {
  const raw: Record<string, string> = { ...r.extra };
  if (r.kindRaw !== null) raw['@kind'] = r.kindRaw;
  if (r.feeFine !== null) raw['@feeFine'] = String(r.feeFine);
  return copyLine([
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
        lines.push(copyRow(row));
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
  const [mark] = rowsOf<{ id: string | number }>(
    await tx.execute(sql`select coalesce(max(id), 0) as id from recon_stage`),
  );
  await copyRowsInto(tx, `recon_stage (${ROW_COLUMNS})`, chunks());
  if (refused === null) return { count };
  // The refused rows go; the rows kept from the day's other files stay.
  await tx.execute(sql`delete from recon_stage where id > ${Number(mark.id)}`);
  return refused;
}

/** How many rows the stage holds. */
async function stagedCount(tx: Tx): Promise<number> {
  const [n] = rowsOf<{ n: string | number }>(await tx.execute(sql`select count(*) as n from recon_stage`));
  return Number(n.n);
}

/**
 * The rows of the day's other files into the stage, from the runs that hold them (each file's
 * rows are its currency's there); how many.
 */
async function loadKept(tx: Tx, kept: readonly RunFile[]): Promise<number> {
  const from = kept.filter((f) => f.rowsRunId !== null && f.currency !== null);
  if (from.length === 0) return 0;
  for (const f of from)
    await tx.execute(sql`insert into recon_stage (${sql.raw(ROW_COLUMNS)})
      select ${sql.raw(ROW_COLUMNS)} from statement_rows
        where run_id = ${f.rowsRunId} and currency = ${f.currency} order by line, id`);
  return stagedCount(tx);
}

/**
 * A run's own rows into the stage, in the order they were loaded (a re-match of the run's files:
 * its rows are every file's that parsed); how many.
 */
async function loadRun(tx: Tx, runId: number): Promise<number> {
  await tx.execute(sql`insert into recon_stage (${sql.raw(ROW_COLUMNS)})
    select ${sql.raw(ROW_COLUMNS)} from statement_rows where run_id = ${runId} order by id`);
  return stagedCount(tx);
}

/**
 * Statistics of the stage for the passes: without them the planner takes a large day for an
 * empty table and joins it to the orders row by row (a 100,000-row day took 202 s instead of
 * seconds; bench/RESULTS.md). A small sample (default_statistics_target 10 for this
 * transaction: 3,000 rows) is all the joins need.
 */
async function analyzeTemporary(tx: Tx, table: 'recon_stage' | 'recon_match') {
  await tx.execute(sql`set local default_statistics_target = 10`);
  await tx.execute(sql.raw(`analyze ${table}`));
  await tx.execute(sql`reset default_statistics_target`);
}

/**
 * Which of our records each statement row is, into the run's match table (one row per matched
 * statement row: its id, kind and line, our record's id and what the passes compare of it —
 * status, amount, currency, fee — so the classification reads no order again): payments by the
 * brand's order number, else our gateway order number; refunds by the brand's refund number,
 * else ours; refund rows with neither (PayPay's) paired in time order with the order's refunds
 * finished in the day. A record matched by two rows keeps the first; the later rows are unknown
 * to us (200). Nothing in the stage is rewritten: a 100,000-row day's rows are written once.
 */
async function resolveRows(tx: Tx, brand: PayBrand, start: Date, end: Date) {
  const unmatched = sql`not exists (select 1 from recon_match m where m.id = s.id)`;
  const payment = sql`s.id, s.kind, s.line, o.id, null::bigint, o.status, o.amount, o.currency, o.fee_amount`;
  const refund = sql`s.id, s.kind, s.line, r.order_id, r.id, r.status, r.amount, r.currency, r.fee_amount`;
  await tx.execute(sql`insert into recon_match select ${payment}
    from recon_stage s join orders o on o.brand = ${brand} and o.brand_order_no = s.brand_order_no
    where s.kind = 'payment' and s.brand_order_no is not null`);
  // What is left is usually a handful of rows: the planner is told so before it joins them.
  await analyzeTemporary(tx, 'recon_match');
  await tx.execute(sql`insert into recon_match select ${payment}
    from recon_stage s join orders o on o.brand = ${brand} and o.gateway_order_no = s.gateway_order_no
    where s.kind = 'payment' and s.gateway_order_no is not null and ${unmatched}`);
  await tx.execute(sql`insert into recon_match select ${refund}
    from recon_stage s join refunds r on r.brand_refund_no = s.brand_refund_no
      join orders o on o.id = r.order_id and o.brand = ${brand}
    where s.kind = 'refund' and s.brand_refund_no is not null`);
  await tx.execute(sql`insert into recon_match select ${refund}
    from recon_stage s join refunds r on r.gateway_refund_no = s.gateway_refund_no
      join orders o on o.id = r.order_id and o.brand = ${brand}
    where s.kind = 'refund' and s.gateway_refund_no is not null and ${unmatched}`);
  await tx.execute(sql`insert into recon_match
    with brand_rows as (
      select s.id, s.kind, s.line, o.id as order_id,
          row_number() over (partition by o.id order by s.time, s.line) as n
        from recon_stage s
        join orders o on o.brand = ${brand}
          and (o.brand_order_no = s.brand_order_no or o.gateway_order_no = s.gateway_order_no)
        where s.kind = 'refund' and s.brand_refund_no is null and s.gateway_refund_no is null
    ), ours as (
      select r.id, r.order_id, r.status, r.amount, r.currency, r.fee_amount,
          row_number() over (partition by r.order_id order by r.finished_at, r.id) as n
        from refunds r
        where r.order_id in (select order_id from brand_rows)
          and r.finished_at >= ${start} and r.finished_at < ${end}
          and not exists (select 1 from recon_match t where t.refund_id = r.id)
    )
    select b.id, b.kind, b.line, ours.order_id, ours.id, ours.status, ours.amount, ours.currency, ours.fee_amount
      from brand_rows b join ours on ours.order_id = b.order_id and ours.n = b.n`);
  // One record per statement row (two orders sharing a brand number: the first), and one
  // statement row per record (the first line). Both are rare: the rows to judge are found by a
  // hashed count first, so the ordering that picks the first is paid only where there are two.
  await tx.execute(sql`delete from recon_match m using (
      select ctid, row_number() over (partition by id order by order_id, refund_id) as n
        from recon_match
        where id in (select id from recon_match group by id having count(*) > 1)) d
    where m.ctid = d.ctid and d.n > 1`);
  const record = sql`(case when kind = 'payment' then order_id else refund_id end)`;
  await tx.execute(sql`delete from recon_match m using (
      select ctid, row_number() over (partition by kind, ${record} order by line, id) as n
        from recon_match
        where (kind, ${record}) in (select kind, ${record} from recon_match group by 1, 2 having count(*) > 1)) d
    where m.ctid = d.ctid and d.n > 1`);
}

/** The stage into statement_rows with the ids its rows took and the records they matched, for the run. */
async function writeRows(tx: Tx, runId: number) {
  await tx.execute(sql`insert into statement_rows (id, run_id, ${sql.raw(ROW_COLUMNS)}, order_id, refund_id)
    overriding system value
    select s.id, ${runId}::bigint, ${sql.raw(STAGE_COLUMNS)}, m.order_id, m.refund_id
      from recon_stage s left join recon_match m on m.id = s.id`);
}

/**
 * The brand side and the compared pairs: every statement row gets a result — 200 when it is
 * none of ours, else status (100), amount or currency (600), fee (500) or 1, with every value
 * that differs in diff. A refund row's fee is compared by its size (layouts sign it).
 */
async function classifyRows(tx: Tx, runId: number) {
  // From the stage (its rows' ids are theirs in statement_rows) and the match table.
  const C = AUDIT_CODE;
  await tx.execute(sql`insert into reconciliation_results (run_id, order_id, refund_id, statement_row_id, code, diff)
    select ${runId}::bigint, x.order_id, x.refund_id, x.id,
        case when not x.known then ${lit(C.gatewayMissing)}
          when x.ours_success <> x.brand_success then ${lit(C.statusDiffers)}
          when x.amount_differs then ${lit(C.amountDiffers)}
          when x.fee_differs then ${lit(C.feeDiffers)}
          else ${lit(C.matched)} end,
        -- The values that differ, built only where something does (most rows: nothing).
        case when x.known and (x.ours_success <> x.brand_success or x.amount_differs or x.fee_differs)
          then nullif(jsonb_strip_nulls(jsonb_build_object(
          'status', case when x.ours_success <> x.brand_success
            then jsonb_build_object('ours', x.ours_status, 'brand', x.status_raw) end,
          'amount', case when x.ours_amount <> x.amount
            then jsonb_build_object('ours', x.ours_amount, 'brand', x.amount) end,
          'currency', case when x.ours_currency <> x.currency
            then jsonb_build_object('ours', x.ours_currency, 'brand', x.currency) end,
          'fee', case when x.fee_differs then jsonb_build_object('ours', x.ours_fee, 'brand', x.brand_fee) end
        )), '{}'::jsonb) end
    from (
      select s.id, s.status_raw, s.amount, s.currency, m.order_id, m.refund_id,
          m.id is not null as known,
          s.status = 'success' as brand_success,
          case when s.kind = 'payment' then m.status in (${paidStatuses}) else m.status = 'success' end as ours_success,
          m.status as ours_status, m.amount as ours_amount, m.currency as ours_currency,
          m.amount <> s.amount or m.currency <> s.currency as amount_differs,
          coalesce(m.fee, 0) as ours_fee,
          case when s.kind = 'payment' then s.fee else abs(s.fee) end as brand_fee,
          s.fee is not null and (case when s.kind = 'payment' then s.fee else abs(s.fee) end)
            <> coalesce(m.fee, 0) as fee_differs
        from recon_stage s left join recon_match m on m.id = s.id
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
        and not exists (select 1 from recon_match m where m.kind = 'payment' and m.order_id = o.id)
    union all
    select ${runId}::bigint, r.order_id, r.id, null::bigint, ${c} from refunds r join orders o on o.id = r.order_id
      where o.brand = ${brand} and r.status = 'success'
        and r.finished_at >= ${start} and r.finished_at < ${end}
        and not exists (select 1 from recon_match m where m.refund_id = r.id)`);
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
 * The orders' audit status and result (order_audits) from a run's payment results: 1 audited,
 * another code an exception (audited too when the exception carries a resolution inherited from
 * the run it replaced), held not audited; an order the replaced run had judged and this one does
 * not goes back to not audited (its row deleted). One statement, and only the orders whose
 * status or result changes are written: the corrected file of a 100,000-order day, which changes
 * a few of them, writes a few.
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
  await tx.execute(sql`with y as (
      select coalesce(x.order_id, b.order_id) as order_id, x.code::smallint as code,
          (case when x.order_id is null or x.code is null then ${lit(AUDIT_STATUS.notAudited)}
            when x.code = ${lit(AUDIT_CODE.matched)} or x.settled then ${lit(AUDIT_STATUS.audited)}
            else ${lit(AUDIT_STATUS.exception)} end)::smallint as status
        from (${judged}) x full join (${before}) b on b.order_id = x.order_id
    ), unaudited as (
      delete from order_audits a using y
        where a.order_id = y.order_id and y.status = ${lit(AUDIT_STATUS.notAudited)}
    )
    insert into order_audits (order_id, audit_status, audit_result, updated_at)
      select order_id, status, code, now() from y where status <> ${lit(AUDIT_STATUS.notAudited)}
      on conflict (order_id) do update
        set audit_status = excluded.audit_status, audit_result = excluded.audit_result,
          updated_at = excluded.updated_at
        where order_audits.audit_status is distinct from excluded.audit_status
          or order_audits.audit_result is distinct from excluded.audit_result`);
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

type CurrentRun = typeof reconciliationRuns.$inferSelect;

/**
 * Takes the brand day's advisory lock (one import or re-match of a day at a time; the partial
 * unique index backs it) and reads its current run.
 */
async function lockDay(tx: Tx, brand: PayBrand, day: string): Promise<CurrentRun | undefined> {
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
  return current;
}

/** Whether a run holds rows whose holding pool has ended at `now`: its day is to be matched again. */
const heldPastPool = (run: Pick<CurrentRun, 'counts' | 'holdingUntil'>, now: Date) =>
  run.counts.held > 0 && now.getTime() >= run.holdingUntil.getTime();

/** What a new run of a day is over, decided under the day's lock. */
interface RunPlan {
  brand: PayBrand;
  day: string;
  now: Date;
  source: RunSource;
  holdingDays: number;
  actor: AuditActor;
  current: CurrentRun | undefined;
  /** Every file of the new run, in currency order. */
  files: RunFile[];
  /** The files given now (their refusal set when a streaming parse refuses them). */
  fresh: RunFile[];
  fileName: string;
  contentHash: string;
  /** Rows already stored: the kept files' (an upload joining the day), or a whole run's (a re-match). */
  stored: { files: readonly RunFile[] } | { runId: number };
  /** The rows given now. */
  rows: Iterable<StatementRow> | null;
  onStep?: (step: string, ms: number) => void;
  /** When the work began (Date.now(): the lock's wait included), for the run's finishing time. */
  began: number;
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
  // Not a day: refused before the transaction.
  brandDayRange(brand, day);
  const began = Date.now();

  return db.transaction(async (tx) => {
    const current = await lockDay(tx, brand, day);
    // The run's files: the input's, and with `join` the current run's files of other currencies.
    const given: readonly StatementPart[] = input.files ?? [
      { fileName: input.fileName, contentHash: input.contentHash, currency: null },
    ];
    const givenCurrencies = new Set(given.map((f) => f.currency));
    const anyRefused = given.some((f) => f.refused);
    const fresh = given.map((f): RunFile => ({
      fileName: f.fileName.slice(0, 255),
      contentHash: f.contentHash,
      currency: f.currency,
      rowsRunId: null,
      // With no file named refused, a refusal is the input's files' (one file, as before).
      refusal:
        input.refusal && (f.refused || !anyRefused)
          ? {
              line: input.refusal.line,
              reason: input.refusal.reason,
              detail: input.refusal.detail.slice(0, 500),
            }
          : null,
    }));
    // A file of no currency is the whole day, unless it is refused before telling its currency
    // (an unreadable bill): it then replaces none of the day's other files, and any later file
    // replaces it. A file of the whole day (Alipay+, PayPay) keeps nothing.
    const wholeDay = fresh.some((f) => f.currency === null && f.refusal === null);
    const kept =
      input.join && current && !wholeDay
        ? current.files.filter((f) => f.currency !== null && !givenCurrencies.has(f.currency))
        : [];
    const files = [...kept, ...fresh].sort(byCurrency);
    const fileName = files.length > 1 || input.files ? joinedFileNames(files) : input.fileName.slice(0, 255);
    const contentHash = files.length > 1 || input.files ? runFilesHash(files) : input.contentHash;
    // The same file again changes nothing, unless rows it held have outlived the pool: then
    // the same statement is matched again and those become 300.
    if (current && current.contentHash === contentHash && !heldPastPool(current, now)) {
      return {
        runId: current.id,
        status: current.status,
        counts: current.counts,
        reused: true,
        replacedRunId: current.replacesRunId,
      };
    }
    return matchRun(tx, {
      brand,
      day,
      now,
      source: input.source,
      holdingDays,
      actor: input.actor ?? systemActor('reconciliation'),
      current,
      files,
      fresh,
      fileName,
      contentHash,
      stored: { files: kept },
      rows: input.rows ?? null,
      onStep: input.onStep,
      began,
    });
  });
}

/**
 * The holding pool's end (docs/reconciliation.md, "Holding pool"): the brand day's current run
 * matched again over its own files — the rows it stored, as the same files uploaded again would
 * be — when rows it held have outlived the pool, as a new run that replaces it (its source and
 * pool kept; the missing ones now 300), audited as `actor`. Under the day's lock, so it waits for
 * an import of the day in progress and then judges the run that import left. Null when there is
 * nothing to do: no current run, or none of its rows held past the pool (already done).
 */
export async function rematchHeldDay(
  db: Db,
  input: { brand: PayBrand; day: string; now: Date; actor: AuditActor },
): Promise<ReconcileOutcome | null> {
  const { brand, day, now } = input;
  const began = Date.now();
  return db.transaction(async (tx) => {
    const current = await lockDay(tx, brand, day);
    if (!current || current.status !== 'matched' || !heldPastPool(current, now)) return null;
    const files = current.files.map((f) => ({ ...f })).sort(byCurrency);
    return matchRun(tx, {
      brand,
      day,
      now,
      source: current.source,
      holdingDays: current.holdingDays,
      actor: input.actor,
      current,
      files,
      fresh: [],
      fileName: current.fileName,
      contentHash: current.contentHash,
      stored: { runId: current.id },
      rows: null,
      began,
    });
  });
}

/**
 * The new run of a day (its lock held, its plan made): the current run replaced, the rows staged
 * and matched, the orders audited again, one audit row.
 */
async function matchRun(tx: Tx, plan: RunPlan): Promise<ReconcileOutcome> {
  const { brand, day, now, current, files, fresh, fileName, contentHash, holdingDays } = plan;
  const { start, end } = brandDayRange(brand, day);
  const holdingUntil = new Date(end.getTime() + holdingDays * DAY_MS);
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
      source: plan.source,
      fileName,
      contentHash,
      files,
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

  const step = stepTimer(plan.onStep);
  await createStage(tx);
  const keptRows =
    'runId' in plan.stored ? await loadRun(tx, plan.stored.runId) : await loadKept(tx, plan.stored.files);
  const read = plan.rows ? await loadRows(tx, brand, plan.rows) : null;
  // A file refused as it was read refuses the input's files (the caller could not say which).
  if (read && 'ok' in read)
    for (const f of fresh)
      f.refusal = { line: read.line, reason: read.reason, detail: read.detail.slice(0, 500) };
  const parsed = read && !('ok' in read) ? read.count : 0;
  const rowCount = keptRows + parsed;
  // The day is refused while any of its files is: the first refusal in the files' order.
  const refusedFile = files.find((f) => f.refusal !== null);
  const loaded: { count: number } | StatementRefusal = refusedFile?.refusal
    ? {
        ok: false,
        line: refusedFile.refusal.line,
        reason: refusedFile.refusal.reason as StatementRefusal['reason'],
        // Of several files, the run says which.
        detail: `${files.length > 1 ? `${refusedFile.fileName}: ` : ''}${refusedFile.refusal.detail}`,
      }
    : { count: rowCount };
  step('load');
  let status: RunStatus = 'matched';
  if ('ok' in loaded) {
    status = 'refused';
    // The rows of the files that parsed are kept (without results) for a later file to join.
    await writeRows(tx, run.id);
    await ourDayWithout(tx, run.id, brand, start, end, AUDIT_CODE.formatError);
  } else {
    if (rowCount >= ANALYZE_FROM) await analyzeTemporary(tx, 'recon_stage');
    step('analyze');
    await resolveRows(tx, brand, start, end);
    step('resolve');
    await writeRows(tx, run.id);
    step('write');
    await classifyRows(tx, run.id);
    step('classify');
    const held = now.getTime() < holdingUntil.getTime();
    await ourDayWithout(tx, run.id, brand, start, end, held ? null : AUDIT_CODE.brandMissing);
    step('ours');
  }
  if (current) await inheritResolutions(tx, run.id, current.id);
  step('inherit');
  await auditOrders(tx, run.id, current?.id ?? null);
  step('audit');
  const counts = await countsOf(tx, run.id);
  const refused = 'ok' in loaded ? loaded : null;
  // Every file that parsed has its rows in this run's statement_rows now.
  for (const f of files) if (f.refusal === null) f.rowsRunId = run.id;
  await tx
    .update(reconciliationRuns)
    .set({
      status,
      files,
      rowCount,
      counts,
      refusalLine: refused?.line ?? null,
      refusalReason: refused?.reason ?? null,
      refusalDetail: refused ? refused.detail.slice(0, 500) : null,
      finishedAt: new Date(now.getTime() + (Date.now() - plan.began)),
    })
    .where(eq(reconciliationRuns.id, run.id));
  await recordAudit(tx, plan.actor, {
    objectType: 'reconciliationRun',
    objectId: run.id,
    action: 'reconcile',
    before: current ? { runId: current.id, status: current.status, counts: current.counts } : undefined,
    after: {
      brand,
      day,
      source: plan.source,
      fileName,
      contentHash,
      files: files.map((f) => ({
        fileName: f.fileName,
        currency: f.currency,
        refused: f.refusal !== null,
      })),
      status,
      rowCount,
      counts,
      refusal: refused ? { line: refused.line, reason: refused.reason } : undefined,
    },
  });
  return { runId: run.id, status, counts, reused: false, replacedRunId: current?.id ?? null };
}
