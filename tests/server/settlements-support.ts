import { eq, sql } from 'drizzle-orm';
import { chargesOn, refundReturns, type ChargeRates } from '../../src/contract/charges';
import type { Db } from '../../server/db/client';
import { agents, companies, orders, refunds } from '../../server/db/schema';

/**
 * Orders and refunds written straight into the tables as the payment engine and the refunds
 * module write them (the charges fixed at the rates given, a refund's returns on the part not
 * refunded before it), at chosen times: settlement tests need periods in the past.
 */
let seq = 0;
const unique = (p: string) => `${p}${Date.now().toString(36)}${(++seq).toString(36)}`.toUpperCase();

export interface PaidOrderSpec {
  companyId: number;
  amount: number;
  /** Paid at. */
  at: Date;
  currency?: string;
  rates?: Partial<ChargeRates>;
  agentId?: number | null;
  brandAgentId?: number | null;
  brand?: 'wechat' | 'alipayplus' | 'paypay' | 'card';
}

export async function paidOrder(db: Db, spec: PaidOrderSpec) {
  const rates: ChargeRates = { commission: null, rebate: null, fee: null, ...spec.rates };
  const c = chargesOn(spec.amount, rates);
  const [row] = await db
    .insert(orders)
    .values({
      companyId: spec.companyId,
      clientOrderNo: unique('T'),
      gatewayOrderNo: unique('G'),
      amount: spec.amount,
      currency: spec.currency ?? 'JPY',
      status: 'success',
      paymentType: 'dynamicQr',
      brand: spec.brand ?? 'paypay',
      subBrand: spec.brand ?? 'paypay',
      commissionRate: rates.commission,
      commissionAmount: rates.commission == null ? null : c.commission,
      rebateRate: rates.rebate,
      rebateAmount: rates.rebate == null ? null : c.rebate,
      agentId: rates.rebate == null ? null : (spec.agentId ?? null),
      brandAgentId: spec.brandAgentId ?? null,
      feeRate: rates.fee,
      feeAmount: rates.fee == null ? null : c.fee,
      createdAt: spec.at,
      finishedAt: spec.at,
    })
    .returning();
  return row;
}

/** A refund of `amount` that succeeded at `at`, its returns computed under the order as it stands. */
export async function succeededRefund(db: Db, orderId: number, amount: number, at: Date) {
  return db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    const r = refundReturns(o.amount - o.refundedAmount, amount, {
      commission: o.commissionRate,
      rebate: o.rebateRate,
      fee: o.feeRate,
    });
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId,
        companyId: o.companyId,
        clientRefundNo: unique('R'),
        gatewayRefundNo: unique('GR'),
        amount,
        currency: o.currency,
        status: 'success',
        commissionAmount: r.commission,
        rebateAmount: r.rebate,
        feeAmount: r.fee,
        createdAt: at,
        finishedAt: at,
      })
      .returning();
    const refunded = o.refundedAmount + amount;
    await tx
      .update(orders)
      .set({ refundedAmount: refunded, status: refunded === o.amount ? 'refunded' : 'partlyRefunded' })
      .where(eq(orders.id, orderId));
    return refund;
  });
}

/** Tokyo wall-clock time as an instant: `tokyo('2026-11-03 10:00')`. */
export const tokyo = (local: string) => new Date(`${local.replace(' ', 'T')}:00+09:00`);

export async function settlementsOf(db: Db, kind: string, partyId: number) {
  const r = await db.execute(
    sql`select * from settlements where kind = ${kind} and party_id = ${partyId} order by period_end`,
  );
  return (Array.isArray(r) ? r : (r as { rows: Record<string, unknown>[] }).rows) as Record<
    string,
    unknown
  >[];
}

/** A company of its own for a test (the first service provider's unless told), with complete Japanese bank details. */
export async function newCompany(
  db: Db,
  terms: {
    checkoutPeriod?: 'daily' | 'weekly' | 'monthly';
    checkoutWeekday?: number | null;
    checkoutLimit?: number;
    agentId?: number | null;
    name?: string;
    /** The service provider (the first one unless told). */
    serviceProviderId?: number;
  } = {},
) {
  const r = await db.execute(sql`select id from service_providers order by id limit 1`);
  const rows = (Array.isArray(r) ? r : (r as { rows: { id: number }[] }).rows) as { id: number }[];
  const [c] = await db
    .insert(companies)
    .values({
      serviceProviderId: terms.serviceProviderId ?? rows[0].id,
      agentId: terms.agentId ?? null,
      name: terms.name ?? unique('テスト商店'),
      checkoutPeriod: terms.checkoutPeriod ?? 'monthly',
      checkoutWeekday: terms.checkoutWeekday ?? null,
      checkoutLimit: terms.checkoutLimit ?? 0,
      bankName: 'みずほ銀行',
      bankCode: '0001',
      bankBranchName: '東京営業部',
      bankBranchCode: '001',
      bankAccountNumber: '1234567',
      bankAccountHolder: 'テスト（カ',
    })
    .returning();
  return c;
}

/** The platform's JPY paying account (a demo-like one; tests that check out need it). */
export async function payingAccountJpy(db: Db) {
  await db.execute(sql`insert into payout_accounts
      (currency, bank_name, bank_code, branch_name, branch_code, deposit_type, account_number, holder, requester_code)
    values ('JPY', '三井住友銀行', '0009', '東京営業部', '015', 1, '7654321', 'カ）ケッサイ', '1234567890')
    on conflict (currency) do nothing`);
}

/** An agency of its own for a test (the first service provider's), SHA or OUR, with its minimum. */
export async function newAgency(
  db: Db,
  terms: { remittanceCostType?: 'SHA' | 'OUR'; minimumAmount?: number } = {},
) {
  const r = await db.execute(sql`select id from service_providers order by id limit 1`);
  const rows = (Array.isArray(r) ? r : (r as { rows: { id: number }[] }).rows) as { id: number }[];
  const [a] = await db
    .insert(agents)
    .values({
      serviceProviderId: rows[0].id,
      name: unique('テスト代理店'),
      settlementPeriod: 'T+15',
      minimumAmount: terms.minimumAmount ?? 0,
      remittanceCostType: terms.remittanceCostType ?? 'SHA',
      bankName: 'みずほ銀行',
      bankCode: '0001',
      bankBranchName: '東京営業部',
      bankBranchCode: '001',
      bankAccountNumber: '7654321',
      bankAccountHolder: 'ﾃｽﾄﾀﾞｲﾘﾃﾝ',
    })
    .returning();
  return a;
}

/**
 * A closed settlement worth paying out (¥1,000, not remitted, no batch) of a company or agency
 * — or a brand settlement of a comprehensive agent — written straight into the table with the
 * party's bank details as its payee (an account number made up where the party has none yet), for
 * tests that need one in a given scope. No lines.
 */
export async function syntheticSettlement(
  db: Pick<Db, 'execute'>,
  kind: 'merchant' | 'agent' | 'brand',
  partyId: number,
): Promise<number> {
  const party = { merchant: 'companies', agent: 'agents', brand: 'brand_agents' }[kind];
  const provider = kind === 'brand' ? sql`null::int` : sql.raw('p.service_provider_id');
  const r = await db.execute(sql`
    with n as (select nextval(pg_get_serial_sequence('settlements', 'id'))::bigint as id)
    insert into settlements
      (id, settlement_no, kind, party_id, brand, service_provider_id, currency, period_begin, period_end, due_date,
       order_count, order_total, refund_count, refund_total, commission_total, commission_cost,
       carried_in, carried_out, transfer_commission, transfer_amount, transfer_type, payee)
    overriding system value select n.id, 'ST' || lpad(n.id::text, 10, '0'), ${kind}, p.id, ${kind === 'brand' ? 'paypay' : ''}, ${provider}, 'JPY',
      date '2000-01-01' + (n.id % 20000)::int, date '2000-01-01' + (n.id % 20000)::int, date '2000-01-06' + (n.id % 20000)::int,
      1, 1250, 0, 0, 0, 0, 0, 0, 250, 1000, ${kind === 'brand' ? '' : 'zengin'},
      jsonb_build_object('name', p.name, 'nameEn', p.name_en, 'bankName', p.bank_name, 'bankCode', p.bank_code,
        'branchName', p.bank_branch_name, 'branchCode', p.bank_branch_code, 'depositType', p.bank_deposit_type,
        'accountNumber', coalesce(nullif(p.bank_account_number, ''), '1234567'), 'holder', p.bank_account_holder,
        'addressCountry', p.bank_address_country, 'iban', p.bank_iban, 'swift', p.bank_swift)
    from n, ${sql.raw(party)} p where p.id = ${partyId}
    returning id`);
  const rows = (Array.isArray(r) ? r : (r as { rows: { id: number }[] }).rows) as { id: number }[];
  return Number(rows[0].id);
}
