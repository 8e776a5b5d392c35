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
  STATEMENT_UPLOAD_MAX_BYTES,
  type StatementImportStarted,
  type StatementImportView,
} from '../../../src/contract/statementImports';
import type { MessageKey, Translate } from '../../../src/i18n';
import type { Db, Tx } from '../../db/client';
import { operators, reconciliationRuns, statementImportFiles, statementImports } from '../../db/schema';
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
  type StatementRow,
  type StatementSummary,
} from '../../formats';
import {
  BRAND_DAY_OFFSET_MINUTES,
  joinedFileNames,
  reconcileDay,
  runFilesHash,
  type StatementPart,
} from './match';
import { isCurrency } from '../../../src/contract/money';
import { can } from '../../../src/contract/capabilities';

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

/**
 * The currency a file carries when its brand writes one file per currency (docs/reconciliation.md,
 * "Several files a day"): WeChat Pay's domestic bill is CNY; a cross-border bill's or a card batch's
 * is its rows' one currency, else (no rows) the bill's summary's, else the one its name gives
 * (card_settlement_USD_…), else the acquirer's yen. Null: the file carries the whole day (Alipay+,
 * PayPay, or a file whose layout could not be read).
 */
export function fileCurrency(
  layout: StatementLayout | null,
  read: { currencies: ReadonlySet<string>; summary: StatementSummary | null },
  fileName: string,
): string | null {
  if (layout === null || layout === 'alipay' || layout === 'paypay') return null;
  if (layout === 'wechat') return 'CNY';
  if (read.currencies.size === 1) return [...read.currencies][0];
  if (read.currencies.size > 1) return null;
  const declared = read.summary?.declared?.['结算币种'];
  if (layout === 'wechatGlobal' && declared && isCurrency(declared)) return declared;
  // wechat_tradebill_ALL_JPY_20261101.csv: the first part of the name that is a currency.
  const named = [...fileName.matchAll(/_([A-Z]{3})(?=_)/g)].map((m) => m[1]).find((c) => isCurrency(c));
  if (named) return named;
  return layout === 'card' ? 'JPY' : null;
}

/** Rows read between two progress writes (and turns of the event loop). */
export const PROGRESS_EVERY = 1000;

type ImportRow = typeof statementImports.$inferSelect;

const MiB = 1024 * 1024;

/** Only the platform's own roles import statements or read their imports (a brand's whole day). */
function mayImport(c: Caller) {
  if (!can(c.principal, 'reconcile')) throw new ApiError(ResultType.NO_ACCESS, 'server.noAccess');
}

export const brandName = (t: Translate, brand: PayBrand) => t(`reconciliation.imports.brands.${brand}`);

const REASON_KEYS = new Set<string>([
  'size',
  'binary',
  'encoding',
  'encodingAmbiguous',
  'encodingNotAccepted',
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
  REASON_KEYS.has(reason) ? t(`reconciliation.imports.reasons.${reason}` as MessageKey) : reason;

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
          status: 'queued',
          createdBy: c.principal.operatorId,
        })
        .returning({ id: statementImports.id });
      await tx
        .insert(statementImportFiles)
        .values({ importId: row.id, seq: 0, fileName: name, size: file.length, content: file });
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

/**
 * A fetched statement as a queued import, in the caller's transaction: every file the brand put
 * out for the day (one, or one per currency), matched as one run.
 */
export async function queueFetched(
  tx: Tx,
  v: {
    brand: PayBrand;
    day: string;
    files: readonly { fileName: string; bytes: Buffer }[];
    createdBy: number | null;
  },
): Promise<number> {
  if (v.files.length === 0) throw new RangeError('a fetch without a file');
  const [row] = await tx
    .insert(statementImports)
    .values({
      source: 'fetched',
      brand: v.brand,
      businessDay: v.day,
      fileName: joinedFileNames(v.files),
      size: v.files.reduce((n, f) => n + f.bytes.length, 0),
      status: 'queued',
      createdBy: v.createdBy,
    })
    .returning({ id: statementImports.id });
  await tx.insert(statementImportFiles).values(
    v.files.map((f, seq) => ({
      importId: row.id,
      seq,
      fileName: f.fileName.slice(0, 255),
      size: f.bytes.length,
      content: f.bytes,
    })),
  );
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Reading an import

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function viewOf(
  t: Translate,
  row: ImportRow,
  extra: { createdBy: string | null; counts: RunCounts | null },
): StatementImportView {
  const refused = row.refusalReason
    ? {
        line: row.refusalLine ?? 0,
        reason: row.refusalReason,
        detail: row.refusalDetail ?? '',
        // Line 0 is the file as a whole (its size, its days): the reason alone.
        message: row.refusalLine
          ? t('reconciliation.imports.refusalAt', {
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

const importColumns = {
  ...getTableColumns(statementImports),
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

/** What the first pass found in one file. */
interface FileRead {
  fileName: string;
  bytes: Uint8Array;
  layout: StatementLayout | null;
  count: number;
  days: Set<string>;
  currencies: Set<string>;
  summary: StatementSummary | null;
  refusal: StatementRefusal | null;
  hash: string;
}

/**
 * The first pass over one file: every row read (the import's progress written as it goes, from
 * `done` rows before it), the days and currencies its rows fall in, its summary, or its refusal.
 */
async function readThrough(
  db: Db,
  row: ImportRow,
  file: { fileName: string; content: Uint8Array },
  brand: PayBrand,
  done: number,
  now: () => Date,
): Promise<FileRead> {
  const bytes = new Uint8Array(file.content);
  const read: FileRead = {
    fileName: file.fileName,
    bytes,
    layout: null,
    count: 0,
    days: new Set(),
    currencies: new Set(),
    summary: null,
    refusal: null,
    hash: contentHash(bytes),
  };
  const opened = openAs(bytes, brand);
  if (!opened.ok) return { ...read, refusal: opened };
  read.layout = opened.layout;
  try {
    for (;;) {
      const next = opened.rows.next();
      if (next.done) {
        read.summary = next.value;
        break;
      }
      read.count += 1;
      if (read.days.size < 10) read.days.add(businessDay(next.value.time, BRAND_DAY_OFFSET_MINUTES[brand]));
      read.currencies.add(next.value.currency);
      if (read.count % PROGRESS_EVERY === 0) {
        await db
          .update(statementImports)
          .set({ rowsDone: done + read.count, updatedAt: now() })
          .where(eq(statementImports.id, row.id));
        await tick();
      }
    }
  } catch (e) {
    if (!(e instanceof RowRefused)) throw e;
    read.refusal = refusalOf(e.line, e.reason, e.detail);
  }
  return read;
}

async function finish(db: Db, id: number, values: Partial<typeof statementImports.$inferInsert>, now: Date) {
  await db
    .update(statementImports)
    .set({ ...values, updatedAt: now, finishedAt: now })
    .where(eq(statementImports.id, id));
}

/** A refusal as the import shows it: of several files, the file's name before its detail. */
const refusalIn = (files: readonly FileRead[], f: FileRead, r: StatementRefusal): StatementRefusal =>
  files.length > 1 ? { ...r, detail: `${f.fileName}: ${r.detail}` } : r;

/** The parsed files' rows, one file after another, streamed again. */
function* rowsOf(files: readonly FileRead[], brand: PayBrand): Generator<StatementRow> {
  for (const f of files) {
    if (f.refusal) continue;
    const opened = openAs(f.bytes, brand);
    if (!opened.ok) continue;
    yield* opened.rows;
  }
}

/**
 * Runs one claimed import to its end: done, refused (the day 400 when the day is known) or
 * failed. Its files are matched as one run; an upload joins the day's files of other currencies
 * (docs/reconciliation.md, "Several files a day"), a fetch (every file of the day) replaces them.
 */
export async function processImport(db: Db, row: ImportRow, clock: () => Date = () => new Date()) {
  const brand = row.brand;
  const stored = await db
    .select({ fileName: statementImportFiles.fileName, content: statementImportFiles.content })
    .from(statementImportFiles)
    .where(eq(statementImportFiles.importId, row.id))
    .orderBy(statementImportFiles.seq);
  if (!brand || stored.length === 0 || !PAY_BRANDS.includes(brand)) {
    await finish(
      db,
      row.id,
      { status: 'failed', refusalDetail: 'the import has no brand or no file' },
      clock(),
    );
    return;
  }
  const files: FileRead[] = [];
  for (const file of stored) {
    const done = files.reduce((n, f) => n + f.count, 0);
    files.push(await readThrough(db, row, file, brand, done, clock));
  }
  const count = files.reduce((n, f) => n + f.count, 0);
  const parts: StatementPart[] = files.map((f) => ({
    fileName: f.fileName,
    contentHash: f.hash,
    currency: fileCurrency(f.layout, f, f.fileName),
    refused: f.refusal !== null,
  }));
  const hash = runFilesHash(parts);
  const firstRefused = files.find((f) => f.refusal);
  // The run names the file itself; the import's record, of several files, says which.
  const refusal = firstRefused?.refusal ?? null;
  const shown = firstRefused ? refusalIn(files, firstRefused, firstRefused.refusal!) : null;
  const days = new Set(files.flatMap((f) => [...f.days]));
  const only = days.size === 1 ? [...days][0] : null;
  const day = row.businessDay ?? only;
  if (!day) {
    const refused = shown ?? {
      line: 0,
      reason: days.size > 1 ? 'days' : 'noDay',
      detail:
        days.size > 1
          ? `rows of ${[...days].sort().join(', ')}${days.size >= 10 ? ', …' : ''}`
          : 'no row tells the business day',
    };
    await finish(
      db,
      row.id,
      {
        status: 'refused',
        rowsDone: count,
        contentHash: hash,
        refusalLine: refused.line,
        refusalReason: refused.reason,
        refusalDetail: refused.detail.slice(0, 500),
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
      rowsDone: count,
      rowsTotal: count,
      updatedAt: startedAt,
    })
    .where(eq(statementImports.id, row.id));
  const rows = rowsOf(files, brand);
  const outcome = await reconcileDay(db, {
    ...(refusal ? { rows, refusal } : { rows }),
    brand,
    day,
    source: row.source,
    fileName: row.fileName,
    contentHash: hash,
    files: parts,
    join: row.source === 'uploaded',
    now: startedAt,
  });
  // The same file's run made before this import was queued: nothing changed. A run made after
  // (by this import, before its process died) is this import's own.
  const [run] = await db
    .select({ startedAt: reconciliationRuns.startedAt, status: reconciliationRuns.status })
    .from(reconciliationRuns)
    .where(eq(reconciliationRuns.id, outcome.runId));
  await finish(
    db,
    row.id,
    {
      // Its own files' verdict: a good file joining a day whose other file is refused is done (the
      // run stays refused until that file is corrected).
      status: refusal ? 'refused' : 'done',
      runId: outcome.runId,
      unchanged: outcome.reused && run.startedAt.getTime() < row.createdAt.getTime(),
      refusalLine: shown?.line ?? null,
      refusalReason: shown?.reason ?? null,
      refusalDetail: shown ? shown.detail.slice(0, 500) : null,
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
