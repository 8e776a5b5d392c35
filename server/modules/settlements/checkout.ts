import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { Readable } from 'node:stream';
import { ResultType, type Page } from '../../../src/contract/envelope';
import {
  batchAllows,
  type BatchAction,
  TRANSFER_DATE_MAX_DAYS,
  transferTypeOf,
  type BatchFile,
  type BatchFileInput,
  type BatchPageQuery,
  type BatchReverseInput,
  type BatchSummary,
  type CheckoutConflict,
  type CheckoutDone,
  type CheckoutInput,
  type CheckoutItem,
  type CheckoutPreview,
  type PayingBank,
  type SettlementKind,
} from '../../../src/contract/settlements';
import { PAID_STATUSES } from '../../../src/contract/orders';
import { inException } from '../reconciliation';
import type { Executor, Tx } from '../../db/client';
import {
  operators,
  orders,
  settlementBatches,
  settlementBatchFiles,
  settlementBatchItems,
  settlements,
} from '../../db/schema';
import { scopeOfCaller, write, type Caller } from '../../platform/caller';
import { actorOf, recordAudit, type Audit } from '../../platform/audit';
import { addDays, businessDaysBetween, isBankBusinessDay, nextBusinessDay } from '../../platform/bankDays';
import { ApiError, fail, notFound } from '../../platform/envelope';
import type { FileDownload } from '../../platform/exports';
import { fieldError, iso, limitOffset, pageOf } from '../../platform/lists';
import type { Scope } from '../../platform/scope';
import { checkRefundPassword } from '../refunds';
import { buildSwiftList, swiftFileName } from './files/swift';
import { buildZenginFile, zenginFileName } from './files/zengin';
import { swiftPayee, unpayableOf } from './payees';
import { payingBanks } from './settings';
import { settlementsIn } from './queries';
import { can } from '../../../src/contract/capabilities';

/**
 * The payout of merchant and agency settlements (docs/settlement.md, "Payout: the checkout
 * workflow"): the preview of a selection, the checkout that makes a batch and its bank files
 * (all or nothing, idempotent on the console's batch key, one winner among concurrent
 * checkouts), the batches, marking one remitted and reversing one the bank rejected.
 */

const today = (zone: string) => DateTime.now().setZone(zone).toISODate()!;

const selection = {
  id: settlements.id,
  settlementNo: settlements.settlementNo,
  partyId: settlements.partyId,
  currency: settlements.currency,
  transferAmount: settlements.transferAmount,
  status: settlements.status,
  batchId: settlements.batchId,
  payee: settlements.payee,
  feeBearer: settlements.feeBearer,
  serviceProviderId: settlements.serviceProviderId,
};

/** The selected settlements in the caller's scope (all of them, or NOT_FOUND), in id order. */
export async function selected(
  db: Executor,
  scope: Scope,
  kind: SettlementKind,
  ids: readonly number[],
  lock: boolean,
) {
  const unique = [...new Set(ids)];
  const query = db
    .select(selection)
    .from(settlements)
    .where(and(inArray(settlements.id, unique), settlementsIn(scope, kind)))
    .orderBy(asc(settlements.id));
  const rows = lock ? await query.for('update') : await query;
  if (rows.length !== unique.length) throw notFound();
  return rows.map((r) => ({ ...r, status: r.status as 1 | 2 }));
}

export type Selected = Awaited<ReturnType<typeof selected>>[number];

const itemOf = (
  s: Selected,
  paying: Map<string, PayingBank>,
  held: Map<string, { count: number; amount: number }>,
): CheckoutItem => ({
  id: s.id,
  settlementNo: s.settlementNo,
  partyName: s.payee.name,
  currency: s.currency,
  transferAmount: s.transferAmount,
  payee: s.payee,
  unpayable: unpayableOf(s, s.payee, paying.get(s.currency)),
  held: held.get(`${s.partyId}/${s.currency}`) ?? { count: 0, amount: 0 },
});

/**
 * The parties' orders held back by an unresolved reconciliation exception, per party and
 * currency (the closing's condition: audit status 2, paid, not yet in a settlement of the kind).
 */
async function heldOrders(db: Executor, kind: SettlementKind, rows: readonly Selected[]) {
  const held = new Map<string, { count: number; amount: number }>();
  const parties = [...new Set(rows.map((r) => r.partyId))];
  // Brand settlements hold nothing back (close.ts).
  if (parties.length === 0 || kind === 'brand') return held;
  const party = kind === 'merchant' ? orders.companyId : orders.agentId;
  const found = await db
    .select({
      partyId: party,
      currency: orders.currency,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${orders.amount}), 0)`,
    })
    .from(orders)
    .where(
      and(
        inArray(party, parties),
        inException(orders.id),
        inArray(orders.status, [...PAID_STATUSES]),
        sql`not exists (select 1 from settlement_orders so where so.kind = ${kind} and so.order_id = ${orders.id})`,
      ),
    )
    .groupBy(party, orders.currency);
  for (const h of found)
    held.set(`${h.partyId}/${h.currency}`, { count: Number(h.count), amount: Number(h.amount) });
  return held;
}

function totalsOf(items: readonly CheckoutItem[]) {
  const totals = new Map<string, { currency: string; count: number; amount: number }>();
  for (const i of items.filter((x) => x.unpayable.length === 0)) {
    const t = totals.get(i.currency) ?? { currency: i.currency, count: 0, amount: 0 };
    t.count += 1;
    t.amount += i.transferAmount;
    totals.set(i.currency, t);
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

export async function checkoutPreview(
  c: Caller,
  kind: SettlementKind,
  ids: readonly number[],
): Promise<CheckoutPreview> {
  const rows = await selected(c.deps.db, scopeOfCaller(c), kind, ids, false);
  const paying = await payingBanks(c.deps.db);
  const held = await heldOrders(c.deps.db, kind, rows);
  const items = rows.map((s) => itemOf(s, paying, held));
  const day = today(c.deps.config.timeZone);
  return {
    items,
    totals: totalsOf(items),
    transferDates: businessDaysBetween(day, addDays(day, TRANSFER_DATE_MAX_DAYS)),
    defaultTransferDate: nextBusinessDay(day),
  };
}

/** A transfer date the bank takes: a business day from today, within the window (else INVALID at the field). */
function checkTransferDate(c: Caller, date: string) {
  const day = today(c.deps.config.timeZone);
  if (date < day) throw fieldError(c.t, 'transferDate', 'server.settlements.transferDatePast');
  if (date > addDays(day, TRANSFER_DATE_MAX_DAYS))
    throw fieldError(c.t, 'transferDate', 'server.settlements.transferDateTooFar', {
      days: TRANSFER_DATE_MAX_DAYS,
    });
  if (!isBankBusinessDay(date))
    throw fieldError(c.t, 'transferDate', 'server.settlements.transferDateNotBusinessDay', {
      date,
      next: nextBusinessDay(date),
    });
}

/** The batch a key made, with its settlements' ids (a retry must name the same ones). */
async function batchOfKey(db: Executor, kind: SettlementKind, key: string) {
  const [batch] = await db.select().from(settlementBatches).where(eq(settlementBatches.batchKey, key));
  if (!batch) return null;
  const items = await db
    .select({ id: settlementBatchItems.settlementId })
    .from(settlementBatchItems)
    .where(eq(settlementBatchItems.batchId, batch.id));
  return {
    batch,
    kind: batch.kind,
    ids: items.map((i) => i.id).sort((a, b) => a - b),
    sameKind: batch.kind === kind,
  };
}

const sameIds = (a: readonly number[], b: readonly number[]) => {
  const x = [...new Set(a)].sort((m, n) => m - n);
  return x.length === b.length && x.every((v, i) => v === b[i]);
};

/** The bank files of a batch: a Zengin file for JPY, a SWIFT list for the other currencies. */
function filesOf(
  batchId: number,
  transferDate: string,
  rows: readonly Selected[],
  paying: Map<string, PayingBank>,
) {
  const files: {
    currency: string;
    format: 'zengin' | 'swift';
    fileName: string;
    content: Buffer;
    recordCount: number;
    total: number;
  }[] = [];
  const byCurrency = new Map<string, Selected[]>();
  for (const r of rows) byCurrency.set(r.currency, [...(byCurrency.get(r.currency) ?? []), r]);
  const batchNo = `B${batchId}`;
  for (const [currency, group] of [...byCurrency.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const from = paying.get(currency)!;
    if (transferTypeOf(currency) === 'zengin') {
      const made = buildZenginFile({
        requesterCode: from.requesterCode,
        requesterName: from.holder,
        transferDate,
        from: {
          bankCode: from.bankCode,
          branchCode: from.branchCode,
          depositType: from.depositType,
          accountNumber: from.accountNumber,
        },
        transfers: group.map((s) => ({
          bankCode: s.payee.bankCode,
          branchCode: s.payee.branchCode,
          depositType: s.payee.depositType,
          accountNumber: s.payee.accountNumber,
          payeeName: s.payee.holder,
          amount: s.transferAmount,
          reference: s.settlementNo,
        })),
      });
      if (!made.ok) throw unpayable(made.problems.map((p) => p.reference || currency));
      files.push({
        currency,
        format: 'zengin',
        fileName: zenginFileName(transferDate, batchNo),
        content: made.bytes,
        recordCount: made.recordCount,
        total: made.total,
      });
    } else {
      const made = buildSwiftList({
        valueDate: transferDate,
        transfers: group.map((s) => ({
          currency,
          amount: s.transferAmount,
          payeeName: swiftPayee(s.payee).holder,
          iban: s.payee.iban,
          swift: s.payee.swift,
          accountNumber: s.payee.accountNumber,
          bankName: s.payee.bankName,
          addressCountry: s.payee.addressCountry,
          charges: s.feeBearer === 'OUR' ? 'OUR' : 'SHA',
          reference: s.settlementNo,
        })),
      });
      if (!made.ok) throw unpayable(made.problems.map((p) => p.reference || currency));
      files.push({
        currency,
        format: 'swift',
        fileName: swiftFileName(transferDate, `${batchNo}-${currency}`),
        content: made.bytes,
        recordCount: made.rowCount,
        total: made.totals.reduce((sum, t) => sum + t.amount, 0),
      });
    }
  }
  return files;
}

const unpayable = (items: readonly string[]) =>
  fail('server.settlements.unpayable', { items: [...new Set(items)].join(', ') });

/**
 * Checks out the selection: the refund password (the refunds' 5-tries lock), then in one
 * transaction the settlements locked in id order, refused whole when any was taken meanwhile
 * (CONFLICT, naming them) or cannot be paid, the batch, its files, the settlements' batch and
 * the audit rows. The same batch key again returns the batch it made.
 */
/** Only the payout roles check out and mark remitted (the server's rule; the screen hides the actions). */
function mayPayOut(c: Caller) {
  if (!can(c.principal, 'payOut')) throw new ApiError(ResultType.NO_ACCESS, 'server.noAccess');
}

export async function checkout(c: Caller, kind: SettlementKind, input: CheckoutInput): Promise<CheckoutDone> {
  mayPayOut(c);
  checkTransferDate(c, input.transferDate);
  const retried = await batchOfKey(c.deps.db, kind, input.batchKey);
  if (retried) {
    if (!retried.sameKind || !sameIds(input.ids, retried.ids))
      throw fail('server.settlements.batchKeyReused');
    return { batch: await summaryOf(c.deps.db, retried.batch.id), created: false };
  }
  await checkRefundPassword(c, input.refundPassword);
  const paying = await payingBanks(c.deps.db);
  try {
    const batchId = await write(
      c,
      'settlementBatch',
      input.batchKey,
      async (tx, audit, scope) => {
        const rows = await selected(tx, scope, kind, input.ids, true);
        const taken = rows.filter((r) => r.status === 2 || r.batchId != null).map((r) => r.settlementNo);
        if (taken.length > 0) {
          const result: CheckoutConflict = { taken };
          throw new ApiError(
            ResultType.CONFLICT,
            'server.settlements.conflict',
            { taken: taken.join(', ') },
            result,
          );
        }
        const refused = rows.filter((r) => unpayableOf(r, r.payee, paying.get(r.currency)).length > 0);
        if (refused.length > 0) throw unpayable(refused.map((r) => r.settlementNo));
        return makeBatch(tx, audit, {
          kind,
          rows,
          paying,
          transferDate: input.transferDate,
          batchKey: input.batchKey,
          createdBy: c.principal.operatorId,
        });
      },
      { anyRole: true },
    );
    return { batch: await summaryOf(c.deps.db, batchId), created: true };
  } catch (err) {
    // The same key made by a concurrent retry: its batch is this click's batch.
    const again = await batchOfKey(c.deps.db, kind, input.batchKey);
    if (again && again.sameKind && sameIds(input.ids, again.ids))
      return { batch: await summaryOf(c.deps.db, again.batch.id), created: false };
    throw err;
  }
}

/** A batch to make: the settlements (locked, in scope, payable), the date, the click's key, who. */
export interface NewBatch {
  kind: SettlementKind;
  rows: readonly Selected[];
  paying: Map<string, PayingBank>;
  transferDate: string;
  batchKey: string;
  createdBy: number;
  /** When it was made (now, unless the demo data dates it). */
  createdAt?: Date;
}

/** The batch, its bank files, the settlements' batch and the audit rows, in the caller's transaction. */
export async function makeBatch(tx: Tx, audit: Audit, b: NewBatch): Promise<number> {
  const providers = [...new Set(b.rows.map((r) => r.serviceProviderId))];
  const [batch] = await tx
    .insert(settlementBatches)
    .values({
      batchKey: b.batchKey,
      kind: b.kind,
      status: 'checkedOut',
      transferDate: b.transferDate,
      settlementCount: b.rows.length,
      serviceProviderId: providers.length === 1 ? providers[0] : null,
      createdBy: b.createdBy,
      ...(b.createdAt ? { createdAt: b.createdAt } : {}),
    })
    .returning({ id: settlementBatches.id });
  const files = filesOf(batch.id, b.transferDate, b.rows, b.paying);
  await tx.insert(settlementBatchFiles).values(files.map((f) => ({ ...f, batchId: batch.id })));
  await tx
    .insert(settlementBatchItems)
    .values(b.rows.map((r) => ({ batchId: batch.id, settlementId: r.id })));
  await tx
    .update(settlements)
    .set({ batchId: batch.id })
    .where(
      inArray(
        settlements.id,
        b.rows.map((r) => r.id),
      ),
    );
  await audit({
    objectType: 'settlementBatch',
    objectId: batch.id,
    action: 'checkout',
    after: {
      kind: b.kind,
      transferDate: b.transferDate,
      settlements: b.rows.map((r) => r.settlementNo),
      files: files.map((f) => ({
        currency: f.currency,
        format: f.format,
        fileName: f.fileName,
        recordCount: f.recordCount,
        total: f.total,
      })),
    },
  });
  for (const r of b.rows)
    await audit({
      objectType: 'settlement',
      objectId: r.id,
      action: 'checkout',
      before: { batchId: null },
      after: {
        batchId: batch.id,
        transferDate: b.transferDate,
        detail: `#${batch.id} ${b.transferDate}`,
      },
    });
  return batch.id;
}

/** Batches the caller may see: all for the platform's roles, a provider's own. */
export function batchesIn(scope: Scope, kind: SettlementKind): SQL | undefined {
  if (scope.level === 'system') return eq(settlementBatches.kind, kind);
  if (scope.level === 'serviceProvider')
    return and(
      eq(settlementBatches.kind, kind),
      eq(settlementBatches.serviceProviderId, scope.serviceProviderId),
    );
  return sql`false`;
}

const batchColumns = {
  id: settlementBatches.id,
  kind: settlementBatches.kind,
  status: settlementBatches.status,
  transferDate: settlementBatches.transferDate,
  settlementCount: settlementBatches.settlementCount,
  createdBy: operators.userName,
  createdAt: settlementBatches.createdAt,
  remittedAt: settlementBatches.remittedAt,
  reversedAt: settlementBatches.reversedAt,
  reverseReason: settlementBatches.reverseReason,
};

async function filesOfBatches(db: Executor, ids: readonly number[]): Promise<Map<number, BatchFile[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      batchId: settlementBatchFiles.batchId,
      currency: settlementBatchFiles.currency,
      format: settlementBatchFiles.format,
      fileName: settlementBatchFiles.fileName,
      recordCount: settlementBatchFiles.recordCount,
      total: settlementBatchFiles.total,
    })
    .from(settlementBatchFiles)
    .where(inArray(settlementBatchFiles.batchId, [...ids]))
    .orderBy(asc(settlementBatchFiles.currency));
  const out = new Map<number, BatchFile[]>();
  for (const { batchId, ...f } of rows)
    out.set(batchId, [
      ...(out.get(batchId) ?? []),
      { ...f, format: f.format === 'swift' ? 'swift' : 'zengin' },
    ]);
  return out;
}

type BatchRow = Omit<SelectResultFields<typeof batchColumns>, 'createdBy'> & { createdBy: string | null };

const summary = (r: BatchRow, files: BatchFile[]): BatchSummary => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  transferDate: r.transferDate,
  settlementCount: r.settlementCount,
  files,
  createdBy: r.createdBy ?? '',
  createdAt: iso(r.createdAt),
  remittedAt: r.remittedAt ? iso(r.remittedAt) : null,
  reversedAt: r.reversedAt ? iso(r.reversedAt) : null,
  reverseReason: r.reverseReason,
});

const batchSelect = (db: Executor) =>
  db
    .select(batchColumns)
    .from(settlementBatches)
    .leftJoin(operators, eq(operators.id, settlementBatches.createdBy));

export async function summaryOf(db: Executor, id: number): Promise<BatchSummary> {
  const [row] = await batchSelect(db).where(eq(settlementBatches.id, id));
  if (!row) throw notFound();
  return summary(row, (await filesOfBatches(db, [id])).get(id) ?? []);
}

export async function batchPage(
  c: Caller,
  kind: SettlementKind,
  q: BatchPageQuery,
): Promise<Page<BatchSummary>> {
  const where = and(
    batchesIn(scopeOfCaller(c), kind),
    q.status ? eq(settlementBatches.status, q.status) : undefined,
    q.id ? eq(settlementBatches.id, q.id) : undefined,
  );
  const { limit, offset } = limitOffset({ ...q, sortField: '', sortOrder: '' });
  const rows = await batchSelect(c.deps.db)
    .where(where)
    .orderBy(desc(settlementBatches.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await c.deps.db.select({ total: count() }).from(settlementBatches).where(where);
  const files = await filesOfBatches(
    c.deps.db,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => summary(r, files.get(r.id) ?? [])),
    Number(total),
    { ...q, sortField: '', sortOrder: '' },
  );
}

/** A batch's bank file of one currency (its download is recorded like an export). */
export async function batchFile(
  c: Caller,
  kind: SettlementKind,
  input: BatchFileInput,
): Promise<FileDownload> {
  const [file] = await c.deps.db
    .select({
      fileName: settlementBatchFiles.fileName,
      format: settlementBatchFiles.format,
      content: settlementBatchFiles.content,
    })
    .from(settlementBatchFiles)
    .innerJoin(settlementBatches, eq(settlementBatches.id, settlementBatchFiles.batchId))
    .where(
      and(
        eq(settlementBatchFiles.batchId, input.id),
        eq(settlementBatchFiles.currency, input.currency),
        batchesIn(scopeOfCaller(c), kind),
      ),
    );
  if (!file) throw notFound('server.settlements.noFile');
  await recordAudit(c.deps.db, actorOf(c.principal, c.req), {
    objectType: 'settlementBatch',
    objectId: input.id,
    action: 'export',
    after: { currency: input.currency, fileName: file.fileName },
  });
  return {
    name: file.fileName,
    contentType: file.format === 'zengin' ? 'text/plain; charset=Shift_JIS' : 'text/csv; charset=utf-8',
    body: Readable.from([Buffer.from(file.content)]),
  };
}

/**
 * The batch in scope, locked, with its settlements' ids — refused when its status does not allow
 * the action (BATCH_TRANSITIONS): CONFLICT, another operator moved it on first; `result.status`
 * says where it stands now.
 */
async function lockBatch(tx: Tx, scope: Scope, kind: SettlementKind, id: number, action: BatchAction) {
  const [batch] = await tx
    .select()
    .from(settlementBatches)
    .where(and(eq(settlementBatches.id, id), batchesIn(scope, kind)))
    .for('update');
  if (!batch) throw notFound();
  if (!batchAllows(batch.status, action))
    throw new ApiError(ResultType.CONFLICT, 'server.settlements.batchNotOpen', {}, { status: batch.status });
  const items = await tx
    .select({ id: settlementBatchItems.settlementId })
    .from(settlementBatchItems)
    .where(eq(settlementBatchItems.batchId, id));
  return { batch, ids: items.map((i) => i.id) };
}

/** The bank confirmed the transfers: the batch and its settlements are remitted (status 2, paid now). */
export async function remitBatch(c: Caller, kind: SettlementKind, id: number): Promise<BatchSummary> {
  mayPayOut(c);
  await write(
    c,
    'settlementBatch',
    id,
    async (tx, audit, scope) => {
      const { ids } = await lockBatch(tx, scope, kind, id, 'remit');
      await markRemitted(tx, audit, { batchId: id, ids, operatorId: c.principal.operatorId, at: new Date() });
    },
    { anyRole: true },
  );
  return summaryOf(c.deps.db, id);
}

/** A batch and its settlements remitted (status 2, paid at `at`), with the audit rows, in the caller's transaction. */
export async function markRemitted(
  tx: Tx,
  audit: Audit,
  r: { batchId: number; ids: readonly number[]; operatorId: number; at: Date },
) {
  await tx
    .update(settlementBatches)
    .set({ status: 'remitted', remittedAt: r.at, remittedBy: r.operatorId })
    .where(eq(settlementBatches.id, r.batchId));
  await tx
    .update(settlements)
    .set({ status: 2, payTime: r.at })
    .where(inArray(settlements.id, [...r.ids]));
  await audit({
    objectType: 'settlementBatch',
    objectId: r.batchId,
    action: 'remit',
    before: { status: 'checkedOut' },
    after: { status: 'remitted' },
  });
  for (const sid of r.ids)
    await audit({
      objectType: 'settlement',
      objectId: sid,
      action: 'remit',
      before: { status: 1 },
      after: { status: 2, payTime: iso(r.at), detail: `#${r.batchId}` },
    });
}

/**
 * The bank rejected the batch: an admin reverses it (with a reason); its settlements go back to
 * not remitted and without a batch, to be checked out again. The batch and its files stay.
 */
export async function reverseBatch(
  c: Caller,
  kind: SettlementKind,
  input: BatchReverseInput,
): Promise<BatchSummary> {
  if (!can(c.principal, 'reversePayout'))
    throw new ApiError(ResultType.NO_ACCESS, 'server.settlements.reverseRoles');
  await write(c, 'settlementBatch', input.id, async (tx, audit, scope) => {
    const { batch, ids } = await lockBatch(tx, scope, kind, input.id, 'reverse');
    await tx
      .update(settlementBatches)
      .set({
        status: 'reversed',
        reversedAt: new Date(),
        reversedBy: c.principal.operatorId,
        reverseReason: input.reason,
      })
      .where(eq(settlementBatches.id, input.id));
    await tx
      .update(settlements)
      .set({ status: 1, payTime: null, batchId: null })
      .where(and(inArray(settlements.id, ids), eq(settlements.batchId, input.id)));
    await audit({
      objectType: 'settlementBatch',
      objectId: input.id,
      action: 'reverse',
      before: { status: batch.status },
      after: { status: 'reversed', reason: input.reason },
    });
    for (const sid of ids)
      await audit({
        objectType: 'settlement',
        objectId: sid,
        action: 'reverse',
        before: { batchId: input.id },
        after: { batchId: null, status: 1, reason: input.reason, detail: `#${input.id}: ${input.reason}` },
      });
  });
  return summaryOf(c.deps.db, input.id);
}

/**
 * A payout made before this database knew of it (the demo data's history, server/demo): the
 * payable ones of the settlements given, made into a batch dated `transferDate` and remitted at
 * `remittedAt`, as an operator would have done with checkout and remit (which only take today
 * and later). Nothing when none of them can be paid.
 */
export async function recordPastPayout(
  tx: Tx,
  audit: Audit,
  p: {
    kind: SettlementKind;
    ids: readonly number[];
    transferDate: string;
    batchKey: string;
    createdBy: number;
    createdAt: Date;
    remittedAt: Date;
  },
) {
  const paying = await payingBanks(tx);
  const rows = (await selected(tx, { level: 'system' }, p.kind, p.ids, true)).filter(
    (r) => unpayableOf(r, r.payee, paying.get(r.currency)).length === 0,
  );
  if (rows.length === 0) return;
  const batchId = await makeBatch(tx, audit, { ...p, rows, paying });
  await markRemitted(tx, audit, {
    batchId,
    ids: rows.map((r) => r.id),
    operatorId: p.createdBy,
    at: p.remittedAt,
  });
}
