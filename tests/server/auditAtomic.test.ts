import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_ROLE_ROUTES } from '../../src/contract/routes';
import type { MerchantOrder } from '../../src/contract/merchant';
import { readFileSync } from 'node:fs';
import {
  brandAgents,
  operators,
  orders,
  reportDeliveries,
  sandboxPayments,
  serviceProviders,
  statementImports,
} from '../../server/db/schema';
import { importsSettled } from '../../server/modules/reconciliation';
import type { Tx } from '../../server/db/client';
import type { MfaEnrolment } from '../../src/contract/auth';
import type { SettlementSettings } from '../../src/contract/settlements';
import {
  backends,
  businessToday,
  DEMO_PASSWORD,
  md5Upper,
  startHarness,
  totpNow,
  type Harness,
} from './harness';
import { orgIds, type OrgIds } from './fixtures';
import { merchantClient, notificationsDelivered, type MerchantClient } from './payments-support';
import { csv, upload } from './uploads-support';
import { syntheticSettlement } from './settlements-support';
import { exceptionDay } from './reconciliation-support';
import type { ReconResult } from '../../src/contract/reconciliation';
import { isBankBusinessDay } from '../../server/platform/bankDays';

/**
 * Every write and its audit row in one transaction, for every call (hardening #12, fault 7).
 *
 * The database itself is the witness: for the test, every table that holds the gateway's
 * records gets a deferred constraint trigger that, at COMMIT, refuses the transaction unless
 * the same transaction inserted an audit row (the audit table's own trigger marks the
 * transaction), and a row trigger that counts the changes. Then every registered call is made
 * once with a valid input: a call declared `writes` must succeed, change something and audit
 * it (a change committed without its audit row is refused at commit, so the call fails); a
 * call not declared `writes` must change nothing. A table of inputs covers every call, so a
 * new call cannot be left out.
 */

/** The gateway's records (not: sessions, login history, the audit log itself, outboxes, the sandbox brands' books). */
const GUARDED: Record<string, string[]> = {
  orders: [],
  refunds: [],
  pre_orders: [],
  pay_links: [],
  service_providers: [],
  agents: [],
  companies: [],
  branch_units: [],
  terminals: [],
  commission_rates: [],
  agent_rebate_rates: [],
  brand_settings: [],
  role_routes: [],
  password_history: [],
  settlements: [],
  settlement_orders: [],
  settlement_refunds: [],
  settlement_batches: [],
  settlement_batch_items: [],
  settlement_batch_files: [],
  transfer_fees: [],
  payout_accounts: [],
  invoice_issuer: [],
  brand_agents: [],
  brand_agent_brands: [],
  rate_changes: [],
  reconciliation_runs: [],
  reconciliation_results: [],
  // The orders' audit status and result (the matching and the resolution).
  order_audits: [],
  // The payouts' own bookkeeping time.
  brand_payouts: ['updated_at'],
  bank_deposits: [],
  bank_deposit_imports: [],
  // A user's scheduled reports (their files are the delivery job's output, like an outbox).
  report_subscriptions: [],
  // An import's progress and outcome are the worker's bookkeeping (the run audits itself).
  statement_imports: [
    'status',
    'business_day',
    'content_hash',
    'rows_done',
    'rows_total',
    'run_id',
    'unchanged',
    'refusal_line',
    'refusal_reason',
    'refusal_detail',
    'updated_at',
    'finished_at',
  ],
  // Sign-in bookkeeping (failed-attempt counters and their locks) is the login history's, not a record.
  // So is the time step of the last MFA code taken (replay protection).
  operators: [
    'failed_login_count',
    'locked_until',
    'refund_failed_count',
    'refund_locked_until',
    'refund_check_until',
    'mfa_last_step',
  ],
};

async function installGuard(h: Harness) {
  const statements = [
    `CREATE TABLE test_changes (id serial PRIMARY KEY, tbl text NOT NULL)`,
    `CREATE FUNCTION test_audited() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM set_config('kessai.audited', 'yes', true); RETURN NULL; END $$`,
    `CREATE TRIGGER test_audited AFTER INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_audited()`,
    `CREATE FUNCTION test_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE ignored text[] := TG_ARGV;
      BEGIN
        IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - ignored) = (to_jsonb(OLD) - ignored) THEN RETURN NULL; END IF;
        INSERT INTO test_changes (tbl) VALUES (TG_TABLE_NAME);
        RETURN NULL;
      END $$`,
    `CREATE FUNCTION test_must_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE ignored text[] := TG_ARGV;
      BEGIN
        IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - ignored) = (to_jsonb(OLD) - ignored) THEN RETURN NULL; END IF;
        IF coalesce(current_setting('kessai.audited', true), '') <> 'yes' THEN
          RAISE EXCEPTION 'change of % committed without an audit row in its transaction', TG_TABLE_NAME;
        END IF;
        RETURN NULL;
      END $$`,
    ...Object.entries(GUARDED).flatMap(([t, ignored]) => {
      const args = ignored.map((c) => `'${c}'`).join(', ');
      return [
        `CREATE TRIGGER test_changed AFTER INSERT OR UPDATE OR DELETE ON ${t}
          FOR EACH ROW EXECUTE FUNCTION test_changed(${args})`,
        `CREATE CONSTRAINT TRIGGER test_must_audit AFTER INSERT OR UPDATE OR DELETE ON ${t}
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_must_audit(${args})`,
      ];
    }),
  ];
  for (const statement of statements) await h.db.execute(sql.raw(statement));
}

/** The test's own set-up writes, marked as audited (they are not a call's). */
const setUp = (h: Harness, work: (tx: Tx) => Promise<unknown>) =>
  h.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('kessai.audited', 'yes', true)`);
    await work(tx);
  });

const counted = async (h: Harness, table: string) => {
  const res = await h.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
};

const NEW_PASSWORD = 'Another-pass-123';
const statementFixture = (name: string) => readFileSync(`tests/fixtures/statements/${name}`);
let seq = 0;
const no = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

interface Made {
  /** Who calls: a console token, the merchant's signature, or nobody (public). */
  as: 'admin' | 'coAdmin' | 'user' | 'merchant' | 'public' | 'fresh' | 'optional' | 'pending';
  input?: unknown;
  /** A multipart upload of this CSV. */
  file?: Buffer;
  /** The reply is a file (exports). */
  download?: boolean;
}

describe.each(backends)('every write and its audit row in one transaction on $name', (backend) => {
  let h: Harness;
  let ids: OrgIds;
  let m: MerchantClient;
  const tokens: Record<string, string> = {};
  let hinoki = 0;
  let userId = 0;
  let freshOperatorId = 0;
  let brandAgentId = 0;
  let userPassword = DEMO_PASSWORD;

  const as = async <T>(path: string, body: unknown, token = tokens.admin) => {
    const r = await h.call<T>(path, body, { token });
    if (r.body.resultType !== 'SUCCESS') throw new Error(`${path}: ${r.body.resultMessage}`);
    return r.body.result!;
  };
  const strip = (o: Record<string, unknown>, keys: string[]) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
  const day = businessToday();
  const range = { beginTime: day, endTime: day };

  /** A merchant payment issued at the brand (paypay), optionally paid by the payer and settled. */
  /** A console refund awaiting approval (the company's threshold 0 for the request, then back to the default). */
  async function awaitingRefund(): Promise<string> {
    await as('/org/refundApproval/save', { companyId: hinoki, threshold: 0 });
    const r = await as<{ gatewayRefundNo: string; refundStatus: string }>(
      '/pay/refund/refund',
      {
        gatewayOrderNo: (await merchantPayment(true)).gatewayOrderNo,
        refundAmount: 100,
        refundPassword: md5Upper(DEMO_PASSWORD),
        remark: 'awaiting approval',
      },
      tokens.coAdmin,
    );
    await as('/org/refundApproval/save', { companyId: hinoki, threshold: '' });
    if (r.refundStatus !== 'awaitingApproval') throw new Error(`refund is ${r.refundStatus}`);
    return r.gatewayRefundNo;
  }

  /** A brand-day of reconciliation with exceptions (reconcileDay writes its own audit row). */
  const reconDays = new Map<string, Promise<{ day: string }>>();
  function reconDay(brand: 'wechat' | 'paypay') {
    if (!reconDays.has(brand))
      reconDays.set(
        brand,
        exceptionDay(h.db, {
          brand,
          day: '2026-08-20',
          companyIds: [hinoki],
          setUp: (work) =>
            h.db.transaction(async (tx) => {
              await tx.execute(sql`select set_config('kessai.audited', 'yes', true)`);
              return work(tx);
            }),
        }).then(() => ({
          day: '2026-08-20',
        })),
      );
    return reconDays.get(brand)!;
  }
  function reconCalls(prefix: string, brand: 'wechat' | 'paypay'): Record<string, () => Promise<Made>> {
    const period = { beginTime: '2026-08-01', endTime: '2026-08-31' };
    return {
      [`${prefix}/page`]: async () => (await reconDay(brand), { as: 'admin', input: period }),
      [`${prefix}/exportExcel`]: async () => (
        await reconDay(brand),
        { as: 'admin', input: period, download: true }
      ),
      [`${prefix}/exportCSVFile`]: async () => (
        await reconDay(brand),
        { as: 'admin', input: period, download: true }
      ),
      [`${prefix}/results`]: async () => ({
        as: 'admin',
        input: { brand, day: (await reconDay(brand)).day },
      }),
      [`${prefix}/runs`]: async () => ({ as: 'admin', input: { brand, day: (await reconDay(brand)).day } }),
      [`${prefix}/resolve`]: async () => {
        const { day } = await reconDay(brand);
        const open = await as<{ records: ReconResult[] }>(`${prefix}/results`, {
          brand,
          day,
          code: '600',
          state: 'open',
        });
        return {
          as: 'admin',
          input: { resultId: open.records[0].id, decision: 'writeOff', comment: 'audit atomic' },
        };
      },
    };
  }

  async function merchantPayment(paid: boolean) {
    const clientOrderNo = no('AA');
    const r = await m.create({ clientOrderNo, amount: 5000 });
    if (r.body.resultType !== 'SUCCESS') throw new Error(r.body.resultMessage);
    const order = r.body.result as MerchantOrder;
    if (paid) {
      await h.call('/pay/qrcode/decide', { orderNo: order.gatewayOrderNo, brand: 'paypay', action: 'pay' });
      await notificationsDelivered(h);
    }
    return order;
  }
  /** An issued payment the payer has paid at the brand while its notification never came. */
  async function paidAtBrandOnly() {
    const order = await merchantPayment(false);
    const [row] = await h.db.select().from(orders).where(eq(orders.gatewayOrderNo, order.gatewayOrderNo));
    await setUp(h, (tx) =>
      tx
        .update(sandboxPayments)
        .set({ state: 'COMPLETED' })
        .where(eq(sandboxPayments.brandOrderNo, row.brandOrderNo)),
    );
    return order;
  }

  /** The company admin of the MFA calls (a role that may enrol and turn MFA off). */
  let optionalSecret = '';
  const setOptionalMfa = (values: Partial<typeof operators.$inferInsert>) =>
    setUp(h, (tx) => tx.update(operators).set(values).where(eq(operators.loginId, 'audit-optional')));
  async function enrolOptional() {
    await setOptionalMfa({ mfaSecret: null, mfaEnrolledAt: null, mfaLastStep: null });
    optionalSecret = (await as<MfaEnrolment>('/auth/mfa/enrol/start', {}, tokens.optional)).secret;
  }

  /** A fresh payable settlement of the demo company (or agency, or a brand agent), written as set-up. */
  async function settlementOf(kind: 'merchant' | 'agent' | 'brand'): Promise<number> {
    const party =
      kind === 'merchant'
        ? hinoki
        : kind === 'agent'
          ? ids.agent('Kanto Merchant Solutions')
          : Number(
              (
                (await h.db.execute(sql`select id from brand_agents order by id limit 1`)) as unknown as {
                  rows: { id: number }[];
                }
              ).rows[0].id,
            );
    let id = 0;
    await setUp(h, async (tx) => {
      id = await syntheticSettlement(tx, kind, party);
    });
    return id;
  }
  let batchSeq = 0;
  const batchKey = () => `audit-${Date.now().toString(36)}-${++batchSeq}-0123456789`;
  const nextBusinessDay = () => {
    let d = new Date(Date.now() + 9 * 3_600_000 + 86_400_000);
    while (!isBankBusinessDay(d.toISOString().slice(0, 10))) d = new Date(d.getTime() + 86_400_000);
    return d.toISOString().slice(0, 10);
  };
  /** A batch of a fresh settlement, checked out by the admin. */
  async function batchOf(kind: 'merchant' | 'agent', prefix: string): Promise<number> {
    const done = await as<{ batch: { id: number } }>(`${prefix}/checkout`, {
      ids: [await settlementOf(kind)],
      transferDate: nextBusinessDay(),
      refundPassword: md5Upper(DEMO_PASSWORD),
      batchKey: batchKey(),
    });
    return done.batch.id;
  }
  function settlementCalls(
    kind: 'merchant' | 'agent',
    prefix: string,
    paths: { excel: string; csv: string; lines: string },
  ): Record<string, () => Promise<Made>> {
    return {
      [`${prefix}/page`]: async () => ({ as: 'admin', input: range }),
      [paths.excel]: async () => ({ as: 'admin', input: range, download: true }),
      [paths.csv]: async () => ({ as: 'admin', input: range, download: true }),
      [`${prefix}/parties`]: async () => ({ as: 'admin' }),
      [`${prefix}/totals`]: async () => ({ as: 'admin', input: range }),
      [`${prefix}/get`]: async () => ({ as: 'admin', input: { id: await settlementOf(kind) } }),
      [`${prefix}/lines`]: async () => ({
        as: 'admin',
        input: { id: await settlementOf(kind), type: 'order' },
      }),
      [paths.lines]: async () => ({ as: 'admin', input: { id: await settlementOf(kind) }, download: true }),
      [`${prefix}/checkoutPreview`]: async () => ({
        as: 'admin',
        input: { ids: [await settlementOf(kind)] },
      }),
      [`${prefix}/checkout`]: async () => ({
        as: 'admin',
        input: {
          ids: [await settlementOf(kind)],
          transferDate: nextBusinessDay(),
          refundPassword: md5Upper(DEMO_PASSWORD),
          batchKey: batchKey(),
        },
      }),
      [`${prefix}/batch/page`]: async () => ({ as: 'admin', input: {} }),
      [`${prefix}/batch/file`]: async () => ({
        as: 'admin',
        input: { id: await batchOf(kind, prefix), currency: 'JPY' },
        download: true,
      }),
      [`${prefix}/batch/remit`]: async () => ({ as: 'admin', input: { id: await batchOf(kind, prefix) } }),
      [`${prefix}/batch/reverse`]: async () => ({
        as: 'admin',
        input: { id: await batchOf(kind, prefix), reason: 'audited' },
      }),
    };
  }

  /** One valid call of each registered path (reads and writes). */
  const CALLS: Record<string, () => Promise<Made>> = {
    '/captcha': async () => ({ as: 'public', input: {} }),
    '/login': async () => ({ as: 'public', input: { login_id: 'admin', password: md5Upper(DEMO_PASSWORD) } }),
    '/logout': async () => ({ as: 'fresh' }),
    '/auth/mfa/verify': async () => {
      await setUp(h, (tx) =>
        tx.update(operators).set({ mfaLastStep: null }).where(eq(operators.loginId, 'admin')),
      );
      return { as: 'pending', input: { otp: await totpNow() } };
    },
    '/auth/mfa/enrol/start': async () => {
      await setOptionalMfa({ mfaSecret: null, mfaEnrolledAt: null, mfaLastStep: null });
      return { as: 'optional' };
    },
    '/auth/mfa/enrol/confirm': async () => {
      await enrolOptional();
      return { as: 'optional', input: { otp: await totpNow(optionalSecret) } };
    },
    '/system/mfa/disable': async () => {
      await enrolOptional();
      await as('/auth/mfa/enrol/confirm', { otp: await totpNow(optionalSecret) }, tokens.optional);
      await setOptionalMfa({ mfaLastStep: null });
      return {
        as: 'optional',
        input: { password: md5Upper(DEMO_PASSWORD), otp: await totpNow(optionalSecret) },
      };
    },
    ...settlementCalls('merchant', '/history/platformCheckoutInfo', {
      excel: '/history/platformCheckoutInfo/export',
      csv: '/history/platformCheckoutInfo/exportCSVFile',
      lines: '/history/platformCheckoutInfo/exportNewDetail',
    }),
    '/history/platformCheckoutInfo/exportPlatformCheckoutInfo': async () => ({
      as: 'admin',
      input: { id: await settlementOf('merchant') },
      download: true,
    }),
    ...settlementCalls('agent', '/history/agentCheckoutInfo', {
      excel: '/history/agentCheckoutInfo/exportAgentCheckoutInfo',
      csv: '/history/agentCheckoutInfo/exportAgentCheckoutInfoCSV',
      lines: '/history/agentCheckoutInfo/exportAgentDetail',
    }),
    ...Object.fromEntries(
      ['walletTrade', 'paypayTrade'].flatMap((g) => [
        [`/history/${g}/page`, async (): Promise<Made> => ({ as: 'admin', input: range })],
        [`/history/${g}/export`, async (): Promise<Made> => ({ as: 'admin', input: range, download: true })],
        [
          `/history/${g}/exportCSV`,
          async (): Promise<Made> => ({ as: 'admin', input: range, download: true }),
        ],
      ]),
    ),
    // Payouts: the payment statement pages, the payout check, the bank deposits (one file imported).
    ...Object.fromEntries(
      [
        '/history/walletBill',
        '/history/paypayBill',
        '/settle/brand/payouts',
        '/settle/brand/deposits',
      ].flatMap((p) => [
        [`${p}/page`, async (): Promise<Made> => ({ as: 'admin', input: range })],
        [`${p}/exportExcel`, async (): Promise<Made> => ({ as: 'admin', input: range, download: true })],
        [`${p}/exportCSVFile`, async (): Promise<Made> => ({ as: 'admin', input: range, download: true })],
      ]),
    ),
    // A brand settlement of the group's brand whose payment statement is due: fetched and stored.
    '/history/walletBill/fetch': async () => {
      const id = await settlementOf('brand');
      await setUp(h, (tx) => tx.execute(sql`update settlements set brand = 'wechat' where id = ${id}`));
      return { as: 'admin', input: {} };
    },
    '/history/paypayBill/fetch': async () => (await settlementOf('brand'), { as: 'admin', input: {} }),
    '/settle/brand/payouts/ofSettlement': async () => ({
      as: 'admin',
      input: { id: await settlementOf('brand') },
    }),
    '/settle/brand/deposits/upload': async () => ({
      as: 'admin',
      file: Buffer.from('日付,入金額,振込依頼人名,照会番号\r\n2026/10/05,12000,ﾃｽﾄ,000000000777\r\n'),
    }),
    '/history/brandCheckoutInfo/page': async () => ({ as: 'admin', input: range }),
    '/history/brandCheckoutInfo/exportCheckoutInfo': async () => ({
      as: 'admin',
      input: range,
      download: true,
    }),
    '/history/brandCheckoutInfo/exportCheckoutInfoCSV': async () => ({
      as: 'admin',
      input: range,
      download: true,
    }),
    '/history/brandCheckoutInfo/parties': async () => ({ as: 'admin' }),
    '/history/brandCheckoutInfo/totals': async () => ({ as: 'admin', input: range }),
    '/history/brandCheckoutInfo/get': async () => ({
      as: 'admin',
      input: { id: await settlementOf('brand') },
    }),
    '/history/brandCheckoutInfo/lines': async () => ({
      as: 'admin',
      input: { id: await settlementOf('brand'), type: 'order' },
    }),
    '/history/brandCheckoutInfo/exportDetail': async () => ({
      as: 'admin',
      input: { id: await settlementOf('brand') },
      download: true,
    }),
    // The system admin's settlement settings: read, and saved back with the yen fee one higher.
    '/history/settlementSettings/get': async () => ({ as: 'admin' }),
    ...Object.fromEntries(
      (
        [
          ['/history/walletCheck/import', 'wechat-gbk.csv', 'wechat'],
          ['/history/paypayCheck/import', 'paypay-sjis.csv', 'paypay'],
        ] as const
      ).flatMap(([prefix, file, brand]) => [
        [`${prefix}/upload`, async (): Promise<Made> => ({ as: 'admin', file: statementFixture(file) })],
        [
          `${prefix}/refetch`,
          async (): Promise<Made> => ({ as: 'admin', input: { brand, businessDay: '2025-05-01' } }),
        ],
        [
          `${prefix}/get`,
          async (): Promise<Made> => {
            await importsSettled(h.db);
            const [row] = await h.db
              .select({ id: statementImports.id })
              .from(statementImports)
              .where(eq(statementImports.brand, brand));
            return { as: 'admin', input: { id: row.id } };
          },
        ],
        [
          `${prefix}/page`,
          async (): Promise<Made> => {
            await importsSettled(h.db);
            return { as: 'admin', input: {} };
          },
        ],
      ]),
    ),
    '/history/settlementSettings/save': async () => {
      const now = await as<SettlementSettings>('/history/settlementSettings/get', {});
      return {
        as: 'admin',
        input: {
          ...now,
          transferFees: now.transferFees.map((f) =>
            f.currency === 'JPY' ? { ...f, amount: f.amount + 1 } : f,
          ),
        },
      };
    },
    // The reconciliation check pages: a day reconciled (its own audit row) with exceptions.
    ...reconCalls('/history/walletCheck', 'wechat'),
    ...reconCalls('/history/paypayCheck', 'paypay'),
    '/system/info': async () => ({ as: 'admin' }),
    '/session/keepalive': async () => ({ as: 'admin' }),
    '/system/password/save': async () => ({
      as: 'user',
      input: {
        oldPassword: md5Upper(DEMO_PASSWORD),
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    }),
    '/system/refundPassword/save': async () => ({
      as: 'user',
      input: {
        oldPassword: md5Upper(DEMO_PASSWORD),
        newPassword: 'Another-refund-456',
        confirmPassword: 'Another-refund-456',
      },
    }),
    '/system/profile/get': async () => ({ as: 'admin' }),
    '/search/global': async () => ({ as: 'admin', input: { keyword: '株式会社' } }),
    '/system/profile/save': async () => ({
      as: 'user',
      input: { userName: 'Audit User 2', email: 'audit2@kessai.example', mobile: '', workingLanguage: 'jp' },
    }),
    '/system/profile/language': async () => ({ as: 'user', input: { workingLanguage: 'en' } }),
    '/system/operatorLoginHistory/page': async () => ({ as: 'admin', input: range }),
    '/org/permission/page': async () => ({ as: 'admin', input: {} }),
    '/org/permission/get': async () => ({ as: 'admin', input: { operatorType: 50 } }),
    '/org/permission/save': async () => ({
      as: 'admin',
      input: { operatorType: 50, routes: DEFAULT_ROLE_ROUTES[50].slice(0, -1) },
    }),
    '/checkDataExist': async () => ({
      as: 'admin',
      input: { type: 'serviceProviderName', value: 'Pacific Gateway Partners' },
    }),
    '/system/audit/page': async () => ({ as: 'admin', input: range }),

    '/org/serviceProvider/page': async () => ({ as: 'admin', input: {} }),
    '/org/serviceProvider/list': async () => ({ as: 'admin' }),
    '/org/serviceProvider/get': async () => ({
      as: 'admin',
      input: { id: ids.provider('Hokkaido Pay Network') },
    }),
    '/org/serviceProvider/save': async () => ({
      as: 'admin',
      input: {
        ...strip(await as('/org/serviceProvider/get', { id: ids.provider('Hokkaido Pay Network') }), [
          'status',
          'agentCount',
          'companyCount',
          'createdAt',
          'updatedAt',
        ]),
        remark: 'audited',
      },
    }),
    '/org/serviceProvider/lock': async () => ({
      as: 'admin',
      input: { id: ids.provider('Hokkaido Pay Network') },
    }),
    '/org/serviceProvider/unlock': async () => ({
      as: 'admin',
      input: { id: ids.provider('Hokkaido Pay Network') },
    }),

    '/org/company/page': async () => ({ as: 'admin', input: {} }),
    '/org/company/list': async () => ({ as: 'admin', input: {} }),
    '/org/company/get': async () => ({ as: 'admin', input: { id: ids.company('有限会社さくら薬局') } }),
    '/org/company/save': async () => ({
      as: 'admin',
      input: {
        ...strip(await as('/org/company/get', { id: ids.company('有限会社さくら薬局') }), [
          'serviceProviderName',
          'agentName',
          'accessToken',
          'paySecret',
          'status',
          'createdAt',
          'updatedAt',
        ]),
      },
    }),
    '/org/company/regenerateSecret': async () => ({
      as: 'admin',
      input: { id: ids.company('有限会社さくら薬局') },
    }),
    '/org/company/lock': async () => ({ as: 'admin', input: { id: ids.company('有限会社さくら薬局') } }),
    '/org/company/unlock': async () => ({ as: 'admin', input: { id: ids.company('有限会社さくら薬局') } }),

    '/org/branchUnit/tree': async () => ({ as: 'admin' }),
    '/org/branchUnit/page': async () => ({ as: 'admin', input: {} }),
    '/org/branchUnit/get': async () => ({
      as: 'admin',
      input: { id: ids.branch('有限会社さくら薬局/新宿西口店') },
    }),
    '/org/branchUnit/save': async () => ({
      as: 'admin',
      input: {
        ...strip(await as('/org/branchUnit/get', { id: ids.branch('有限会社さくら薬局/新宿西口店') }), [
          'companyName',
          'status',
          'createdAt',
          'updatedAt',
        ]),
        remark: 'audited',
      },
    }),
    '/org/branchUnit/lock': async () => ({
      as: 'admin',
      input: { id: ids.branch('有限会社さくら薬局/新宿西口店') },
    }),
    '/org/branchUnit/unlock': async () => ({
      as: 'admin',
      input: { id: ids.branch('有限会社さくら薬局/新宿西口店') },
    }),

    '/org/agent/page': async () => ({ as: 'admin', input: {} }),
    '/org/agent/list': async () => ({ as: 'admin', input: {} }),
    '/org/agent/get': async () => ({ as: 'admin', input: { id: ids.agent('Kansai Retail Partners') } }),
    '/org/agent/save': async () => ({
      as: 'admin',
      input: {
        ...strip(await as('/org/agent/get', { id: ids.agent('Kansai Retail Partners') }), [
          'serviceProviderName',
          'status',
          'companyCount',
          'createdAt',
          'updatedAt',
        ]),
      },
    }),
    '/org/agent/lock': async () => ({ as: 'admin', input: { id: ids.agent('Kansai Retail Partners') } }),
    '/org/agent/unlock': async () => ({ as: 'admin', input: { id: ids.agent('Kansai Retail Partners') } }),

    '/org/brandAgent/page': async () => ({ as: 'admin', input: {} }),
    '/org/brandAgent/list': async () => ({ as: 'admin' }),
    '/org/brandAgent/get': async () => ({ as: 'admin', input: { id: brandAgentId } }),
    // A changed fee rate: the agent, its brand and the rate's history row, each audited.
    '/org/brandAgent/save': async () => {
      const agent = await as<{ brands: { brand: string; feeRate: string }[] } & Record<string, unknown>>(
        '/org/brandAgent/get',
        { id: brandAgentId },
      );
      return {
        as: 'admin',
        input: {
          ...strip(agent, ['feeHistory', 'status', 'createdAt', 'updatedAt', 'brands']),
          brands: agent.brands.map((b) => ({
            brand: b.brand,
            feeRate: b.feeRate === '0.60' ? '0.65' : '0.60',
          })),
        },
      };
    },
    '/org/brandAgent/lock': async () => ({ as: 'admin', input: { id: brandAgentId } }),
    '/org/brandAgent/unlock': async () => ({ as: 'admin', input: { id: brandAgentId } }),

    '/system/operator/page': async () => ({ as: 'admin', input: {} }),
    '/system/operator/save': async () => {
      const page = await as<{ records: Record<string, unknown>[] }>('/system/operator/page', {
        pageSize: 100,
      });
      const row = page.records.find((r) => r.loginId === 'minato-op')!;
      const keep = [
        'id',
        'loginId',
        'email',
        'mobile',
        'operatorType',
        'workingLanguage',
        'serviceProviderId',
        'companyId',
        'branchUnitId',
        'agentId',
      ];
      return {
        as: 'admin',
        input: {
          ...Object.fromEntries(keep.map((k) => [k, row[k]])),
          userName: 'Minato Op',
          title: 'audited',
        },
      };
    },
    '/system/operator/lock': async () => ({ as: 'admin', input: { id: ids.operator('minato-op') } }),
    '/system/operator/unlock': async () => ({ as: 'admin', input: { id: ids.operator('minato-op') } }),
    '/system/operator/delete': async () => ({ as: 'admin', input: { ids: [freshOperatorId] } }),
    '/system/operator/password': async () => ({ as: 'admin', input: { id: ids.operator('minato-op') } }),
    '/system/operator/mfaReset': async () => ({ as: 'admin', input: { id: ids.operator('sp-op') } }),
    '/system/operator/refundPassword': async () => ({
      as: 'admin',
      input: { id: ids.operator('minato-op') },
    }),

    '/system/terminal/page': async () => ({ as: 'admin', input: {} }),
    '/system/terminal/lock': async () => ({ as: 'admin', input: { id: ids.terminal('KS-004-001') } }),
    '/system/terminal/unlock': async () => ({ as: 'admin', input: { id: ids.terminal('KS-004-001') } }),

    '/history/orderInfo/page': async () => ({ as: 'admin', input: range }),
    '/report/reportDashBoard/index': async () => ({ as: 'admin', input: { window: 'days30' } }),
    '/report/reportList/list': async () => ({ as: 'admin', input: range }),
    '/report/reportList/series': async () => ({ as: 'admin', input: { ...range, compare: true } }),
    '/report/subscription/list': async () => ({ as: 'admin', input: {} }),
    '/report/subscription/save': async () => ({ as: 'admin', input: { frequency: 'daily', format: 'csv' } }),
    '/report/subscription/delete': async () => ({
      as: 'admin',
      input: {
        id: (await as<{ id: number }>('/report/subscription/save', { frequency: 'monthly', format: 'xlsx' }))
          .id,
      },
    }),
    '/report/subscription/exportDelivery': async () => {
      const { id } = await as<{ id: number }>('/report/subscription/save', {
        frequency: 'weekly',
        format: 'csv',
      });
      const [d] = await h.db
        .insert(reportDeliveries)
        .values({
          subscriptionId: id,
          periodFrom: '2026-11-02',
          periodTo: '2026-11-08',
          state: 'ready',
          fileName: 'report.csv',
          contentType: 'text/csv; charset=utf-8',
          body: Buffer.from('a,b\r\n'),
          size: 5,
        })
        .returning({ id: reportDeliveries.id });
      return { as: 'admin', input: { id: d.id }, download: true };
    },
    '/report/reportList/exportExcel': async () => ({ as: 'admin', input: range, download: true }),
    '/report/reportList/exportCSVFile': async () => ({ as: 'admin', input: range, download: true }),
    '/history/orderInfo/get': async () => ({
      as: 'admin',
      input: { gatewayOrderNo: (await merchantPayment(false)).gatewayOrderNo },
    }),
    '/history/orderInfo/getOrderSync': async () => ({
      as: 'admin',
      input: { gatewayOrderNo: (await paidAtBrandOnly()).gatewayOrderNo },
    }),
    '/pay/refund/refund': async () => ({
      as: 'admin',
      input: {
        gatewayOrderNo: (await merchantPayment(true)).gatewayOrderNo,
        refundAmount: 100,
        refundPassword: md5Upper(DEMO_PASSWORD),
        remark: 'audited',
      },
    }),
    '/history/refundInfo/page': async () => ({ as: 'admin', input: range }),
    '/pay/refund/approvalList': async () => {
      await awaitingRefund();
      return { as: 'admin', input: {} };
    },
    '/pay/refund/approve': async () => ({
      as: 'admin',
      input: { gatewayRefundNo: await awaitingRefund(), refundPassword: md5Upper(DEMO_PASSWORD) },
    }),
    '/pay/refund/reject': async () => ({
      as: 'admin',
      input: { gatewayRefundNo: await awaitingRefund(), reason: 'not agreed with the customer' },
    }),
    '/history/orderInfo/exportExcel': async () => ({ as: 'admin', input: range, download: true }),
    '/history/orderInfo/exportCSVFile': async () => ({ as: 'admin', input: range, download: true }),
    '/history/refundInfo/exportExcel': async () => ({ as: 'admin', input: range, download: true }),
    '/history/refundInfo/exportCSVFile': async () => ({ as: 'admin', input: range, download: true }),

    '/merchant/pay/create': async () => ({
      as: 'merchant',
      input: {
        clientOrderNo: no('MC'),
        amount: 1200,
        currency: 'JPY',
        paymentType: 'dynamicQr',
        brand: 'paypay',
      },
    }),
    '/merchant/pay/query': async () => ({
      as: 'merchant',
      input: { clientOrderNo: (await paidAtBrandOnly()).clientOrderNo },
    }),
    '/merchant/pay/close': async () => ({
      as: 'merchant',
      input: { clientOrderNo: (await merchantPayment(false)).clientOrderNo },
    }),
    '/merchant/refund/refund': async () => ({
      as: 'merchant',
      input: {
        clientOrderNo: (await merchantPayment(true)).clientOrderNo,
        clientRefundNo: no('MR'),
        amount: 300,
      },
    }),
    '/merchant/refund/query': async () => {
      const order = await merchantPayment(true);
      const clientRefundNo = no('MQ');
      const r = await m.call('/merchant/refund/refund', {
        clientOrderNo: order.clientOrderNo,
        clientRefundNo,
        amount: 10,
      });
      if (r.body.resultType !== 'SUCCESS') throw new Error(r.body.resultMessage);
      return { as: 'merchant', input: { clientRefundNo } };
    },
    '/history/orderInfo/getUrl': async () => ({
      as: 'merchant',
      input: { clientOrderNo: (await merchantPayment(false)).clientOrderNo },
    }),
    '/pay/qrcode/get': async () => ({
      as: 'public',
      input: { orderNo: (await paidAtBrandOnly()).gatewayOrderNo },
    }),
    '/pay/qrcode/decide': async () => ({
      as: 'public',
      input: { orderNo: (await merchantPayment(false)).gatewayOrderNo, brand: 'paypay', action: 'pay' },
    }),

    '/pay/pay/create': async () => ({ as: 'coAdmin', input: { amount: 1500, subject: 'audited' } }),
    '/pay/pay/close': async () => ({
      as: 'coAdmin',
      input: {
        gatewayOrderNo: (
          await as<{ gatewayOrderNo: string }>(
            '/pay/pay/create',
            { amount: 1200, subject: 'to close' },
            tokens.coAdmin,
          )
        ).gatewayOrderNo,
      },
    }),
    '/pay/pay/uploadFile': async () => ({
      as: 'coAdmin',
      file: csv([
        ['amount', 'subject'],
        [1800, 'uploaded'],
      ]),
    }),
    '/history/urlOrderPay/page': async () => {
      // A link whose expiry passed before any brand was asked: the list times it out.
      const link = await as<{ gatewayOrderNo: string }>(
        '/pay/pay/create',
        { amount: 900, subject: 'overdue' },
        tokens.coAdmin,
      );
      await setUp(h, (tx) =>
        tx
          .update(orders)
          .set({ expiresAt: new Date(Date.now() - 60_000) })
          .where(eq(orders.gatewayOrderNo, link.gatewayOrderNo)),
      );
      return { as: 'coAdmin', input: range };
    },
    '/history/preOrder/page': async () => ({ as: 'coAdmin', input: range }),
    '/history/preOrder/create': async () => ({ as: 'coAdmin', input: { orderAmount: 800 } }),
    '/history/preOrder/uploadFile': async () => ({
      as: 'coAdmin',
      file: csv([['orderAmount'], [700]]),
    }),
    '/history/preOrder/close': async () => ({
      as: 'coAdmin',
      input: {
        gatewayPayNo: (
          await as<{ gatewayPayNo: string }>('/history/preOrder/create', { orderAmount: 600 }, tokens.coAdmin)
        ).gatewayPayNo,
      },
    }),

    '/org/brandSetting/get': async () => ({ as: 'admin', input: { companyId: hinoki } }),
    '/org/refundApproval/get': async () => ({ as: 'admin', input: { companyId: hinoki } }),
    '/org/refundApproval/save': async () => ({
      as: 'admin',
      input: { companyId: hinoki, threshold: 250_000 },
    }),
    '/org/brandSetting/save': async () => ({
      as: 'admin',
      input: {
        companyId: hinoki,
        settings: [{ brand: 'card', connector: 'sandbox', sandboxBehaviour: 'slow' }],
      },
    }),
    '/org/commissonRateConfig/get': async () => ({ as: 'admin', input: { companyId: hinoki } }),
    '/org/commissonRateConfig/saveCommissionRate': async () => {
      const cfg = await as<{ rates: Record<string, unknown>[]; rebates: Record<string, unknown>[] }>(
        '/org/commissonRateConfig/get',
        { companyId: hinoki },
      );
      return {
        as: 'admin',
        input: {
          companyId: hinoki,
          rates: cfg.rates.map((r) => ({
            brand: r.brand,
            channel: r.channel,
            rate: r.rate,
            remark: 'audited',
          })),
          rebates: cfg.rebates.map((r) => ({ brand: r.brand, rate: r.rate })),
        },
      };
    },
  };

  async function make(path: string, made: Made) {
    if (made.as === 'merchant') return m.call(path, made.input);
    if (made.as === 'public') return h.call(path, made.input);
    const token =
      made.as === 'fresh'
        ? await h.token('admin')
        : made.as === 'pending'
          ? (await h.loginPassword('admin')).body.submitToken!
          : made.as === 'user'
            ? await h.token('audit-user', userPassword)
            : tokens[made.as];
    if (made.file) return upload(h, path, token, { name: 'rows.csv', data: made.file });
    if (made.download) {
      const res = await h.app.inject({
        method: 'POST',
        url: `/api${path}`,
        headers: { 'x-submit-token': token, 'content-type': 'application/json' },
        payload: JSON.stringify(made.input),
      });
      return {
        status: res.statusCode,
        body: res.headers['content-disposition']
          ? { resultType: 'SUCCESS', resultMessage: '', submitToken: token }
          : res.json(),
      };
    }
    const r = await h.call(path, made.input, { token });
    if (path === '/system/password/save' && r.body.resultType === 'SUCCESS') userPassword = NEW_PASSWORD;
    return r;
  }

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    ids = await orgIds(h.db);
    hinoki = ids.company('株式会社ひのき珈琲');
    m = await merchantClient(h, hinoki);
    userId = await h.createOperator({
      loginId: 'audit-user',
      email: 'audit@kessai.example',
      operatorType: 0,
    });
    freshOperatorId = await h.createOperator({
      loginId: 'audit-fresh',
      email: 'fresh@kessai.example',
      operatorType: 30,
      serviceProviderId: ids.provider('Sakura Payment Services'),
      companyId: hinoki,
      branchUnitId: ids.branch('株式会社ひのき珈琲/渋谷店'),
    });
    tokens.admin = await h.token('admin');
    tokens.coAdmin = await h.token('co-admin');
    await h.createOperator({ loginId: 'audit-optional', operatorType: 20, companyId: hinoki });
    tokens.optional = await h.token('audit-optional');
    expect(userId).toBeGreaterThan(0);
    // The demo's first comprehensive agent (its fee rates changed by the save below).
    brandAgentId = (
      await h.db.select({ id: brandAgents.id }).from(brandAgents).orderBy(brandAgents.id).limit(1)
    )[0].id;
    await installGuard(h);
  });
  afterAll(() => h?.close());

  it('has a valid call for every registered path, and none for a path that does not exist', () => {
    const registered = h.app.apiCalls.map((c) => c.path).sort();
    expect(registered.filter((p) => !(p in CALLS))).toEqual([]);
    expect(Object.keys(CALLS).filter((p) => !registered.includes(p))).toEqual([]);
  });

  it('refuses, in the database, a change committed without its audit row', async () => {
    await expect(h.db.update(serviceProviders).set({ remark: 'unaudited' })).rejects.toThrow();
    const before = await counted(h, 'test_changes');
    await setUp(h, (tx) => tx.update(serviceProviders).set({ remark: 'audited' }));
    expect(await counted(h, 'test_changes')).toBeGreaterThan(before);
  });

  it('audits every change of every write call in its transaction; a call not declared a write changes nothing', async () => {
    const failures: string[] = [];
    for (const call of h.app.apiCalls) {
      let made: Made;
      try {
        made = await CALLS[call.path]();
      } catch (err) {
        failures.push(`${call.path}: its set-up failed: ${(err as Error).message}`);
        continue;
      }
      // The set-up above may itself have used calls: count from here.
      await notificationsDelivered(h);
      const changes = await counted(h, 'test_changes');
      const audits = await counted(h, 'audit_log');
      const r = await make(call.path, made);
      await notificationsDelivered(h);
      const changed = (await counted(h, 'test_changes')) - changes;
      const audited = (await counted(h, 'audit_log')) - audits;
      const label = `${call.path} (${call.writes ? 'write' : 'read'})`;
      if (r.body.resultType !== 'SUCCESS')
        failures.push(`${label}: ${r.status} ${r.body.resultType} ${r.body.resultMessage}`);
      else if (call.writes && (changed === 0 || audited === 0))
        failures.push(`${label}: changed ${changed} rows with ${audited} audit rows`);
      else if (!call.writes && changed > 0) failures.push(`${label}: changed ${changed} rows`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
