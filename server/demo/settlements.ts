import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { PayBrand } from '../../src/contract/brands';
import type { Db, Tx } from '../db/client';
import {
  agentRebateRates,
  brandAgentBrands,
  brandAgents,
  commissionRates,
  invoiceIssuer,
  operators,
  payoutAccounts,
  rateChanges,
  settlements,
} from '../db/schema';
import { createHash } from 'node:crypto';
import { closePeriods, recordPastPayout, yesterday } from '../modules/settlements';
import { recordAudit, systemActor, type AuditActor } from '../platform/audit';

/**
 * The settlement side of the demo (docs/settlement.md): the comprehensive agents that hold the
 * brands' contracts with their fees, the platform's paying accounts and its invoice registration,
 * the rates' history, and — after the demo orders — 90 days of closed periods, the older ones paid
 * out in weekly batches (with their bank files) and the recent ones waiting.
 */

interface DemoBrandAgent {
  name: string;
  nameEn: string;
  contactName: string;
  domain: string;
  phone: string;
  address: string;
  bank: {
    name: string;
    code: string;
    branchName: string;
    branchCode: string;
    number: string;
    holder: string;
  };
  brands: { brand: PayBrand; feeRate: number }[];
}

/** Fees in hundredths of a percent: below every demo merchant's commission of the brand. */
const BRAND_AGENTS: DemoBrandAgent[] = [
  {
    name: 'ウォレットリンク・ジャパン株式会社',
    nameEn: 'WalletLink Japan K.K.',
    contactName: '周 文傑',
    domain: 'walletlink.example',
    phone: '03-5405-2210',
    address: '東京都港区虎ノ門4-1-1 神谷町トラストタワー18階',
    bank: {
      name: 'みずほ銀行',
      code: '0001',
      branchName: '東京営業部',
      branchCode: '001',
      number: '3020117',
      holder: 'ｳｵﾚﾂﾄﾘﾝｸｼﾞﾔﾊﾟﾝ(ｶ',
    },
    brands: [
      { brand: 'wechat', feeRate: 170 },
      { brand: 'alipayplus', feeRate: 190 },
    ],
  },
  {
    name: 'キャッシュレス・パートナーズ株式会社',
    nameEn: 'Cashless Partners Co., Ltd.',
    contactName: '岡田 真理',
    domain: 'cashless-partners.example',
    phone: '03-6231-0480',
    address: '東京都千代田区丸の内1-9-2 グラントウキョウサウスタワー11階',
    bank: {
      name: '三菱UFJ銀行',
      code: '0005',
      branchName: '本店',
      branchCode: '001',
      number: '4410582',
      holder: 'ｷﾔﾂｼﾕﾚｽﾊﾟ-ﾄﾅ-ｽﾞ(ｶ',
    },
    brands: [{ brand: 'paypay', feeRate: 120 }],
  },
  {
    name: '日本カードアクワイアリング株式会社',
    nameEn: 'Japan Card Acquiring Corporation',
    contactName: '石川 浩',
    domain: 'jca.example',
    phone: '03-3243-7711',
    address: '東京都中央区日本橋室町2-1-1 日本橋三井タワー20階',
    bank: {
      name: '三井住友銀行',
      code: '0009',
      branchName: '本店営業部',
      branchCode: '015',
      number: '2281940',
      holder: 'ﾆﾎﾝｶ-ﾄﾞｱｸﾜｲｱﾘﾝｸﾞ(ｶ',
    },
    brands: [{ brand: 'card', feeRate: 250 }],
  },
];

/** When the demo's rates came into force: before any demo order. */
const ratesSince = (now: Date) => new Date(now.getTime() - 365 * 86_400_000);

/**
 * The comprehensive agents and their brand fees, the platform's paying accounts and invoice
 * issuer, and the history of every demo rate (in the demo organisations' transaction).
 */
export async function seedSettlementSetup(tx: Tx, now = new Date()) {
  const since = ratesSince(now);
  for (const a of BRAND_AGENTS) {
    const [agent] = await tx
      .insert(brandAgents)
      .values({
        name: a.name,
        nameEn: a.nameEn,
        contactName: a.contactName,
        contactEmail: `settlement@${a.domain}`,
        phone: a.phone,
        address: a.address,
        bankName: a.bank.name,
        bankCode: a.bank.code,
        bankBranchName: a.bank.branchName,
        bankBranchCode: a.bank.branchCode,
        bankAccountNumber: a.bank.number,
        bankAccountHolder: a.bank.holder,
        statementPeriod: 'monthly',
      })
      .returning({ id: brandAgents.id });
    await tx.insert(brandAgentBrands).values(a.brands.map((b) => ({ ...b, brandAgentId: agent.id })));
    await tx.insert(rateChanges).values(
      a.brands.map((b) => ({
        kind: 'brandFee' as const,
        brandAgentId: agent.id,
        brand: b.brand,
        rate: b.feeRate,
        validFrom: since,
      })),
    );
  }
  const rates = await tx.select().from(commissionRates);
  if (rates.length > 0)
    await tx.insert(rateChanges).values(
      rates.map((r) => ({
        kind: 'commission' as const,
        companyId: r.companyId,
        brand: r.brand,
        channel: r.channel,
        rate: r.rate,
        validFrom: since,
      })),
    );
  const rebates = await tx.select().from(agentRebateRates);
  if (rebates.length > 0)
    await tx.insert(rateChanges).values(
      rebates.map((r) => ({
        kind: 'rebate' as const,
        companyId: r.companyId,
        brand: r.brand,
        rate: r.rate,
        validFrom: since,
      })),
    );
  await tx.insert(payoutAccounts).values([
    {
      currency: 'JPY',
      bankName: '三井住友銀行',
      bankCode: '0009',
      branchName: '東京営業部',
      branchCode: '211',
      depositType: 1,
      accountNumber: '8123456',
      holder: 'ｶ)ｹﾂｻｲﾍﾟｲﾒﾝﾂ',
      requesterCode: '1002003001',
    },
    {
      currency: 'USD',
      bankName: 'Sumitomo Mitsui Banking Corporation',
      bankCode: 'SMBCJPJT',
      branchName: 'Tokyo Main Office',
      branchCode: '',
      depositType: 1,
      accountNumber: '8700315',
      holder: 'KESSAI PAYMENTS K.K.',
    },
  ]);
  await tx.insert(invoiceIssuer).values({
    name: '株式会社ケッサイ・ペイメンツ',
    // 法人番号 with its check digit (9 − Σ weighted digits mod 9), as the registry issues them.
    registrationNo: 'T9010401123456',
    address: '東京都千代田区大手町1-6-1 大手町ビル7階',
    phone: '03-6206-1180',
  });
}

/** The demo's weekly payouts: every batch of settlements due on one business day. */
async function payOutOlder(db: Db, zone: string, now: Date) {
  const cutoff = DateTime.fromJSDate(now, { zone }).minus({ days: 7 }).toISODate()!;
  const [admin] = await db.select({ id: operators.id }).from(operators).where(eq(operators.loginId, 'admin'));
  for (const kind of ['merchant', 'agent'] as const) {
    // As the system admin would have checked them out and marked them remitted.
    const actor: AuditActor = {
      operatorId: admin.id,
      loginId: 'admin',
      callPath:
        kind === 'merchant'
          ? '/history/platformCheckoutInfo/checkout'
          : '/history/agentCheckoutInfo/checkout',
      ip: '',
    };
    const due = await db
      .selectDistinct({ dueDate: settlements.dueDate })
      .from(settlements)
      .where(and(eq(settlements.kind, kind), isNull(settlements.batchId), lt(settlements.periodEnd, cutoff)))
      .orderBy(asc(settlements.dueDate));
    for (const { dueDate } of due) {
      const ids = await db
        .select({ id: settlements.id })
        .from(settlements)
        .where(
          and(
            eq(settlements.kind, kind),
            eq(settlements.dueDate, dueDate),
            isNull(settlements.batchId),
            sql`${settlements.transferAmount} > 0`,
            // Only the older periods: a recent one may share an older one's due date.
            lt(settlements.periodEnd, cutoff),
          ),
        );
      // Transferred on the due date, confirmed by the bank at 15:00 that day: only where that
      // has happened by now (a period of a week ago is due later after a run of bank holidays,
      // Golden Week or the New Year's).
      const at = DateTime.fromISO(dueDate, { zone }).set({ hour: 15 }).toJSDate();
      if (ids.length === 0 || at.getTime() >= now.getTime()) continue;
      await db.transaction((tx) =>
        recordPastPayout(tx, (e) => recordAudit(tx, actor, e), {
          kind,
          ids: ids.map((r) => r.id),
          transferDate: dueDate,
          // A console's key looks random; this one is made from the batch so two seeds agree.
          batchKey: createHash('sha256').update(`${kind}/${dueDate}`).digest('hex').slice(0, 32),
          createdBy: admin.id,
          // Checked out the business day before, at 11:00.
          createdAt: DateTime.fromJSDate(at, { zone }).minus({ days: 1 }).set({ hour: 11 }).toJSDate(),
          remittedAt: at,
        }),
      );
    }
  }
}

/** 90 days of periods closed from the demo orders, the older ones paid out. */
export async function seedDemoSettlements(db: Db, zone: string, now = new Date()) {
  const report = await closePeriods(db, {
    through: yesterday(zone, now),
    zone,
    actor: systemActor('settlementClose'),
  });
  await payOutOlder(db, zone, now);
  return report;
}
