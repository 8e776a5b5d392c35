import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contract/envelope';
import type { LoginHistoryRow } from '../../src/contract/loginHistory';
import { loginHistory } from '../../server/db/schema';
import { backends, operatorByLogin, startHarness, type Harness } from './harness';

type HistoryPage = Page<LoginHistoryRow>;

describe.each(backends)('login history on $name', (backend) => {
  let h: Harness;
  const tokens: Record<string, string> = {};
  const query = { beginTime: '2026-03-01', endTime: '2026-03-31' };

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false });
    for (const id of ['admin', 'sysop', 'sp-admin', 'co-admin', 'co-op', 'ag-admin'])
      tokens[id] = await h.token(id);
    // A fixed March 2026 month; Tokyo is UTC+9, so 2026-03-01T00:00+09:00 is Feb 28 15:00 UTC.
    const ids = Object.fromEntries(
      await Promise.all(
        ['admin', 'sp-admin', 'co-admin', 'co-op', 'ag-op'].map(async (l) => [
          l,
          (await operatorByLogin(h.db, l)).id,
        ]),
      ),
    );
    const row = (loginId: string, at: string, success = true) => ({
      loginId,
      operatorId: ids[loginId] ?? null,
      success,
      reason: success ? null : 'badCredentials',
      ip: '203.0.113.7',
      userAgent: 'test',
      createdAt: new Date(at),
    });
    await h.db.insert(loginHistory).values([
      row('admin', '2026-02-28T14:59:59Z'), // Feb 28 23:59:59 Tokyo: outside
      row('admin', '2026-02-28T15:00:00Z'), // Mar 1 00:00 Tokyo: inside
      row('sp-admin', '2026-03-05T01:00:00Z'),
      row('co-admin', '2026-03-06T01:00:00Z', false),
      row('co-op', '2026-03-07T01:00:00Z'),
      row('ag-op', '2026-03-08T01:00:00Z'),
      row('ghost', '2026-03-09T01:00:00Z', false),
      row('co-op', '2026-03-31T14:59:59Z'), // Mar 31 23:59:59 Tokyo: inside
      row('co-op', '2026-03-31T15:00:00Z'), // Apr 1 Tokyo: outside
    ]);
  });
  afterAll(() => h?.close());

  const page = (loginId: string, body: object) =>
    h.call<HistoryPage>('/system/operatorLoginHistory/page', body, { token: tokens[loginId] });

  it('cuts days in the business time zone and sorts newest first', async () => {
    const r = await page('admin', query);
    expect(r.body.resultType).toBe('SUCCESS');
    const rows = r.body.result!.records;
    expect(r.body.result!.total).toBe(7);
    expect(rows.map((x) => x.createdAt)).toEqual([...rows.map((x) => x.createdAt)].sort().reverse());
    expect(rows[0]).toMatchObject({
      loginId: 'co-op',
      createdAt: '2026-03-31T14:59:59.000Z',
      operatorName: '伊藤 さくら',
    });
    expect(rows.at(-1)!.createdAt).toBe('2026-02-28T15:00:00.000Z');
    expect(rows.find((x) => x.loginId === 'ghost')).toMatchObject({ operatorName: null, success: false });
  });

  it('pages, sorts and filters in the database', async () => {
    const p2 = await page('admin', {
      ...query,
      pageNum: '2',
      pageSize: '3',
      sortField: 'loginId',
      sortOrder: 'asc',
    });
    expect(p2.body.result).toMatchObject({ total: 7, pageNum: 2, pageSize: 3 });
    expect(p2.body.result!.records.map((x) => x.loginId)).toEqual(['co-op', 'co-op', 'ghost']);
    const failures = await page('admin', { ...query, success: '0' });
    expect(failures.body.result!.records.map((x) => x.loginId).sort()).toEqual(['co-admin', 'ghost']);
    const byId = await page('admin', { ...query, loginId: 'SP-' });
    expect(byId.body.result!.records.map((x) => x.loginId)).toEqual(['sp-admin']);
    const badSort = await page('admin', { ...query, sortField: 'password' });
    expect(badSort.body.resultType).toBe('INVALID');
  });

  it('shows each role only its own organisation', async () => {
    const ids = async (who: string) =>
      (await page(who, query)).body.result!.records.map((x) => x.loginId).sort();
    expect(await ids('sysop')).toHaveLength(7);
    // Sakura provider: its own staff, its merchants' and its agencies' accounts; not unknown ids.
    expect(await ids('sp-admin')).toEqual(['ag-op', 'co-admin', 'co-op', 'co-op', 'sp-admin']);
    expect(await ids('co-admin')).toEqual(['co-admin', 'co-op', 'co-op']);
    // A company operator reads its branch's accounts only (as the operator list's scope), not its admin's.
    expect(await ids('co-op')).toEqual(['co-op', 'co-op']);
    expect(await ids('ag-admin')).toEqual(['ag-op']);
  });

  it('refuses ranges over 31 days, reversed ranges and impossible dates', async () => {
    const long = await page('admin', { beginTime: '2026-03-01', endTime: '2026-04-01' });
    expect(long.body).toMatchObject({
      resultType: 'INVALID',
      resultMessage: '期間は31日以内で指定してください',
    });
    const ok = await page('admin', { beginTime: '2026-03-01', endTime: '2026-03-31' });
    expect(ok.body.resultType).toBe('SUCCESS');
    const reversed = await page('admin', { beginTime: '2026-03-10', endTime: '2026-03-01' });
    expect(reversed.body.resultType).toBe('INVALID');
    const impossible = await page('admin', { beginTime: '2026-02-30', endTime: '2026-03-01' });
    expect(impossible.body).toMatchObject({ resultType: 'INVALID', resultMessage: expect.any(String) });
    const missing = await h.call(
      '/system/operatorLoginHistory/page',
      {},
      { token: tokens.admin, lang: 'en' },
    );
    expect(missing.body.errors).toMatchObject({ beginTime: '開始日は必須です', endTime: '終了日は必須です' });
  });
});
