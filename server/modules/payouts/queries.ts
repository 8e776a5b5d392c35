import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PayBrand } from '../../../src/contract/brands';
import type { Page } from '../../../src/contract/envelope';
import { DEPOSIT_LIST, PAYOUT_LISTS } from '../../../src/contract/lists/payouts';
import type {
  BankDepositRow,
  DepositExportQuery,
  DepositPageQuery,
  DepositState,
  PayoutCheck,
  PayoutExportQuery,
  PayoutPageQuery,
  PayoutRow,
} from '../../../src/contract/payouts';
import type { Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import { bankDepositImports, bankDeposits, brandPayouts as p, settlements } from '../../db/schema';
import { between, type Key, type ListRows, type Select } from '../../platform/listExport';
import type { ExportSources } from '../../platform/exportColumns';
import { iso, listPage, sortColumns } from '../../platform/lists';
import type { Scope } from '../../platform/scope';
import { todayIn } from './service';

/**
 * The payout and deposit lists (docs/reconciliation.md, "Payouts"). What a brand pays the
 * platform and what arrives on the platform's account are the platform's own business: the
 * platform's roles see every row, any other scope none (a payout is no tenant's).
 */

type PayoutList = (typeof PAYOUT_LISTS)[keyof typeof PAYOUT_LISTS];

/** The payout's check and deposit state, as SQL (the lists filter on them) for `today`. */
export const checkSql = sql<PayoutCheck>`(case when ${p.net} is null then 'noStatement'
  when ${p.settlementNet} is null then 'noSettlement'
  when ${p.net} = ${p.settlementNet} then 'agrees' else 'differs' end)`;
export const depositStateSql = (
  today: string,
) => sql<DepositState>`(case when ${p.depositId} is not null then 'matched'
  when coalesce(${p.net}, ${p.settlementNet}) <= 0 then 'notExpected'
  when ${p.depositBy} < ${today}::date then 'missing' else 'waiting' end)`;

const mine = (scope: Scope): SQL | undefined => (scope.level === 'system' ? undefined : sql`false`);

function payoutFilter(scope: Scope, list: PayoutList, today: string, q: PayoutExportQuery): SQL | undefined {
  const brands = list.filters.brand.field.codes as readonly PayBrand[];
  return and(
    mine(scope),
    q.brand ? eq(p.brand, q.brand) : inArray(p.brand, [...brands]),
    sql`${p.periodEnd} between ${q.beginTime}::date and ${q.endTime}::date`,
    q.check ? sql`${checkSql} = ${q.check}` : undefined,
    q.deposit ? sql`${depositStateSql(today)} = ${q.deposit}` : undefined,
  );
}

const deposit = alias(bankDeposits, 'payout_deposit');
const settlement = alias(settlements, 'payout_settlement');

const payoutColumns = (today: string) => ({
  payout: p,
  check: checkSql,
  depositState: depositStateSql(today),
  deposit: {
    id: deposit.id,
    valueDate: deposit.valueDate,
    amount: deposit.amount,
    payerName: deposit.payerName,
    reference: deposit.reference,
  },
  settlementNo: settlement.settlementNo,
});

const payoutRows = (db: Executor, today: string) =>
  db
    .select(payoutColumns(today))
    .from(p)
    .leftJoin(deposit, eq(deposit.id, p.depositId))
    .leftJoin(settlement, eq(settlement.id, p.settlementId))
    .$dynamic();

type Joined = Awaited<ReturnType<typeof payoutRows>>[number];

export const toPayoutRow = (r: Joined): PayoutRow => {
  const x = r.payout;
  const expected = x.net ?? x.settlementNet ?? 0;
  return {
    id: x.id,
    brand: x.brand,
    currency: x.currency,
    periodBegin: x.periodBegin,
    periodEnd: x.periodEnd,
    dueDate: x.dueDate,
    depositBy: x.depositBy,
    settlement:
      x.settlementNet === null || x.settlementId === null
        ? null
        : {
            net: x.settlementNet,
            count: x.settlementCount,
            id: x.settlementId,
            settlementNo: r.settlementNo ?? '',
          },
    statement:
      x.net === null
        ? null
        : {
            paymentCount: x.paymentCount ?? 0,
            refundCount: x.refundCount ?? 0,
            gross: x.gross ?? 0,
            fee: x.fee ?? 0,
            net: x.net,
            fileName: x.statementFile ?? '',
            receivedAt: x.statementAt ? iso(x.statementAt) : '',
          },
    check: r.check,
    difference: x.net === null || x.settlementNet === null ? null : x.net - x.settlementNet,
    expected,
    deposit: r.deposit && r.deposit.id !== null ? r.deposit : null,
    depositState: r.depositState,
  };
};

export async function payoutPage(
  db: Executor,
  scope: Scope,
  t: Translate,
  zone: string,
  list: PayoutList,
  q: PayoutPageQuery,
): Promise<Page<PayoutRow>> {
  const today = todayIn(zone);
  const columns = sortColumns(list, { periodEnd: p.periodEnd });
  return listPage(
    t,
    q,
    { columns: { ...columns, createdAt: p.periodEnd }, tieBreaker: p.id },
    {
      rows: payoutRows(db, today),
      count: db.select({ total: count() }).from(p).$dynamic(),
      where: payoutFilter(scope, list, today, q),
    },
    toPayoutRow,
  );
}

/** The payout of one brand settlement (its brand, currency and period end), for its page. */
export async function payoutOfSettlement(db: Executor, scope: Scope, zone: string, id: number) {
  if (scope.level !== 'system') return null;
  const [s] = await db
    .select({ brand: settlements.brand, currency: settlements.currency, periodEnd: settlements.periodEnd })
    .from(settlements)
    .where(and(eq(settlements.id, id), eq(settlements.kind, 'brand')));
  if (!s) return null;
  const [row] = await payoutRows(db, todayIn(zone)).where(
    and(eq(p.brand, s.brand as PayBrand), eq(p.currency, s.currency), eq(p.periodEnd, s.periodEnd)),
  );
  return row ? toPayoutRow(row) : null;
}

/* ---- Deposits ---- */

function depositFilter(scope: Scope, q: DepositExportQuery): SQL | undefined {
  return and(
    mine(scope),
    sql`${bankDeposits.valueDate} between ${q.beginTime}::date and ${q.endTime}::date`,
    q.match === 'matched'
      ? sql`${p.id} is not null`
      : q.match === 'unmatched'
        ? sql`${p.id} is null`
        : undefined,
  );
}

const depositRows = (db: Executor) =>
  db
    .select({
      d: bankDeposits,
      fileName: bankDepositImports.fileName,
      importedAt: bankDepositImports.importedAt,
      payoutId: p.id,
      brand: p.brand,
      periodEnd: p.periodEnd,
    })
    .from(bankDeposits)
    .innerJoin(bankDepositImports, eq(bankDepositImports.id, bankDeposits.importId))
    .leftJoin(p, eq(p.depositId, bankDeposits.id))
    .$dynamic();

const toDepositRow = (r: Awaited<ReturnType<typeof depositRows>>[number]): BankDepositRow => ({
  id: r.d.id,
  valueDate: r.d.valueDate,
  amount: r.d.amount,
  currency: r.d.currency,
  payerName: r.d.payerName,
  reference: r.d.reference,
  line: r.d.line,
  fileName: r.fileName,
  importedAt: iso(r.importedAt),
  payout:
    r.payoutId === null || r.brand === null || r.periodEnd === null
      ? null
      : { id: r.payoutId, brand: r.brand, periodEnd: r.periodEnd },
});

export async function depositPage(
  db: Executor,
  scope: Scope,
  t: Translate,
  q: DepositPageQuery,
): Promise<Page<BankDepositRow>> {
  const columns = sortColumns(DEPOSIT_LIST, {
    valueDate: bankDeposits.valueDate,
    amount: bankDeposits.amount,
  });
  return listPage(
    t,
    q,
    { columns: { ...columns, createdAt: bankDeposits.valueDate }, tieBreaker: bankDeposits.id },
    {
      rows: depositRows(db),
      count: db
        .select({ total: count() })
        .from(bankDeposits)
        .leftJoin(p, eq(p.depositId, bankDeposits.id))
        .$dynamic(),
      where: depositFilter(scope, q),
    },
    toDepositRow,
  );
}

/* ---- Exports ---- */

const text = (x: unknown) => sql<string>`coalesce((${x})::text, '')`;

export const payoutExportRows = (list: PayoutList, zone: string): ListRows<PayoutExportQuery> => {
  const today = todayIn(zone);
  const key: Key = { createdAt: p.periodEnd, id: p.id };
  const sources = {
    brand: p.brand,
    currency: p.currency,
    periodBegin: text(p.periodBegin),
    periodEnd: text(p.periodEnd),
    dueDate: text(p.dueDate),
    settlementNo: text(settlement.settlementNo),
    settlementNet: p.settlementNet,
    paymentCount: text(p.paymentCount),
    refundCount: text(p.refundCount),
    gross: p.gross,
    fee: p.fee,
    net: p.net,
    difference: sql<number>`(${p.net} - ${p.settlementNet})`,
    check: checkSql,
    depositState: depositStateSql(today),
    depositDate: text(deposit.valueDate),
    depositAmount: deposit.amount,
    payerName: text(deposit.payerName),
    reference: text(deposit.reference),
  } satisfies ExportSources<string>;
  return {
    list: list.exports,
    what: 'payouts',
    key,
    sources,
    select:
      (db, scope, _t, _zone, q): Select =>
      (fields, from, to) =>
        db
          .select(fields)
          .from(p)
          .leftJoin(deposit, eq(deposit.id, p.depositId))
          .leftJoin(settlement, eq(settlement.id, p.settlementId))
          .where(and(payoutFilter(scope, list, today, q), between(key, from, to ?? null)))
          .orderBy(desc(p.periodEnd), desc(p.id)),
  };
};

export const depositExportRows = (): ListRows<DepositExportQuery> => {
  const key: Key = { createdAt: bankDeposits.valueDate, id: bankDeposits.id };
  return {
    list: DEPOSIT_LIST.exports,
    what: 'deposits',
    key,
    sources: {
      valueDate: text(bankDeposits.valueDate),
      currency: bankDeposits.currency,
      amount: bankDeposits.amount,
      payerName: bankDeposits.payerName,
      reference: bankDeposits.reference,
      brand: text(p.brand),
      periodEnd: text(p.periodEnd),
      fileName: bankDepositImports.fileName,
      line: text(bankDeposits.line),
    },
    select:
      (db, scope, _t, _zone, q): Select =>
      (fields, from, to) =>
        db
          .select(fields)
          .from(bankDeposits)
          .innerJoin(bankDepositImports, eq(bankDepositImports.id, bankDeposits.importId))
          .leftJoin(p, eq(p.depositId, bankDeposits.id))
          .where(and(depositFilter(scope, q), between(key, from, to ?? null)))
          .orderBy(desc(bankDeposits.valueDate), desc(bankDeposits.id)),
  };
};
