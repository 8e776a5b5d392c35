import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PayBrand } from '../../src/contract/brands';
import type { Page } from '../../src/contract/envelope';
import type { BrandAgentDetail, BrandAgentOption, BrandAgentRow } from '../../src/contract/org';
import { brandAgentBrands, brandAgents, rateChanges } from '../../server/db/schema';
import { backends, startHarness, type Harness } from './harness';
import { orgIds, tableCount, type OrgIds } from './fixtures';

/**
 * Comprehensive agents (/setup/brandAgent, the system admin's): create, read, edit, lock; only
 * the system scope sees them; a brand is served by one agent, another agent's brand refused at its
 * field naming that agent; bad input refused at the field in the caller's language with nothing
 * changed; every change of a fee rate in the rate history, with the change, and none without one.
 */

const agent = (extra: Record<string, unknown> = {}) => ({
  name: '東京ブランドパートナーズ',
  nameEn: 'Tokyo Brand Partners',
  contactName: '佐藤 花子',
  contactEmail: 'ops@tbp.example',
  phone: '03-5555-0101',
  address: '東京都千代田区丸の内1-1-1',
  bankName: '三菱UFJ銀行',
  bankCode: '0005',
  bankBranchName: '本店',
  bankBranchCode: '001',
  bankDepositType: 2,
  bankAccountNumber: '1234567',
  bankAccountHolder: 'ﾄｳｷｮｳﾌﾞﾗﾝﾄﾞﾊﾟｰﾄﾅｰｽﾞ',
  statementPeriod: 'weekly',
  statementWeekday: 5,
  brands: [
    { brand: 'card', feeRate: '1.25' },
    { brand: 'paypay', feeRate: '0.6' },
  ],
  ...extra,
});

/** What a save sends back of a detail (the reply's own fields dropped). */
const inputOf = (d: BrandAgentDetail) => {
  const { feeHistory: _h, status: _s, createdAt: _c, updatedAt: _u, brands, ...rest } = d;
  return { ...rest, brands: brands.map(({ brand, feeRate }) => ({ brand, feeRate })) };
};

describe.each(backends)('comprehensive agents on $name', (backend) => {
  let h: Harness;
  let ids: OrgIds;
  let admin: string;
  let adminId: number;
  let english: string;
  let chinese: string;

  const history = async (brandAgentId: number) =>
    h.db
      .select()
      .from(rateChanges)
      .where(eq(rateChanges.brandAgentId, brandAgentId))
      .orderBy(asc(rateChanges.id));
  /**
   * The demo's agents serve every brand: whoever serves these gives them up (saved without them),
   * so a test's agent may take them.
   */
  const handOver = async (brands: readonly PayBrand[]) => {
    const owners = await h.db
      .selectDistinct({ id: brandAgentBrands.brandAgentId })
      .from(brandAgentBrands)
      .where(inArray(brandAgentBrands.brand, [...brands]));
    for (const { id } of owners) {
      const got = await h.call<BrandAgentDetail>('/org/brandAgent/get', { id }, { token: admin });
      const input = inputOf(got.body.result!);
      const saved = await h.call(
        '/org/brandAgent/save',
        { ...input, brands: input.brands.filter((b) => !brands.includes(b.brand)) },
        { token: admin },
      );
      expect(saved.body.resultType, saved.body.resultMessage).toBe('SUCCESS');
    }
  };
  /** Every row of the comprehensive agents' tables, to prove a refusal changed nothing. */
  const everything = async () => ({
    agents: await h.db.select().from(brandAgents).orderBy(asc(brandAgents.id)),
    brands: await h.db.select().from(brandAgentBrands).orderBy(asc(brandAgentBrands.brand)),
    history: await tableCount(h.db, 'rate_changes'),
  });

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    ids = await orgIds(h.db);
    admin = await h.token('admin');
    adminId = ids.operator('admin');
    await h.createOperator({ loginId: 'ba-en', operatorType: 0, workingLanguage: 'en' });
    await h.createOperator({ loginId: 'ba-zh', operatorType: 0, workingLanguage: 'zh_cn' });
    english = await h.token('ba-en');
    chinese = await h.token('ba-zh');
  });
  afterAll(() => h?.close());

  it('creates, reads, pages, edits, locks and unlocks an agent with its brands and fee rates', async () => {
    await handOver(['paypay', 'card']);
    const r = await h.call<BrandAgentDetail>('/org/brandAgent/save', agent(), { token: admin });
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
    const created = r.body.result!;
    expect(created).toMatchObject({
      name: '東京ブランドパートナーズ',
      bankDepositType: 2,
      bankAddressCountry: 'JP',
      statementPeriod: 'weekly',
      statementWeekday: 5,
      status: 'active',
      // In the order of the brands (PAY_BRANDS), not of the input.
      brands: [
        { brand: 'paypay', feeRate: '0.60', feeRateHundredths: 60 },
        { brand: 'card', feeRate: '1.25', feeRateHundredths: 125 },
      ],
    });
    // Stored in hundredths of a percent, exactly.
    const stored = await h.db
      .select({ brand: brandAgentBrands.brand, feeRate: brandAgentBrands.feeRate })
      .from(brandAgentBrands)
      .where(eq(brandAgentBrands.brandAgentId, created.id))
      .orderBy(asc(brandAgentBrands.brand));
    expect(stored).toEqual([
      { brand: 'card', feeRate: 125 },
      { brand: 'paypay', feeRate: 60 },
    ]);

    const got = await h.call<BrandAgentDetail>('/org/brandAgent/get', { id: created.id }, { token: admin });
    expect(got.body.result).toMatchObject({ id: created.id, brands: created.brands });
    expect(got.body.result!.feeHistory.map((e) => [e.brand, e.rate, e.operator])).toEqual([
      ['paypay', '0.60', 'admin'],
      ['card', '1.25', 'admin'],
    ]);

    const page = await h.call<Page<BrandAgentRow>>(
      '/org/brandAgent/page',
      { brand: 'paypay', name: 'ブランド' },
      { token: admin },
    );
    expect(page.body.result!.records.map((a) => [a.name, a.brands.map((b) => b.brand)])).toEqual([
      ['東京ブランドパートナーズ', ['paypay', 'card']],
    ]);
    // The demo's agent of the Chinese wallets serves them still.
    const wallets = await h.call<Page<BrandAgentRow>>(
      '/org/brandAgent/page',
      { brand: 'wechat' },
      { token: admin },
    );
    expect(wallets.body.result!.records.map((a) => a.name)).toEqual(['ウォレットリンク・ジャパン株式会社']);
    const list = await h.call<BrandAgentOption[]>('/org/brandAgent/list', undefined, { token: admin });
    expect(list.body.result).toContainEqual({
      id: created.id,
      name: '東京ブランドパートナーズ',
      status: 'active',
      brands: ['paypay', 'card'],
    });

    const edited = await h.call<BrandAgentDetail>(
      '/org/brandAgent/save',
      { ...inputOf(got.body.result!), address: '東京都港区1-2-3', statementPeriod: 'monthly' },
      { token: admin },
    );
    expect(edited.body.result).toMatchObject({ address: '東京都港区1-2-3', statementPeriod: 'monthly' });

    const locked = await h.call('/org/brandAgent/lock', { id: created.id }, { token: admin });
    expect(locked.body.result).toEqual({ id: created.id, status: 'locked' });
    const lockedPage = await h.call<Page<BrandAgentRow>>(
      '/org/brandAgent/page',
      { status: 'locked' },
      { token: admin },
    );
    expect(lockedPage.body.result!.records.map((a) => a.id)).toEqual([created.id]);
    const unlocked = await h.call('/org/brandAgent/unlock', { id: created.id }, { token: admin });
    expect(unlocked.body.result).toEqual({ id: created.id, status: 'active' });
  });

  it('shows comprehensive agents to the system scope only: a provider admin gets NO_ACCESS, its list is empty', async () => {
    const [row] = await h.db.select({ id: brandAgents.id }).from(brandAgents).limit(1);
    const spAdmin = await h.token('sp-admin');
    const before = await everything();
    for (const [path, body] of [
      ['/org/brandAgent/page', {}],
      ['/org/brandAgent/get', { id: row.id }],
      ['/org/brandAgent/save', agent({ name: 'Provider made' })],
      ['/org/brandAgent/lock', { id: row.id }],
      ['/org/brandAgent/unlock', { id: row.id }],
    ] as const) {
      const r = await h.call(path, body, { token: spAdmin });
      expect(r.body.resultType, path).toBe('NO_ACCESS');
      expect(r.body.result ?? null, path).toBeNull();
    }
    // The picker list needs only a session and is scoped: nothing outside the system scope.
    const list = await h.call<BrandAgentOption[]>('/org/brandAgent/list', undefined, { token: spAdmin });
    expect(list.body.result).toEqual([]);
    // The system operator (10) holds no grant of the screen.
    const sysop = await h.call('/org/brandAgent/get', { id: row.id }, { token: await h.token('sysop') });
    expect(sysop.body.resultType).toBe('NO_ACCESS');
    // An id that does not exist: not found.
    const missing = await h.call('/org/brandAgent/get', { id: 999_999 }, { token: admin });
    expect(missing.body.resultType).toBe('NOT_FOUND');
    const missingSave = await h.call('/org/brandAgent/save', agent({ id: 999_999 }), { token: admin });
    expect(missingSave.body.resultType).toBe('NOT_FOUND');
    expect(await everything()).toEqual(before);
  });

  it("refuses a brand another agent serves at the brand's field, naming that agent, and changes nothing", async () => {
    const first = await h.call<Page<BrandAgentRow>>(
      '/org/brandAgent/page',
      { brand: 'paypay' },
      { token: admin },
    );
    const owner = first.body.result!.records[0];
    const before = await everything();
    const cases: [string, string, string][] = [
      [admin, 'brands[0].brand', `このブランドは総合代理店「${owner.name}」が担当しています`],
      [english, 'brands[0].brand', `This brand is served by the comprehensive agent ${owner.name}`],
      [chinese, 'brands[0].brand', `该品牌已由综合代理“${owner.name}”负责`],
    ];
    for (const [token, field, text] of cases) {
      const r = await h.call(
        '/org/brandAgent/save',
        agent({ name: 'Osaka Wallet Agents', brands: [{ brand: 'paypay', feeRate: '0.55' }] }),
        { token },
      );
      expect(r.body.resultType).toBe('INVALID');
      expect(r.body.errors).toEqual({ [field]: text });
    }
    expect(await everything()).toEqual(before);
    // The same agent may keep and re-price its own brand.
    const mine = await h.call<BrandAgentDetail>('/org/brandAgent/get', { id: owner.id }, { token: admin });
    const kept = await h.call('/org/brandAgent/save', inputOf(mine.body.result!), { token: admin });
    expect(kept.body.resultType).toBe('SUCCESS');
  });

  it('refuses bad input at its field in the caller’s language and changes nothing', async () => {
    const before = await everything();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(121) }, 'name', 'Name must be at most 120 characters'],
      [
        { nameEn: '日本語' },
        'nameEn',
        'Short English name may contain only half-width letters, digits and symbols',
      ],
      [{ contactEmail: 'nobody' }, 'contactEmail', 'Contact email must be a valid email address'],
      [{ statementWeekday: null }, 'statementWeekday', 'Statement weekday is required'],
      [{ statementPeriod: 'yearly' }, 'statementPeriod', 'Statement period has a value that is not allowed'],
      [
        { bankIban: 'GB82WEST12345698765431' },
        'bankIban',
        'IBAN has check digits that do not match: check what was typed',
      ],
      [
        { bankIban: 'GB82WEST123456987654' },
        'bankIban',
        'IBAN does not have the length of an IBAN of GB (22 characters)',
      ],
      [{ bankIban: 'not an iban' }, 'bankIban', 'IBAN must be an IBAN (e.g. GB82WEST12345698765432)'],
      [
        { bankSwift: 'BOTK-JP' },
        'bankSwift',
        'SWIFT/BIC code must be a SWIFT/BIC code of 8 or 11 characters (e.g. BOTKJPJT)',
      ],
      [{ bankCode: '123' }, 'bankCode', 'Bank code must be 4 digits'],
      [{ bankBranchCode: '01' }, 'bankBranchCode', 'Bank branch code must be 3 digits'],
      [{ bankAccountNumber: '12345678' }, 'bankAccountNumber', 'Account number may have at most 7 digits'],
      [
        { bankAddressCountry: 'XX' },
        'bankAddressCountry',
        "Payee's address country has a value that is not allowed",
      ],
      [{ bankDepositType: 3 }, 'bankDepositType', 'Deposit type has a value that is not allowed'],
      [
        { brands: [{ brand: 'unionpay', feeRate: '1' }] },
        'brands[0].brand',
        'Brand has a value that is not allowed',
      ],
      [
        { brands: [{ brand: 'card', feeRate: '1.234' }] },
        'brands[0].feeRate',
        'Brand fee rate must be a number from 0 to 100 with at most two decimals',
      ],
      [
        { brands: [{ brand: 'card', feeRate: '101' }] },
        'brands[0].feeRate',
        'Brand fee rate must be a number from 0 to 100 with at most two decimals',
      ],
      [
        {
          brands: [
            { brand: 'card', feeRate: '1' },
            { brand: 'card', feeRate: '2' },
          ],
        },
        'brands',
        'Brands served lists the same combination twice',
      ],
      // Wrong types.
      [{ brands: 'card' }, 'brands[0]', 'Brands served has the wrong type'],
      [{ statementWeekday: 'Friday' }, 'statementWeekday', 'Statement weekday has the wrong type'],
      [{ bankDepositType: { a: 1 } }, 'bankDepositType', 'Deposit type has the wrong type'],
    ];
    for (const [patch, field, text] of cases) {
      const r = await h.call('/org/brandAgent/save', agent({ name: 'Refused Agent', brands: [], ...patch }), {
        token: english,
      });
      expect(r.body.resultType, field).toBe('INVALID');
      expect(r.body.errors?.[field], field).toBe(text);
    }
    // Abroad, the Zengin shapes do not apply; the same IBAN is refused in Japanese and Chinese too.
    const abroad = await h.call(
      '/org/brandAgent/save',
      agent({
        name: 'Refused Agent',
        brands: [],
        bankAddressCountry: 'GB',
        bankAccountNumber: '41926819',
        bankIban: 'GB82 WEST 1234 5698 7654 31',
      }),
      { token: admin },
    );
    expect(abroad.body.errors).toEqual({
      bankIban: 'IBANのチェックデジットが合いません。入力内容を確認してください',
    });
    const zh = await h.call('/org/brandAgent/save', agent({ name: 'Refused Agent', bankSwift: 'BOTK' }), {
      token: chinese,
    });
    expect(zh.body.errors).toEqual({
      bankSwift: 'SWIFT/BIC代码应为8位或11位的SWIFT/BIC代码（例：BOTKJPJT）',
    });
    expect(await everything()).toEqual(before);
  });

  it('keeps IBAN and BIC in their electronic form and accepts an account abroad', async () => {
    const r = await h.call<BrandAgentDetail>(
      '/org/brandAgent/save',
      agent({
        name: 'London Card Services',
        brands: [],
        bankAddressCountry: 'GB',
        bankAccountNumber: '41926819',
        bankIban: 'gb82 west 1234 5698 7654 32',
        bankSwift: 'nwbk gb 2l',
      }),
      { token: admin },
    );
    expect(r.body.resultType, JSON.stringify(r.body.errors)).toBe('SUCCESS');
    expect(r.body.result).toMatchObject({
      bankAddressCountry: 'GB',
      bankIban: 'GB82WEST12345698765432',
      bankSwift: 'NWBKGB2L',
      brands: [],
      feeHistory: [],
    });
    const dup = await h.call('/org/brandAgent/save', agent({ name: 'london card services', brands: [] }), {
      token: english,
    });
    expect(dup.body.errors).toEqual({ name: 'This Name is already registered' });
  });

  it('writes a fee rate history row with each change of a rate (null when removed), none when nothing changed', async () => {
    await handOver(['wechat', 'alipayplus']);
    const created = (
      await h.call<BrandAgentDetail>(
        '/org/brandAgent/save',
        agent({ name: 'History Agent', brands: [{ brand: 'wechat', feeRate: '0.40' }] }),
        { token: admin },
      )
    ).body.result!;
    const rows = async () =>
      (await history(created.id)).map((r) => [r.kind, r.brand, r.channel, r.rate, r.companyId, r.operatorId]);
    expect(await rows()).toEqual([['brandFee', 'wechat', '', 40, null, adminId]]);

    // The same rates again (and another field changed): no history row.
    const count = await tableCount(h.db, 'rate_changes');
    const same = await h.call(
      '/org/brandAgent/save',
      { ...inputOf(created), phone: '03-5555-0199' },
      { token: admin },
    );
    expect(same.body.resultType).toBe('SUCCESS');
    expect(await tableCount(h.db, 'rate_changes')).toBe(count);

    // A changed rate and a new brand (alipayplus): one row each, in the save's transaction.
    const second = (
      await h.call<BrandAgentDetail>(
        '/org/brandAgent/save',
        {
          ...inputOf(created),
          brands: [
            { brand: 'wechat', feeRate: '0.45' },
            { brand: 'alipayplus', feeRate: '0.7' },
          ],
        },
        { token: admin },
      )
    ).body.result!;
    expect((await rows()).slice(1)).toEqual([
      ['brandFee', 'wechat', '', 45, null, adminId],
      ['brandFee', 'alipayplus', '', 70, null, adminId],
    ]);
    // A brand given up: its rate removed (null), and the brand free for another agent.
    await h.call(
      '/org/brandAgent/save',
      { ...inputOf(second), brands: [{ brand: 'wechat', feeRate: '0.45' }] },
      { token: admin },
    );
    expect((await rows()).slice(3)).toEqual([['brandFee', 'alipayplus', '', null, null, adminId]]);
    const detail = await h.call<BrandAgentDetail>(
      '/org/brandAgent/get',
      { id: created.id },
      { token: admin },
    );
    expect(detail.body.result!.feeHistory.map((e) => [e.brand, e.rate])).toEqual([
      ['alipayplus', null],
      ['alipayplus', '0.70'],
      ['wechat', '0.45'],
      ['wechat', '0.40'],
    ]);
    const taken = await h.call(
      '/org/brandAgent/save',
      agent({ name: 'Alipay Plus Japan', brands: [{ brand: 'alipayplus', feeRate: '0.5' }] }),
      { token: admin },
    );
    expect(taken.body.resultType).toBe('SUCCESS');

    // A refused save writes no history either.
    const refused = await tableCount(h.db, 'rate_changes');
    await h.call(
      '/org/brandAgent/save',
      { ...inputOf(second), brands: [{ brand: 'alipayplus', feeRate: '0.9' }] },
      { token: admin },
    );
    expect(await tableCount(h.db, 'rate_changes')).toBe(refused);
    const [{ n }] = (
      (await h.db.execute(
        sql`select count(*)::int as n from audit_log where object_type = 'brandAgent'`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(Number(n)).toBeGreaterThan(0);
  });

  // On PostgreSQL the two saves race; on PGlite they queue on its one connection: one outcome.
  it('two agents saved at once for one free brand: one serves it, the other is refused at the field', async () => {
    const race = (name: string) =>
      h.call('/org/brandAgent/save', agent({ name, brands: [{ brand: 'card', feeRate: '1' }] }), {
        token: admin,
      });
    // card is served by the first test's agent: free it first.
    const [owner] = await h.db
      .select({ id: brandAgentBrands.brandAgentId })
      .from(brandAgentBrands)
      .where(eq(brandAgentBrands.brand, 'card'));
    const detail = await h.call<BrandAgentDetail>('/org/brandAgent/get', { id: owner.id }, { token: admin });
    const input = inputOf(detail.body.result!);
    await h.call(
      '/org/brandAgent/save',
      { ...input, brands: input.brands.filter((b) => b.brand !== 'card') },
      { token: admin },
    );
    const results = await Promise.all([race('Race Agent A'), race('Race Agent B')]);
    expect(results.map((r) => r.body.resultType).sort()).toEqual(['INVALID', 'SUCCESS']);
    const refused = results.find((r) => r.body.resultType === 'INVALID')!;
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['brands[0].brand']);
    const agents = await h.db.select({ name: brandAgents.name }).from(brandAgents);
    expect(agents.filter((a) => a.name.startsWith('Race Agent'))).toHaveLength(1);
  });
});
