import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contract/envelope';
import type {
  CompanyDetail,
  CompanyRow,
  CompanySaved,
  BranchTreeNode,
  AgentDetail,
  ProviderRow,
} from '../../src/contract/org';
import type { CommissionConfig } from '../../src/contract/commission';
import { companies } from '../../server/db/schema';
import { sha256 } from '../../server/platform/secrets';
import { backends, startHarness, type Harness } from './harness';
import { changedKeys, orgIds, snapshot, tableCount, type OrgIds } from './fixtures';

const ubo = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    attribute: 'individual',
    firstName: '花子',
    lastName: `山田${i}`,
    companyName: 'テスト株式会社',
    passportNumber: 'TK1234567',
    registrationNumber: `0100-01-00000${i}`,
    city: '東京',
    companyAttribute: '株式会社',
  }));

const newCompany = (serviceProviderId: number, extra: Record<string, unknown> = {}) => ({
  serviceProviderId,
  name: 'テスト商事株式会社',
  nameEn: 'Test Trading',
  phone: '03-9999-0001',
  homepage: 'https://test-trading.example',
  contactEmail: 'contact@test-trading.example',
  bankAccountHolder: 'ｶ)ﾃｽﾄｼｮｳｼﾞ',
  checkoutPeriod: 'weekly',
  checkoutWeekday: 3,
  checkoutLimit: 20000,
  mid: 'M999001',
  ubos: ubo(1),
  chinaPayToken: 'cp-token-plain-9876',
  paypayKey: 'pp-key-plain-4321',
  limitOnline: 300000,
  offlineAppMode: 'MPM',
  threeDSecure: true,
  ...extra,
});

describe.each(backends)('organisation calls on $name', (backend) => {
  let h: Harness;
  let ids: OrgIds;
  let admin: string;
  let spAdmin: string;
  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false });
    ids = await orgIds(h.db);
    admin = await h.token('admin');
    spAdmin = await h.token('sp-admin');
  });
  afterAll(() => h?.close());

  it('creates a company: credentials shown once, secrets encrypted at rest and masked afterwards', async () => {
    const sakura = ids.provider('Sakura Payment Services');
    const r = await h.call<CompanySaved>('/org/company/save', newCompany(sakura), { token: spAdmin });
    expect(r.body.resultType).toBe('SUCCESS');
    const { company, credentials } = r.body.result!;
    expect(credentials!.accessToken).toMatch(/^at_/);
    expect(company.accessToken).toBe(`••••${credentials!.accessToken.slice(-4)}`);
    expect(company.chinaPayToken).toBe('••••9876');
    expect(company.paypayKey).toBe('••••4321');
    expect(company.checkoutWeekday).toBe(3);
    expect(company.bankAccountHolder).toBe('ｶ)ﾃｽﾄｼｮｳｼﾞ');

    const [raw] = await h.db.select().from(companies).where(eq(companies.id, company.id));
    expect(raw.chinaPayTokenEnc).not.toContain('cp-token-plain');
    expect(raw.chinaPayTokenEnc.startsWith('v1:')).toBe(true);
    expect(raw.paySecretEnc).not.toBe(credentials!.paySecret);
    expect(raw.accessTokenHash).toBe(sha256(credentials!.accessToken));

    const got = await h.call<CompanyDetail>('/org/company/get', { id: company.id }, { token: admin });
    expect(JSON.stringify(got.body.result)).not.toContain(credentials!.paySecret);
    expect(got.body.result!.paySecret).toBe(`••••${credentials!.paySecret.slice(-4)}`);

    // Saving the masked values back keeps the stored secrets; '' clears one.
    const {
      serviceProviderName: _a,
      agentName: _b,
      accessToken: _c,
      paySecret: _d,
      status: _e,
      createdAt: _f,
      updatedAt: _g,
      ...input
    } = got.body.result!;
    const again = await h.call<CompanySaved>(
      '/org/company/save',
      { ...input, paypayKey: '' },
      { token: admin },
    );
    expect(again.body.result!.company.chinaPayToken).toBe('••••9876');
    expect(again.body.result!.company.paypayKey).toBe('');
    expect(again.body.result!.credentials).toBeNull();

    const token = await h.call(
      '/checkDataExist',
      { type: 'token', value: credentials!.accessToken },
      { token: admin },
    );
    expect(token.body.result).toEqual({ exists: true });

    const regen = await h.call<CompanySaved>(
      '/org/company/regenerateSecret',
      { id: company.id },
      { token: admin },
    );
    expect(regen.body.result!.credentials!.accessToken).not.toBe(credentials!.accessToken);
    const old = await h.call(
      '/checkDataExist',
      { type: 'token', value: credentials!.accessToken },
      { token: admin },
    );
    expect(old.body.result).toEqual({ exists: false });
  });

  it('refuses bad company input with a localised error and writes nothing', async () => {
    const sakura = ids.provider('Sakura Payment Services');
    const pacificCompany = ids.company('株式会社みなと書店');
    await h.call('/system/profile/language', { workingLanguage: 'en' }, { token: spAdmin });
    const before = await snapshot(h.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ubos: [] }, 'ubos', 'Beneficial owners needs at least 1 entries'],
      [{ ubos: ubo(11) }, 'ubos', 'Beneficial owners allows at most 10 entries'],
      [{ contactEmail: 'not-an-email' }, 'contactEmail', 'Contact email must be a valid email address'],
      [{ homepage: 'ftp:/nope' }, 'homepage', 'Homepage must be a valid URL'],
      [{ phone: 'call me' }, 'phone', 'Phone must be a valid phone number'],
      [{ name: 'x'.repeat(121) }, 'name', 'Name must be at most 120 characters'],
      [{ mid: 'M000100' }, 'mid', 'This M-ID is already registered'],
      [{ checkoutWeekday: null }, 'checkoutWeekday', 'Check-out weekday is required'],
      // Payment limits: whole minor units from 0 up to the largest maximum of one payment.
      [{ limitLink: -1 }, 'limitLink', 'Payment link limit must be at least 0'],
      [{ limitAll: 1.5 }, 'limitAll', 'Overall limit must be a whole number'],
      [
        { limitOffline: 10_000_000_000_001 },
        'limitOffline',
        'Offline payment limit must be at most 10,000,000,000,000',
      ],
      [{ limitDynamicCode: 'lots' }, 'limitDynamicCode', 'Dynamic code limit has the wrong type'],
      // Bank details: IBAN and BIC by shape and checksum; the Zengin shapes for a payee in Japan.
      [
        { bankAddressCountry: 'DE', bankIban: 'DE89 3704 0044 0532 0130 01' },
        'bankIban',
        'IBAN has check digits that do not match: check what was typed',
      ],
      [
        { bankSwift: 'DEUTDEFF5' },
        'bankSwift',
        'SWIFT/BIC code must be a SWIFT/BIC code of 8 or 11 characters (e.g. BOTKJPJT)',
      ],
      [{ bankCode: '12345' }, 'bankCode', 'Bank code must be 4 digits'],
      [{ bankBranchCode: '1234' }, 'bankBranchCode', 'Bank branch code must be 3 digits'],
      [{ bankAccountNumber: '123456789' }, 'bankAccountNumber', 'Account number may have at most 7 digits'],
      [{ bankDepositType: 5 }, 'bankDepositType', 'Deposit type has a value that is not allowed'],
      [
        { bankAddressCountry: 'jp' },
        'bankAddressCountry',
        "Payee's address country has a value that is not allowed",
      ],
    ];
    for (const [patch, field, text] of cases) {
      const r = await h.call('/org/company/save', newCompany(sakura, { mid: '', ...patch }), {
        token: spAdmin,
      });
      expect(r.body.resultType, field).toBe('INVALID');
      expect(r.body.errors?.[field], field).toBe(text);
    }
    // UBO entries need every field but the passport number.
    const partial = await h.call(
      '/org/company/save',
      newCompany(sakura, { mid: '', ubos: [{ ...ubo(1)[0], city: '' }] }),
      {
        token: spAdmin,
      },
    );
    expect(partial.body.errors?.['ubos[0].city']).toBe('City is required');
    // Another tenant's company id: not found.
    const foreign = await h.call(
      '/org/company/save',
      { ...newCompany(sakura, { mid: '' }), id: pacificCompany },
      { token: spAdmin },
    );
    expect(foreign.body.resultType).toBe('NOT_FOUND');
    const foreignProvider = await h.call(
      '/org/company/save',
      newCompany(ids.provider('Pacific Gateway Partners'), { mid: '' }),
      { token: spAdmin },
    );
    expect(foreignProvider.body.resultType).toBe('NOT_FOUND');
    expect(changedKeys(before, await snapshot(h.db))).toEqual([]);
    await h.call('/system/profile/language', { workingLanguage: 'jp' }, { token: spAdmin });
  });

  it('pages companies with filters and sorting, in scope only', async () => {
    const r = await h.call<Page<CompanyRow>>(
      '/org/company/page',
      { agentId: ids.agent('Kanto Merchant Solutions'), sortField: 'name', sortOrder: 'asc' },
      { token: spAdmin },
    );
    expect(r.body.result!.records.map((c) => c.name)).toEqual([
      '株式会社ひのき珈琲',
      '株式会社富士山ホテルズ',
    ]);
    const foreign = await h.call<Page<CompanyRow>>(
      '/org/company/page',
      { serviceProviderId: ids.provider('Pacific Gateway Partners') },
      { token: spAdmin },
    );
    expect(foreign.body.result!.total).toBe(0);
    const bad = await h.call('/org/company/page', { sortField: 'password' }, { token: spAdmin });
    expect(bad.body.resultType).toBe('INVALID');
  });

  it('pages providers with their own agency and company counts', async () => {
    const counts = async (table: string) => {
      const res = await h.db.execute(
        sql.raw(`select service_provider_id as id, count(*)::int as n from ${table} group by 1`),
      );
      const rows = (res as unknown as { rows: { id: number; n: number }[] }).rows;
      return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
    };
    const [agentCounts, companyCounts] = [await counts('agents'), await counts('companies')];
    const r = await h.call<Page<ProviderRow>>(
      '/org/serviceProvider/page',
      { pageSize: 100 },
      { token: admin },
    );
    expect(r.body.resultType).toBe('SUCCESS');
    const records = r.body.result!.records;
    expect(records.length).toBeGreaterThan(1);
    for (const p of records) {
      expect([p.name, p.agentCount, p.companyCount]).toEqual([
        p.name,
        agentCounts.get(p.id) ?? 0,
        companyCounts.get(p.id) ?? 0,
      ]);
    }
    // The demo data's first provider: one agency, three (or more, after the tests above) companies.
    const sakura = records.find((p) => p.name === 'Sakura Payment Services')!;
    expect(sakura.agentCount).toBe(1);
    expect(sakura.companyCount).toBeGreaterThanOrEqual(3);
  });

  it('keeps provider names unique and checks data existence', async () => {
    const dup = await h.call(
      '/org/serviceProvider/save',
      { name: 'sakura payment services' },
      { token: admin, lang: 'en' },
    );
    expect(dup.body.resultType).toBe('INVALID');
    expect(dup.body.errors?.name).toBe('この名称は既に登録されています');
    const exists = await h.call(
      '/checkDataExist',
      { type: 'serviceProviderName', value: 'Sakura Payment Services' },
      { token: admin },
    );
    expect(exists.body.result).toEqual({ exists: true });
    const excluded = await h.call(
      '/checkDataExist',
      {
        type: 'serviceProviderName',
        value: 'Sakura Payment Services',
        excludeId: ids.provider('Sakura Payment Services'),
      },
      { token: admin },
    );
    expect(excluded.body.result).toEqual({ exists: false });
    const mobile = await h.call(
      '/checkDataExist',
      { type: 'mobile', value: '090-1000-0001' },
      { token: admin },
    );
    expect(mobile.body.result).toEqual({ exists: true });
    const created = await h.call<{ id: number }>(
      '/org/serviceProvider/save',
      { name: 'Okinawa Pay', phone: '098-000-0000' },
      { token: admin },
    );
    expect(created.body.resultType).toBe('SUCCESS');
  });

  it('keeps a company’s bank details for transfers abroad: deposit type, country, IBAN and BIC', async () => {
    const sakura = ids.provider('Sakura Payment Services');
    const bank = {
      bankName: 'Deutsche Bank',
      bankCode: '',
      bankBranchCode: '',
      bankDepositType: 9,
      bankAccountNumber: '532013000',
      bankAddressCountry: 'DE',
      bankIban: 'de89 3704 0044 0532 0130 00',
      bankSwift: 'deutdeff500',
    };
    const r = await h.call<CompanySaved>(
      '/org/company/save',
      newCompany(sakura, { name: '海外口座テスト株式会社', phone: '03-9999-0077', mid: '', ...bank }),
      { token: spAdmin },
    );
    expect(r.body.resultType, JSON.stringify(r.body.errors)).toBe('SUCCESS');
    expect(r.body.result!.company).toMatchObject({
      ...bank,
      bankIban: 'DE89370400440532013000',
      bankSwift: 'DEUTDEFF500',
    });
    // Back home, the account number must fit a Zengin transfer again.
    const home = await h.call(
      '/org/company/save',
      {
        ...newCompany(sakura, { mid: '', ...bank }),
        id: r.body.result!.company.id,
        bankAddressCountry: 'JP',
      },
      { token: spAdmin },
    );
    expect(home.body.errors).toEqual({ bankAccountNumber: '口座番号は7桁以内の半角数字で入力してください' });
  });

  it('refuses an agency’s bad IBAN at the field in the caller’s language', async () => {
    const input = {
      serviceProviderId: ids.provider('Sakura Payment Services'),
      agentNo: 'AG-0190',
      name: 'IBAN エージェンシー',
      bankAddressCountry: 'FR',
      bankIban: 'FR14 2004 1010 0505 0001 3M02 605',
    };
    for (const [lang, text] of [
      ['jp', 'IBANのチェックデジットが合いません。入力内容を確認してください'],
      ['zh_cn', 'IBAN的校验位不正确，请检查输入内容'],
      ['en', 'IBAN has check digits that do not match: check what was typed'],
    ] as const) {
      await h.call('/system/profile/language', { workingLanguage: lang }, { token: spAdmin });
      const r = await h.call('/org/agent/save', input, { token: spAdmin });
      expect(r.body.resultType).toBe('INVALID');
      expect(r.body.errors).toEqual({ bankIban: text });
    }
    await h.call('/system/profile/language', { workingLanguage: 'jp' }, { token: spAdmin });
    const ok = await h.call<AgentDetail>(
      '/org/agent/save',
      { ...input, bankIban: 'FR14 2004 1010 0505 0001 3M02 606' },
      { token: spAdmin },
    );
    expect(ok.body.result).toMatchObject({
      bankIban: 'FR1420041010050500013M02606',
      bankAddressCountry: 'FR',
    });
  });

  it('saves an agency with every field; half-width katakana holders accepted', async () => {
    const input = {
      serviceProviderId: ids.provider('Sakura Payment Services'),
      agentNo: 'AG-0100',
      name: '東海エージェンシー',
      nameEn: 'Tokai Agency',
      businessType: 0,
      repName: '伊藤 一',
      repNameKana: 'ｲﾄｳ ﾊｼﾞﾒ',
      repSex: 1,
      repBirthday: '1980-02-03',
      repEmail: 'rep@tokai.example',
      bankAccountType: 0,
      bankAccountHolder: 'ｲﾄｳ ﾊｼﾞﾒ',
      currency: 'JPY',
      settlementPeriod: 'T+15',
      minimumAmount: 3000,
      remittanceCostType: 'OUR',
    };
    const r = await h.call<AgentDetail>('/org/agent/save', input, { token: spAdmin });
    expect(r.body.resultType).toBe('SUCCESS');
    expect(r.body.result).toMatchObject(input);
    const dup = await h.call('/org/agent/save', { ...input, name: 'other' }, { token: spAdmin });
    expect(dup.body.resultType).toBe('INVALID');
    const period = await h.call(
      '/org/agent/save',
      { ...input, agentNo: 'AG-0101', settlementPeriod: 'T+10' },
      { token: spAdmin },
    );
    expect(period.body.errors).toHaveProperty('settlementPeriod');
    // A birthday is a day that has been: the server holds the console calendar's rule.
    for (const repBirthday of ['2999-01-01', '1980-02-30', '1980-2-3']) {
      const bad = await h.call(
        '/org/agent/save',
        { ...input, agentNo: 'AG-0102', name: '誕生日テスト', repBirthday },
        { token: spAdmin },
      );
      expect(bad.body.resultType, repBirthday).toBe('INVALID');
      expect(bad.body.errors, repBirthday).toHaveProperty('repBirthday');
    }
  });

  it('creates branches under a company in scope (a company admin its own); the tree shows a company operator its branch only', async () => {
    const coAdmin = await h.token('co-admin');
    const hinoki = ids.company('株式会社ひのき珈琲');
    // A company admin manages its own company's branches, and no other company's.
    const ok = await h.call<{ id: number }>(
      '/org/branchUnit/save',
      { companyId: hinoki, name: '新宿店' },
      { token: coAdmin },
    );
    expect(ok.body.resultType).toBe('SUCCESS');
    const other = await h.call(
      '/org/branchUnit/save',
      { companyId: ids.company('有限会社さくら薬局'), name: '新宿店' },
      { token: coAdmin },
    );
    expect(other.body.resultType).toBe('NOT_FOUND');
    const moved = await h.call(
      '/org/branchUnit/save',
      { id: ok.body.result!.id, companyId: ids.company('有限会社さくら薬局'), name: '新宿店' },
      { token: coAdmin },
    );
    expect(moved.body.resultType).toBe('NOT_FOUND');
    for (const call of ['/org/branchUnit/lock', '/org/branchUnit/unlock']) {
      const mine = await h.call(call, { id: ok.body.result!.id }, { token: coAdmin });
      expect(mine.body.resultType).toBe('SUCCESS');
      const foreign = await h.call(call, { id: ids.branch('株式会社みなと書店/梅田店') }, { token: coAdmin });
      expect(foreign.body.resultType).toBe('NOT_FOUND');
    }
    const coOpSave = await h.call(
      '/org/branchUnit/save',
      { companyId: hinoki, name: '品川店' },
      { token: await h.token('co-op') },
    );
    expect(coOpSave.body.resultType).toBe('NO_ACCESS');
    const dup = await h.call(
      '/org/branchUnit/save',
      { companyId: hinoki, name: '新宿店' },
      { token: spAdmin },
    );
    expect(dup.body.resultType).toBe('INVALID');
    const coOp = await h.token('co-op');
    const tree = await h.call<BranchTreeNode[]>('/org/branchUnit/tree', undefined, { token: coOp });
    expect(tree.body.result!.map((c) => [c.name, c.branches.map((b) => b.name)])).toEqual([
      ['株式会社ひのき珈琲', ['銀座店']],
    ]);
  });

  it('stores commission rates exactly as hundredths of a percent, rebates not above the rate', async () => {
    const hinoki = ids.company('株式会社ひのき珈琲');
    const save = (rebate: string) =>
      h.call<CommissionConfig>(
        '/org/commissonRateConfig/saveCommissionRate',
        {
          companyId: hinoki,
          rates: [
            { brand: 'wechat', channel: 'offline', rate: '3.25', remark: '標準' },
            { brand: 'wechat', channel: 'online', rate: '0.1' },
          ],
          rebates: [{ brand: 'wechat', rate: rebate }],
        },
        { token: spAdmin },
      );
    const r = await save('0.05');
    expect(r.body.result!.rates).toEqual([
      { brand: 'wechat', channel: 'offline', rate: '3.25', rateHundredths: 325, remark: '標準' },
      { brand: 'wechat', channel: 'online', rate: '0.10', rateHundredths: 10, remark: '' },
    ]);
    const rows = await h.db.execute(
      sql`select rate from commission_rates where company_id = ${hinoki} order by rate`,
    );
    expect((rows as unknown as { rows: { rate: number }[] }).rows.map((x) => x.rate)).toEqual([10, 325]);
    expect((await save('0.11')).body.resultType).toBe('INVALID');
    // Each rate that changed has its history row, set by the caller from the save; the history
    // comes with the rates, newest first. WeChat offline was 3.25 already (the demo's rate): no row.
    const history = r.body.result!.history.filter((e) => e.operator === 'sp-admin');
    const changes = history.map((e) => [e.kind, e.brand, e.channel, e.rate]);
    expect(changes).toEqual(
      expect.arrayContaining([
        ['commission', 'wechat', 'online', '0.10'],
        ['rebate', 'wechat', '', '0.05'],
      ]),
    );
    expect(
      changes.filter(
        ([kind, brand, channel]) => kind === 'commission' && brand === 'wechat' && channel === 'offline',
      ),
    ).toEqual([]);
    // The demo's rates were set by the system, before any demo order.
    expect(r.body.result!.history.at(-1)).toMatchObject({ operator: null });
    // Rates the save left out are removed (null); a save that changes nothing writes nothing.
    expect(history.some((e) => e.kind === 'commission' && e.brand === 'paypay' && e.rate === null)).toBe(
      true,
    );
    const count = await tableCount(h.db, 'rate_changes');
    expect((await save('0.05')).body.resultType).toBe('SUCCESS');
    expect(await tableCount(h.db, 'rate_changes')).toBe(count);
    const changed = await save('0.08');
    expect(await tableCount(h.db, 'rate_changes')).toBe(count + 1);
    expect(changed.body.result!.history[0]).toMatchObject({
      kind: 'rebate',
      brand: 'wechat',
      rate: '0.08',
      operator: 'sp-admin',
    });
    const bad = await h.call(
      '/org/commissonRateConfig/saveCommissionRate',
      { companyId: hinoki, rates: [{ brand: 'wechat', channel: 'offline', rate: '3.255' }] },
      { token: spAdmin },
    );
    expect(bad.body.resultType).toBe('INVALID');
  });
});
