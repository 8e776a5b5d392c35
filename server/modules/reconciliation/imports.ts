/**
 * Statement imports (docs/reconciliation.md, "Import"): a brand's statement file, uploaded by an
 * operator or fetched from the brand's connector, kept in statement_imports with its bytes and
 * run in the background by the import worker: claimed with SKIP LOCKED, read once to count its
 * rows and find its business day (progress written every PROGRESS_EVERY rows), then matched by
 * reconcileDay (idempotent by the content hash). An import whose process died is taken over
 * once it has not moved for the lease (config.importLeaseMs), and completes exactly once: the
 * run of the same file for the same day is not made twice.
 */
import { and, desc, eq, getTableColumns, inArray, lt, or, sql } from 'drizzle-orm';
import { isPayBrand, PAY_BRANDS, type PayBrand } from '../../../src/contract/brands';
import { ResultType, type Page } from '../../../src/contract/envelope';
import type { ReconGroup, RunCounts } from '../../../src/contract/reconciliation';
import {
  brandsOfGroup,
  IMPORT_REFUSALS,
  mayImportStatements,
  STATEMENT_UPLOAD_MAX_BYTES,
  type StatementImportStarted,
  type StatementImportView,
} from '../../../src/contract/statementImports';
import type { MessageKey, Translate } from '../../../src/i18n';
import type { Db } from '../../db/client';
import { operators, reconciliationRuns, statementImports } from '../../db/schema';
import { ApiError, notFound } from '../../platform/envelope';
import { fieldError } from '../../platform/lists';
import type { Caller } from '../../platform/caller';
import { write } from '../../platform/caller';
import {
  businessDay,
  contentHash,
  detectLayout,
  parseAlipaySettlementFileName,
  refusal as refusalOf,
  RowRefused,
  streamStatement,
  type OpenedStatement,
  type StatementLayout,
  type StatementRefusal,
} from './formats';
import { BRAND_DAY_OFFSET_MINUTES, reconcileDay } from './match';

/** The brand whose statement a layout is. */
export const LAYOUT_BRAND: Record<StatementLayout, PayBrand> = {
  wechat: 'wechat',
  wechatGlobal: 'wechat',
  alipay: 'alipayplus',
  paypay: 'paypay',
  card: 'card',
};
/** The layout a brand's file is read with when its header names none (the refusal's line and reason). */
const BRAND_LAYOUT: Record<PayBrand, StatementLayout> = {
  wechat: 'wechat',
  alipayplus: 'alipay',
  paypay: 'paypay',
  card: 'card',
};

/** Rows read between two progress writes (and turns of the event loop). */
export const PROGRESS_EVERY = 1000;

type ImportRow = typeof statementImports.$inferSelect;

const MiB = 1024 * 1024;

/** Only the platform's own roles import statements or read their imports (a brand's whole day). */
function mayImport(c: Caller) {
  if (!mayImportStatements(c.principal.operatorType))
    throw new ApiError(ResultType.NO_ACCESS, 'server.noAccess');
}

export const brandName = (t: Translate, brand: PayBrand) => t(`statementImports.brands.${brand}`);

const REASON_KEYS = new Set<string>([
  'size',
  'binary',
  'encoding',
  'layout',
  'columns',
  'quoting',
  'truncated',
  'amount',
  'fee',
  'time',
  'status',
  'kind',
  'currency',
  'value',
  'summary',
  ...IMPORT_REFUSALS,
]);
export const reasonText = (t: Translate, reason: string) =>
  REASON_KEYS.has(reason) ? t(`statementImports.reasons.${reason}` as MessageKey) : reason;

const fileError = (t: Translate, key: MessageKey, values: Record<string, unknown> = {}) =>
  fieldError(t, 'file', key, values);

/**
 * An upload: the file's guards (size, empty, binary), its layout and so its brand (or the brand
 * chosen, when the header is no layout's: the worker refuses it at its line and the day is 400),
 * the brand within the screen's group; the import row queued with the file, audited.
 */
export async function startUpload(
  c: Caller,
  group: ReconGroup,
  input: { file: unknown; brand: string; businessDay: string },
  fileName: string,
): Promise<StatementImportStarted> {
  mayImport(c);
  const { t } = c;
  const file = input.file;
  if (!Buffer.isBuffer(file)) throw fileError(t, 'server.statementImports.binary');
  if (file.length === 0) throw fileError(t, 'server.statementImports.empty');
  if (file.length > STATEMENT_UPLOAD_MAX_BYTES)
    throw fileError(t, 'server.statementImports.tooLarge', { max: `${STATEMENT_UPLOAD_MAX_BYTES / MiB} MB` });
  if (file.includes(0)) throw fileError(t, 'server.statementImports.binary');
  const allowed = brandsOfGroup(group);
  const chosen = isPayBrand(input.brand) ? input.brand : null;
  if (chosen && !allowed.includes(chosen)) throw fieldError(t, 'brand', 'validation.oneOf');
  const detected = detectLayout(file);
  let brand: PayBrand;
  if (detected.ok) {
    brand = LAYOUT_BRAND[detected.layout];
    if (!allowed.includes(brand))
      throw fileError(t, 'server.statementImports.otherGroup', { detected: brandName(t, brand) });
    if (chosen && chosen !== brand)
      throw fileError(t, 'server.statementImports.otherBrand', {
        detected: brandName(t, brand),
        chosen: brandName(t, chosen),
      });
  } else if (chosen) brand = chosen;
  else
    throw fileError(t, 'server.statementImports.undetected', {
      line: detected.line,
      reason: reasonText(t, detected.reason),
    });
  const layout = detected.ok ? detected.layout : null;
  const day =
    input.businessDay ||
    (layout === 'alipay' ? (parseAlipaySettlementFileName(fileName)?.day ?? null) : null);
  const name = fileName.slice(0, 255);
  const id = await write(
    c,
    'statementImport',
    undefined,
    async (tx, audit) => {
      const [row] = await tx
        .insert(statementImports)
        .values({
          source: 'uploaded',
          brand,
          businessDay: day,
          fileName: name,
          size: file.length,
          contentHash: detected.ok ? detected.contentHash : '',
          content: file,
          status: 'queued',
          createdBy: c.principal.operatorId,
        })
        .returning({ id: statementImports.id });
      await audit({
        objectType: 'statementImport',
        objectId: row.id,
        action: 'create',
        after: { source: 'uploaded', brand, businessDay: day, fileName: name, size: file.length },
      });
      return row.id;
    },
    { anyRole: true },
  );
  kickImports(c.deps.db, c.deps.config.importLeaseMs);
  return { id };
}

/** A fetched statement as a queued import (in the caller's transaction-less db or tx). */
export async function queueFetched(
  db: Pick<Db, 'insert'>,
  v: { brand: PayBrand; day: string; fileName: string; bytes: Buffer; createdBy: number | null },
): Promise<number> {
  const [row] = await db
    .insert(statementImports)
    .values({
      source: 'fetched',
      brand: v.brand,
      businessDay: v.day,
      fileName: v.fileName.slice(0, 255),
      size: v.bytes.length,
      content: v.bytes,
      status: 'queued',
      createdBy: v.createdBy,
    })
    .returning({ id: statementImports.id });
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Reading an import

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function viewOf(
  t: Translate,
  row: Omit<ImportRow, 'content'>,
  extra: { createdBy: string | null; counts: RunCounts | null },
): StatementImportView {
  const refused = row.refusalReason
    ? {
        line: row.refusalLine ?? 0,
        reason: row.refusalReason,
        detail: row.refusalDetail ?? '',
        // Line 0 is the file as a whole (its size, its days): the reason alone.
        message: row.refusalLine
          ? t('statementImports.refusalAt', {
              line: row.refusalLine,
              reason: reasonText(t, row.refusalReason),
            })
          : reasonText(t, row.refusalReason),
      }
    : null;
  return {
    id: row.id,
    source: row.source,
    brand: row.brand,
    businessDay: row.businessDay,
    fileName: row.fileName,
    size: row.size,
    status: row.status,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    runId: row.runId,
    unchanged: row.unchanged,
    counts: extra.counts,
    refusal: refused,
    createdBy: extra.createdBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}

const { content: _content, ...withoutContent } = getTableColumns(statementImports);
const importColumns = {
  ...withoutContent,
  createdByLogin: operators.loginId,
  counts: reconciliationRuns.counts,
} as const;

function importQuery(db: Db) {
  return db
    .select(importColumns)
    .from(statementImports)
    .leftJoin(operators, eq(operators.id, statementImports.createdBy))
    .leftJoin(reconciliationRuns, eq(reconciliationRuns.id, statementImports.runId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof importQuery>['execute']>>[number];
const toView = (t: Translate, r: Selected) =>
  viewOf(t, r, { createdBy: r.createdByLogin, counts: r.counts ?? null });

/** One import of the group's brands; another's (or none) is not found. */
export async function getImport(c: Caller, group: ReconGroup, id: number): Promise<StatementImportView> {
  mayImport(c);
  const [row] = await importQuery(c.deps.db).where(
    and(eq(statementImports.id, id), inArray(statementImports.brand, [...brandsOfGroup(group)])),
  );
  if (!row) throw notFound();
  return toView(c.t, row);
}

/** The group's imports, newest first. */
export async function pageImports(
  c: Caller,
  group: ReconGroup,
  q: { pageNum: number; pageSize: number },
): Promise<Page<StatementImportView>> {
  mayImport(c);
  const where = inArray(statementImports.brand, [...brandsOfGroup(group)]);
  const rows = await importQuery(c.deps.db)
    .where(where)
    .orderBy(desc(statementImports.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const [counted] = await c.deps.db
    .select({ total: sql<number>`count(*)::int` })
    .from(statementImports)
    .where(where);
  return {
    records: rows.map((r) => toView(c.t, r)),
    total: Number(counted.total),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

// ---------------------------------------------------------------------------------------------
// The worker

/** Takes the oldest queued import, or one in flight that has not moved for the lease (its process died). */
export async function claimImport(db: Db, leaseMs: number, now: Date): Promise<ImportRow | null> {
  const stale = new Date(now.getTime() - leaseMs);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: statementImports.id })
      .from(statementImports)
      .where(
        or(
          eq(statementImports.status, 'queued'),
          and(
            inArray(statementImports.status, ['parsing', 'matching']),
            lt(statementImports.updatedAt, stale),
          ),
        ),
      )
      .orderBy(statementImports.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const [claimed] = await tx
      .update(statementImports)
      .set({ status: 'parsing', rowsDone: 0, updatedAt: now })
      .where(eq(statementImports.id, row.id))
      .returning();
    return claimed;
  });
}

const tick = () => new Promise((r) => setImmediate(r));

/** The file opened as its brand's statement: the detected layout when it is the brand's, else the brand's own. */
function openAs(bytes: Uint8Array, brand: PayBrand): OpenedStatement | StatementRefusal {
  const detected = detectLayout(bytes);
  if (detected.ok && LAYOUT_BRAND[detected.layout] !== brand)
    return refusalOf(1, 'layout', `a ${detected.layout} statement, not ${brand}`);
  return streamStatement(bytes, detected.ok ? detected.layout : BRAND_LAYOUT[brand]);
}

/** The first pass: every row read (progress written as it goes), the days they fall in, or the refusal. */
async function readThrough(db: Db, row: ImportRow, bytes: Uint8Array, brand: PayBrand, now: () => Date) {
  const days = new Set<string>();
  let count = 0;
  const opened = openAs(bytes, brand);
  if (!opened.ok) return { count, days, refusal: opened, hash: '' };
  try {
    for (;;) {
      const next = opened.rows.next();
      if (next.done) break;
      count += 1;
      if (days.size < 10) days.add(businessDay(next.value.time, BRAND_DAY_OFFSET_MINUTES[brand]));
      if (count % PROGRESS_EVERY === 0) {
        await db
          .update(statementImports)
          .set({ rowsDone: count, updatedAt: now() })
          .where(eq(statementImports.id, row.id));
        await tick();
      }
    }
  } catch (e) {
    if (!(e instanceof RowRefused)) throw e;
    return { count, days, refusal: refusalOf(e.line, e.reason, e.detail), hash: opened.contentHash };
  }
  return { count, days, refusal: null, hash: opened.contentHash };
}

async function finish(db: Db, id: number, values: Partial<typeof statementImports.$inferInsert>, now: Date) {
  await db
    .update(statementImports)
    .set({ ...values, updatedAt: now, finishedAt: now })
    .where(eq(statementImports.id, id));
}

/** Runs one claimed import to its end: done, refused (the day 400 when the day is known) or failed. */
export async function processImport(db: Db, row: ImportRow, clock: () => Date = () => new Date()) {
  const brand = row.brand;
  if (!brand || !row.content || !PAY_BRANDS.includes(brand)) {
    await finish(
      db,
      row.id,
      { status: 'failed', refusalDetail: 'the import has no brand or no file' },
      clock(),
    );
    return;
  }
  const bytes = new Uint8Array(row.content);
  const read = await readThrough(db, row, bytes, brand, clock);
  const hash = read.hash || row.contentHash || contentHash(bytes);
  const only = read.days.size === 1 ? [...read.days][0] : null;
  const day = row.businessDay ?? only;
  if (!day) {
    const refusal = read.refusal ?? {
      line: 0,
      reason: read.days.size > 1 ? 'days' : 'noDay',
      detail:
        read.days.size > 1
          ? `rows of ${[...read.days].sort().join(', ')}${read.days.size >= 10 ? ', …' : ''}`
          : 'no row tells the business day',
    };
    await finish(
      db,
      row.id,
      {
        status: 'refused',
        rowsDone: read.count,
        contentHash: hash,
        refusalLine: refusal.line,
        refusalReason: refusal.reason,
        refusalDetail: refusal.detail.slice(0, 500),
      },
      clock(),
    );
    return;
  }
  const startedAt = clock();
  await db
    .update(statementImports)
    .set({
      status: 'matching',
      businessDay: day,
      contentHash: hash,
      rowsDone: read.count,
      rowsTotal: read.count,
      updatedAt: startedAt,
    })
    .where(eq(statementImports.id, row.id));
  let statement: { refusal: StatementRefusal } | { rows: OpenedStatement['rows'] };
  if (read.refusal) statement = { refusal: read.refusal };
  else {
    const opened = openAs(bytes, brand);
    statement = opened.ok ? { rows: opened.rows } : { refusal: opened };
  }
  const outcome = await reconcileDay(db, {
    ...statement,
    brand,
    day,
    source: row.source,
    fileName: row.fileName,
    contentHash: hash,
    now: startedAt,
  });
  // The same file's run made before this import was queued: nothing changed. A run made after
  // (by this import, before its process died) is this import's own.
  const [run] = await db
    .select({ startedAt: reconciliationRuns.startedAt, status: reconciliationRuns.status })
    .from(reconciliationRuns)
    .where(eq(reconciliationRuns.id, outcome.runId));
  const refusal = 'refusal' in statement ? statement.refusal : null;
  await finish(
    db,
    row.id,
    {
      status: outcome.status === 'refused' ? 'refused' : 'done',
      runId: outcome.runId,
      unchanged: outcome.reused && run.startedAt.getTime() < row.createdAt.getTime(),
      refusalLine: refusal?.line ?? null,
      refusalReason: refusal?.reason ?? null,
      refusalDetail: refusal ? refusal.detail.slice(0, 500) : null,
    },
    clock(),
  );
}

/** Claims and runs imports until none is waiting; an unexpected error fails that import alone. */
export async function drainImports(
  db: Db,
  leaseMs: number,
  opts: { clock?: () => Date; onError?: (err: unknown) => void } = {},
): Promise<number> {
  const clock = opts.clock ?? (() => new Date());
  let done = 0;
  for (;;) {
    const row = await claimImport(db, leaseMs, clock());
    if (!row) return done;
    try {
      await processImport(db, row, clock);
    } catch (err) {
      opts.onError?.(err);
      await finish(
        db,
        row.id,
        { status: 'failed', refusalDetail: String((err as Error)?.message ?? err).slice(0, 500) },
        clock(),
      );
    }
    done += 1;
  }
}

/** The drain running in this process per database, and whether it was asked again meanwhile. */
const running = new WeakMap<Db, { again: boolean; done: Promise<void> }>();

/** Runs the waiting imports in the background (after an upload or a fetch); one drain per database. */
export function kickImports(db: Db, leaseMs: number, onError?: (err: unknown) => void): Promise<void> {
  const current = running.get(db);
  if (current) {
    current.again = true;
    return current.done;
  }
  const state = { again: true, done: Promise.resolve() };
  state.done = (async () => {
    try {
      while (state.again) {
        state.again = false;
        await drainImports(db, leaseMs, { onError });
      }
    } catch (err) {
      onError?.(err);
    } finally {
      running.delete(db);
    }
  })();
  running.set(db, state);
  return state.done;
}

/** Resolves when this process's drain has stopped (shutdown, tests). */
export const importsSettled = async (db: Db) => {
  while (running.get(db)) await running.get(db)!.done;
};
