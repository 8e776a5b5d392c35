import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettlementSettings, SettlementSettingsSave } from '../../src/contract/settlements';
import { renderMessage, type MessageKey } from '../../src/i18n';
import { auditLog, roleRoutes } from '../../server/db/schema';
import { closePeriods } from '../../server/modules/settlements';
import { translatorFor } from '../../server/platform/i18n';
import { backends, startHarness, type Harness } from './harness';
import { newCompany, paidOrder, settlementsOf, tokyo } from './settlements-support';

/**
 * The settlement settings of the system admin (/settle/settings, docs/settlement.md): the
 * transfer fee per currency, the platform's paying accounts and the qualified-invoice issuer,
 * read and replaced as one; refused at the field, and to every role but the system admin.
 */

const GET = '/history/settlementSettings/get';
const SAVE = '/history/settlementSettings/save';
const ja = translatorFor('jp');
const fieldText = (key: MessageKey, field: string, values: Record<string, unknown> = {}) =>
  renderMessage(ja, { key, values: { ...values, field } });

const SETTINGS: SettlementSettingsSave = {
  transferFees: [
    { currency: 'JPY', amount: 330 },
    { currency: 'USD', amount: 1500 },
  ],
  payingAccounts: [
    {
      currency: 'JPY',
      bankName: '三井住友銀行',
      bankCode: '0009',
      branchName: '東京営業部',
      branchCode: '015',
      depositType: 1,
      accountNumber: '8123456',
      // Converted as the Zengin file writes it.
      holder: '株式会社ケッサイ・ペイメンツ',
      requesterCode: '1002003001',
    },
    {
      currency: 'USD',
      bankName: 'Sumitomo Mitsui Banking Corporation',
      // The electronic form is kept.
      bankCode: 'smbc jpjt',
      branchName: 'Tokyo Main Office',
      branchCode: '',
      depositType: 1,
      accountNumber: '8700315',
      holder: 'KESSAI PAYMENTS K.K.',
      requesterCode: '',
    },
  ],
  issuer: {
    name: '株式会社ケッサイ・ペイメンツ',
    registrationNo: 'T9010401123456',
    address: '東京都千代田区大手町1-6-1',
    phone: '03-6206-1180',
  },
};

describe.each(backends)('settlement settings on $name', (backend) => {
  let h: Harness;
  let admin = '';
  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    admin = await h.token('admin');
  });
  afterAll(() => h?.close());

  const get = async () => {
    const r = await h.call<SettlementSettings>(GET, {}, { token: admin });
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
    return r.body.result!;
  };
  const save = (body: unknown, token = admin) => h.call<SettlementSettings>(SAVE, body, { token });
  const audits = () =>
    h.db.select().from(auditLog).where(eq(auditLog.objectType, 'settlementSettings')).orderBy(auditLog.id);

  it('reads what the demo set up, and takes it back unchanged (it passes its own schema)', async () => {
    const demo = await get();
    expect(demo.transferFees).toEqual([{ currency: 'JPY', amount: 250 }]);
    expect(demo.payingAccounts.map((a) => [a.currency, a.bankCode, a.holder])).toEqual([
      ['JPY', '0009', 'ｶ)ｹﾂｻｲﾍﾟｲﾒﾝﾂ'],
      ['USD', 'SMBCJPJT', 'KESSAI PAYMENTS K.K.'],
    ]);
    expect(demo.issuer?.registrationNo).toBe('T9010401123456');
    const r = await save(demo);
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
    expect(r.body.result).toEqual(demo);
  });

  it('saves all three in one, reads them back as saved, with one audit row of before and after', async () => {
    const before = await get();
    const auditsBefore = (await audits()).length;
    const r = await save(SETTINGS);
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
    const saved = r.body.result!;
    expect(saved.transferFees).toEqual(SETTINGS.transferFees);
    expect(saved.payingAccounts).toEqual([
      { ...SETTINGS.payingAccounts[0], holder: 'ｶ)ｹﾂｻｲ.ﾍﾟｲﾒﾝﾂ' },
      { ...SETTINGS.payingAccounts[1], bankCode: 'SMBCJPJT' },
    ]);
    expect(saved.issuer).toEqual(SETTINGS.issuer);
    expect(await get()).toEqual(saved);

    const rows = await audits();
    expect(rows.length).toBe(auditsBefore + 1);
    const row = rows.at(-1)!;
    expect(row).toMatchObject({ action: 'update', result: 'success', loginId: 'admin', callPath: SAVE });
    expect(row.before).toEqual(before);
    expect(row.after).toEqual(saved);

    // A list replaces what was there: the USD fee and account gone, the issuer removed (all blank).
    const again = await save({
      transferFees: [{ currency: 'JPY', amount: 330 }],
      payingAccounts: [saved.payingAccounts[0]],
      issuer: { name: '', registrationNo: '', address: '', phone: '' },
    });
    expect(again.body.resultType, again.body.resultMessage).toBe('SUCCESS');
    expect(await get()).toEqual({
      transferFees: [{ currency: 'JPY', amount: 330 }],
      payingAccounts: [saved.payingAccounts[0]],
      issuer: null,
    });
    expect((await save(SETTINGS)).body.resultType).toBe('SUCCESS');
  });

  it('serialises saves made at the same time: each succeeds, each audit row starts where the other ended', async () => {
    const auditsBefore = (await audits()).length;
    const fee = (amount: number) => ({ ...SETTINGS, transferFees: [{ currency: 'JPY', amount }] });
    const replies = await Promise.all([save(fee(301)), save(fee(302)), save(fee(303))]);
    expect(replies.map((r) => r.body.resultType)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    const rows = (await audits()).slice(auditsBefore);
    expect(rows).toHaveLength(3);
    expect(rows[1].before).toEqual(rows[0].after);
    expect(rows[2].before).toEqual(rows[1].after);
    expect(await get()).toEqual(rows[2].after);
    expect((await save(SETTINGS)).body.resultType).toBe('SUCCESS');
  });

  it('closes a period after a fee change with the new fee', async () => {
    const c = await newCompany(h.db, { checkoutPeriod: 'monthly' });
    await paidOrder(h.db, { companyId: c.id, amount: 10_000, at: tokyo('2026-06-10 12:00') });
    const current = await get();
    const r = await save({
      ...current,
      transferFees: current.transferFees.map((f) => (f.currency === 'JPY' ? { ...f, amount: 440 } : f)),
    });
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
    await closePeriods(h.db, { through: '2026-06-30', zone: 'Asia/Tokyo' });
    const [june] = await settlementsOf(h.db, 'merchant', c.id);
    expect(Number(june.transfer_commission)).toBe(440);
    expect(Number(june.transfer_amount)).toBe(10_000 - 440);
  });

  /** One bad value: INVALID with the message at its field, and nothing changed or audited. */
  const refusals: { what: string; body: () => unknown; field: string; text: string }[] = [
    {
      what: 'a registration number with a wrong check digit',
      body: () => ({ ...SETTINGS, issuer: { ...SETTINGS.issuer, registrationNo: 'T1010401123456' } }),
      field: 'issuer.registrationNo',
      text: fieldText('settlements.settings.errors.registrationCheck', 'registrationNo'),
    },
    {
      what: 'a registration number without its T',
      body: () => ({ ...SETTINGS, issuer: { ...SETTINGS.issuer, registrationNo: '9010401123456' } }),
      field: 'issuer.registrationNo',
      text: fieldText('settlements.settings.errors.registrationNo', 'registrationNo'),
    },
    {
      what: 'a 9-digit requester code',
      body: () => ({
        ...SETTINGS,
        payingAccounts: [{ ...SETTINGS.payingAccounts[0], requesterCode: '100200300' }],
      }),
      field: 'payingAccounts[0].requesterCode',
      text: fieldText('settlements.settings.errors.digits', 'requesterCode', { count: 10 }),
    },
    {
      what: 'a currency twice',
      body: () => ({
        ...SETTINGS,
        transferFees: [...SETTINGS.transferFees, { currency: 'JPY', amount: 100 }],
      }),
      field: 'transferFees[2].currency',
      text: fieldText('validation.duplicate', 'currency'),
    },
    {
      what: 'a negative fee',
      body: () => ({ ...SETTINGS, transferFees: [{ currency: 'JPY', amount: -1 }] }),
      field: 'transferFees[0].amount',
      text: fieldText('validation.min', 'amount', { min: 0 }),
    },
    {
      what: 'a currency the gateway does not have',
      body: () => ({ ...SETTINGS, transferFees: [{ currency: 'XXX', amount: 1 }] }),
      field: 'transferFees[0].currency',
      text: fieldText('validation.oneOf', 'currency'),
    },
    {
      what: 'an overlong bank name',
      body: () => ({
        ...SETTINGS,
        payingAccounts: [{ ...SETTINGS.payingAccounts[0], bankName: '銀'.repeat(61) }],
      }),
      field: 'payingAccounts[0].bankName',
      text: fieldText('validation.maxLength', 'bankName', { max: 60 }),
    },
    {
      what: 'an overlong issuer name',
      body: () => ({ ...SETTINGS, issuer: { ...SETTINGS.issuer, name: 'x'.repeat(121) } }),
      field: 'issuer.name',
      text: fieldText('validation.maxLength', 'name', { max: 120 }),
    },
    {
      what: 'a yen holder a Zengin file cannot carry',
      body: () => ({
        ...SETTINGS,
        payingAccounts: [{ ...SETTINGS.payingAccounts[0], holder: '決済ペイメンツ' }],
      }),
      field: 'payingAccounts[0].holder',
      text: fieldText('settlements.settings.errors.zenginName', 'holder', { chars: '決 済' }),
    },
    {
      what: 'a yen account number of 8 digits',
      body: () => ({
        ...SETTINGS,
        payingAccounts: [{ ...SETTINGS.payingAccounts[0], accountNumber: '12345678' }],
      }),
      field: 'payingAccounts[0].accountNumber',
      text: fieldText('settlements.settings.errors.digitsUpTo', 'accountNumber', { max: 7 }),
    },
    {
      what: 'a foreign account without a SWIFT/BIC shape',
      body: () => ({
        ...SETTINGS,
        payingAccounts: [{ ...SETTINGS.payingAccounts[1], bankCode: 'SMBC-JP' }],
      }),
      field: 'payingAccounts[0].bankCode',
      text: ja('settlements.settings.errors.bic'),
    },
    {
      what: 'a yen bank code no bank has (the server’s own check)',
      body: () => ({
        ...SETTINGS,
        payingAccounts: [SETTINGS.payingAccounts[1], { ...SETTINGS.payingAccounts[0], bankCode: '0002' }],
      }),
      field: 'payingAccounts[1].bankCode',
      text: fieldText('server.settlements.unknownBank', 'bankCode', { code: '0002' }),
    },
    {
      what: 'a yen branch code the bank does not have',
      body: () => ({
        ...SETTINGS,
        payingAccounts: [{ ...SETTINGS.payingAccounts[0], branchCode: '999' }],
      }),
      field: 'payingAccounts[0].branchCode',
      text: fieldText('server.settlements.unknownBranch', 'branchCode', { code: '999' }),
    },
  ];

  it.each(refusals)('refuses $what at its field and changes nothing', async ({ body, field, text }) => {
    const before = await get();
    const auditsBefore = (await audits()).length;
    const r = await save(body());
    expect(r.body.resultType, r.body.resultMessage).toBe('INVALID');
    expect(r.body.errors).toEqual({ [field]: text });
    expect(r.body.result).toBeNull();
    expect(await get()).toEqual(before);
    expect((await audits()).length).toBe(auditsBefore);
  });

  it('refuses every role but the system admin, even one the permission screen granted the screen', async () => {
    const before = await get();
    for (const login of ['sp-admin', 'co-admin']) {
      const token = await h.token(login);
      expect((await h.call(GET, {}, { token })).body.resultType, login).toBe('NO_ACCESS');
      const r = await save(SETTINGS, token);
      expect(r.body.resultType, login).toBe('NO_ACCESS');
      expect(r.body.result).toBeNull();
    }
    // The system operator holding the route (a grant an older database may have; the
    // permission screen cannot give it beyond the route's role list): the server still says no.
    await h.db.insert(roleRoutes).values({ operatorType: 10, routePath: '/settle/settings' });
    const sysop = await h.token('sysop');
    expect((await h.call(GET, {}, { token: sysop })).body.resultType).toBe('NO_ACCESS');
    expect((await save(SETTINGS, sysop)).body.resultType).toBe('NO_ACCESS');
    const denied = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.loginId, 'sysop'), eq(auditLog.result, 'noAccess')));
    expect(denied.map((d) => d.objectId)).toEqual([
      '/history/settlementSettings/get',
      '/history/settlementSettings/save',
    ]);
    expect(await get()).toEqual(before);
  });

  it('grants the screen to the system admin alone when role routes are seeded, and on a database seeded before it', async () => {
    const holders = await h.db
      .select({ role: roleRoutes.operatorType })
      .from(roleRoutes)
      .where(eq(roleRoutes.routePath, '/settle/settings'));
    expect(holders.map((r) => r.role).sort()).toEqual([0, 10]); // 10: granted by the test above
    const login = await h.login('admin');
    expect((login.body as { menuMapList?: string[] }).menuMapList).toContain('/settle/settings');

    // A database whose role routes were seeded before the screen existed: the migration grants it.
    await h.db.delete(roleRoutes).where(eq(roleRoutes.routePath, '/settle/settings'));
    const migration = readFileSync('server/db/migrations/0013_settlement_settings_route.sql', 'utf8');
    await h.db.execute(sql.raw(migration));
    const after = await h.db
      .select({ role: roleRoutes.operatorType })
      .from(roleRoutes)
      .where(eq(roleRoutes.routePath, '/settle/settings'));
    expect(after.map((r) => r.role)).toEqual([0]);
  });
});
