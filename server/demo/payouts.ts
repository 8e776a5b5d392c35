import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { PAY_BRANDS } from '../../src/contract/brands';
import { SandboxConnector } from '../connectors/sandbox';
import { recordAudit, systemActor } from '../platform/audit';
import { businessDaysAfter } from '../platform/bankDays';
import {
  fetchDueStatements,
  parseBankCsv,
  refreshPayouts,
  storeDeposits,
  writeBankCsv,
} from '../modules/payouts';
import { rowsOf, type Db } from '../db/client';
import { operators } from '../db/schema';

/**
 * The demo's brand payouts (docs/reconciliation.md, "Payouts"): the brands' payment statements
 * of every closed brand settlement, fetched from the sandboxes, and the platform's bank account
 * statement, imported as the admin would: each payout paid by its comprehensive agent on its due
 * date (a few a business day later), a few transfers that are no payout — and one payout whose
 * deposit never came (the latest PayPay payout whose window has closed).
 */

export interface DemoPayoutsReport {
  payouts: number;
  statements: number;
  deposits: number;
  matched: number;
  missing: { brand: string; currency: string; periodEnd: string } | null;
}

/** A bank's reference: 12 digits made from the payout, so two seeds agree. */
const referenceOf = (key: string) =>
  String(BigInt(`0x${createHash('sha256').update(key).digest('hex').slice(0, 12)}`) % 10n ** 12n).padStart(
    12,
    '0',
  );

/** Other incoming transfers of a payments platform's account (no brand payout). */
const OTHER_TRANSFERS = [
  { daysBack: 61, amount: 132, payerName: 'ﾘｿｸ', currency: 'JPY' },
  { daysBack: 44, amount: 55_000, payerName: 'ｶ)ﾎﾂｶｲﾌﾞﾂｻﾝ', currency: 'JPY' },
  { daysBack: 12, amount: 128, payerName: 'ﾘｿｸ', currency: 'JPY' },
];

export async function seedDemoPayouts(db: Db, zone: string, now = new Date()): Promise<DemoPayoutsReport> {
  const today = DateTime.fromJSDate(now, { zone }).toISODate()!;
  const actor = systemActor('brandPayouts');
  await db.transaction((tx) => refreshPayouts(tx, (e) => recordAudit(tx, actor, e)));
  const noDeliver = () => Promise.resolve(200);
  let statements = 0;
  for (const brand of PAY_BRANDS) {
    const connector = new SandboxConnector(brand, db, 'demo', () => '', noDeliver);
    const reply = await fetchDueStatements(db, {
      brands: [brand],
      connectorOf: () => connector,
      now,
      audit: (tx) => (e) => recordAudit(tx, actor, e),
    });
    statements += reply.fetched;
  }
  // Who pays each brand: its comprehensive agent's account holder, as the bank shows transfers.
  const payouts = rowsOf<{
    id: number;
    brand: string;
    currency: string;
    period_end: string;
    due_date: string;
    deposit_by: string;
    amount: string;
    holder: string;
  }>(
    await db.execute(sql`select p.id, p.brand, p.currency, p.period_end::text as period_end,
        p.due_date::text as due_date, p.deposit_by::text as deposit_by,
        coalesce(p.net, p.settlement_net) as amount, coalesce(g.bank_account_holder, '') as holder
      from brand_payouts p
      left join brand_agent_brands b on b.brand = p.brand
      left join brand_agents g on g.id = b.brand_agent_id
      where coalesce(p.net, p.settlement_net) > 0 and p.due_date <= ${today}::date
      order by p.period_end, p.brand, p.currency`),
  );
  const closed = payouts.filter((p) => p.deposit_by < today);
  const missing = [...closed].reverse().find((p) => p.brand === 'paypay') ?? closed.at(-1) ?? null;
  const deposits = payouts
    .filter((p) => p !== missing)
    .map((p, i) => ({
      // Most arrive on the due date; every fifth a bank business day later (still in the window).
      valueDate: i % 5 === 4 ? businessDaysAfter(p.due_date, 1) : p.due_date,
      amount: Number(p.amount),
      currency: p.currency,
      payerName: p.holder,
      reference: referenceOf(`${p.brand}/${p.currency}/${p.period_end}`),
    }));
  for (const o of OTHER_TRANSFERS)
    deposits.push({
      valueDate: DateTime.fromJSDate(now, { zone }).minus({ days: o.daysBack }).toISODate()!,
      amount: o.amount,
      currency: o.currency,
      payerName: o.payerName,
      reference: referenceOf(`other/${o.daysBack}`),
    });
  deposits.sort((a, b) => a.valueDate.localeCompare(b.valueDate));
  const bytes = writeBankCsv(deposits);
  const parsed = parseBankCsv(bytes);
  if (!parsed.ok) throw new Error(`the demo's bank statement does not parse: ${JSON.stringify(parsed)}`);
  const [admin] = await db
    .select({ id: operators.id, name: operators.userName })
    .from(operators)
    .where(eq(operators.loginId, 'admin'));
  const adminActor = {
    operatorId: admin?.id ?? null,
    loginId: 'admin',
    callPath: '/settle/brand/deposits/upload',
    ip: '',
  };
  const imported = await db.transaction((tx) =>
    storeDeposits(
      tx,
      (e) => recordAudit(tx, adminActor, e),
      {
        fileName: `nyukin_meisai_${today.replace(/-/g, '')}.csv`,
        bytes,
        by: { id: admin?.id ?? null, name: admin?.name ?? 'admin' },
      },
      parsed,
      now,
    ),
  );
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from brand_payouts`));
  return {
    payouts: n,
    statements,
    deposits: imported.added,
    matched: imported.matched,
    missing: missing
      ? { brand: missing.brand, currency: missing.currency, periodEnd: missing.period_end }
      : null,
  };
}
