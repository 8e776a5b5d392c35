import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contract/envelope';
import type { AuditRow } from '../../src/contract/audit';
import type { OperatorRow, OperatorSaved, PasswordReset } from '../../src/contract/operators';
import type { TerminalRow } from '../../src/contract/terminals';
import { auditLog } from '../../server/db/schema';
import { backends, businessToday, operatorByLogin, startHarness, type Harness } from './harness';
import { orgIds, tableCount, type OrgIds } from './fixtures';

const today = businessToday();

describe.each(backends)('operators, devices and the audit log on $name', (backend) => {
  let h: Harness;
  let ids: OrgIds;
  let coAdmin: string;
  let admin: string;
  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false });
    ids = await orgIds(h.db);
    coAdmin = await h.token('co-admin');
    admin = await h.token('admin');
  });
  afterAll(() => h?.close());

  it('a company admin creates a branch operator, who must change the password shown once', async () => {
    const hinoki = ids.company('株式会社ひのき珈琲');
    const input = {
      loginId: 'ginza-cashier',
      userName: '小川 葵',
      email: 'ogawa@hinoki-coffee.example',
      operatorType: 30,
      companyId: hinoki,
      branchUnitId: ids.branch('株式会社ひのき珈琲/銀座店'),
    };
    const r = await h.call<OperatorSaved>('/system/operator/save', input, { token: coAdmin });
    expect(r.body.resultType).toBe('SUCCESS');
    const { operator, initialPassword } = r.body.result!;
    expect(operator).toMatchObject({
      loginId: 'ginza-cashier',
      companyName: '株式会社ひのき珈琲',
      branchUnitName: '銀座店',
    });
    const login = await h.login('ginza-cashier', initialPassword!);
    expect(login.body.resultType).toBe('SUCCESS');
    expect((login.body.result as { mustChangePassword: boolean }).mustChangePassword).toBe(true);

    // Not its own role or above, not another company's branch, not a duplicate login id.
    const same = await h.call(
      '/system/operator/save',
      { ...input, loginId: 'x1', operatorType: 20 },
      { token: coAdmin },
    );
    expect(same.body.resultType).toBe('NO_ACCESS');
    const other = await h.call(
      '/system/operator/save',
      { ...input, loginId: 'x2', companyId: ids.company('株式会社みなと書店'), branchUnitId: null },
      { token: coAdmin },
    );
    expect(other.body.resultType).toBe('NOT_FOUND');
    const dup = await h.call(
      '/system/operator/save',
      { ...input, loginId: 'GINZA-cashier' },
      { token: coAdmin },
    );
    expect(dup.body.resultType).toBe('INVALID');
    const badBranch = await h.call(
      '/system/operator/save',
      { ...input, loginId: 'x3', branchUnitId: ids.branch('有限会社さくら薬局/新宿西口店') },
      { token: coAdmin },
    );
    expect(badBranch.body.resultType).toBe('INVALID');
  });

  it('locking an operator ends its sessions at once; locking its company stops its login', async () => {
    const id = await h.createOperator({
      loginId: 'lock-me',
      operatorType: 30,
      companyId: ids.company('株式会社ひのき珈琲'),
      email: 'lock@hinoki.example',
    });
    const token = await h.token('lock-me');
    expect((await h.call('/system/operator/lock', { id }, { token: coAdmin })).body.resultType).toBe(
      'SUCCESS',
    );
    expect((await h.call('/system/info', undefined, { token })).body.resultType).toBe('UNAUTHENCATED');
    expect((await h.login('lock-me')).body.resultType).toBe('FAIL');
    await h.call('/system/operator/unlock', { id }, { token: coAdmin });
    expect((await h.login('lock-me')).body.resultType).toBe('SUCCESS');

    const spAdmin = await h.token('sp-admin');
    const agOp = await h.token('ag-op');
    const kanto = ids.agent('Kanto Merchant Solutions');
    await h.call('/org/agent/lock', { id: kanto }, { token: spAdmin });
    expect((await h.call('/system/info', undefined, { token: agOp })).body.resultType).toBe('UNAUTHENCATED');
    expect((await h.login('ag-admin')).body.resultType).toBe('FAIL');
    await h.call('/org/agent/unlock', { id: kanto }, { token: spAdmin });
    expect((await h.login('ag-admin')).body.resultType).toBe('SUCCESS');
  });

  it('resets passwords once, and deletes at least one selected row', async () => {
    const id = await h.createOperator({
      loginId: 'reset-me',
      operatorType: 30,
      companyId: ids.company('株式会社ひのき珈琲'),
    });
    const old = await h.token('reset-me');
    const r = await h.call<PasswordReset>('/system/operator/password', { id }, { token: coAdmin });
    expect(r.body.result!.password).toMatch(/^[A-Za-z0-9]{14,}$/);
    expect((await h.call('/system/info', undefined, { token: old })).body.resultType).toBe('UNAUTHENCATED');
    const row = await operatorByLogin(h.db, 'reset-me');
    expect(row.mustChangePassword).toBe(true);
    expect((await h.login('reset-me', r.body.result!.password)).body.resultType).toBe('SUCCESS');
    const refund = await h.call<PasswordReset>('/system/operator/refundPassword', { id }, { token: coAdmin });
    expect(refund.body.resultType).toBe('SUCCESS');
    expect((await operatorByLogin(h.db, 'reset-me')).mustChangeRefundPassword).toBe(true);

    const none = await h.call('/system/operator/delete', { ids: [] }, { token: coAdmin, lang: 'en' });
    expect(none.body.resultType).toBe('INVALID');
    expect(none.body.resultMessage).toBe('データを選択してください');
    const before = await tableCount(h.db, 'operators');
    const mixed = await h.call(
      '/system/operator/delete',
      { ids: [id, (await operatorByLogin(h.db, 'minato-op')).id] },
      { token: coAdmin },
    );
    expect(mixed.body.resultType).toBe('NOT_FOUND');
    expect(await tableCount(h.db, 'operators')).toBe(before);
    const ok = await h.call('/system/operator/delete', { ids: [id] }, { token: coAdmin });
    expect(ok.body.result).toEqual({ deleted: 1 });
    expect(await tableCount(h.db, 'operators')).toBe(before - 1);
  });

  it('pages devices by filters in scope, and locks them', async () => {
    const agAdmin = await h.token('ag-admin');
    const r = await h.call<Page<TerminalRow>>('/system/terminal/page', { pageSize: 100 }, { token: agAdmin });
    const companies = new Set(r.body.result!.records.map((t) => t.companyName));
    expect([...companies].sort()).toEqual(['株式会社ひのき珈琲', '株式会社富士山ホテルズ']);
    const one = r.body.result!.records[0];
    expect((await h.call('/system/terminal/lock', { id: one.id }, { token: agAdmin })).body.resultType).toBe(
      'SUCCESS',
    );
    const locked = await h.call<Page<TerminalRow>>(
      '/system/terminal/page',
      { status: 'locked' },
      { token: agAdmin },
    );
    expect(locked.body.result!.records.map((t) => t.id)).toEqual([one.id]);
  });

  it('writes an audit row per change and per refusal; the database refuses to change them', async () => {
    const page = await h.call<Page<AuditRow>>(
      '/system/audit/page',
      { beginTime: today, endTime: today, loginId: 'co-admin', objectType: 'operator', pageSize: 100 },
      { token: admin },
    );
    const actions = page.body.result!.records.map((r) => `${r.action}/${r.result}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'create/success',
        'lock/success',
        'passwordReset/success',
        'delete/success',
        'denied/noAccess',
        'denied/notFound',
      ]),
    );
    const created = page.body.result!.records.find((r) => r.action === 'create')!;
    expect(created).toMatchObject({ callPath: '/system/operator/save', ip: expect.any(String) });
    expect(JSON.stringify(created.after)).toContain('ginza-cashier');

    const secrets = await h.call<Page<AuditRow>>(
      '/system/audit/page',
      { beginTime: today, endTime: today, objectType: 'company' },
      { token: admin },
    );
    expect(secrets.body.resultType).toBe('SUCCESS');

    const refusal = (q: Promise<unknown>) =>
      q.then(
        () => 'changed',
        (e: Error & { cause?: Error }) => String(e.cause?.message ?? e.message),
      );
    expect(await refusal(h.db.execute(sql`update audit_log set action = 'x'`))).toMatch(/append-only/);
    expect(await refusal(h.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    expect(await refusal(h.db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
    expect(await tableCount(h.db, 'audit_log')).toBeGreaterThan(0);
    const [row] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'create')).limit(1);
    expect(row.action).toBe('create');

    const tooLong = await h.call(
      '/system/audit/page',
      { beginTime: '2026-01-01', endTime: '2026-03-01' },
      { token: admin },
    );
    expect(tooLong.body.resultType).toBe('INVALID');
    const sysop = await h.token('sysop');
    expect(
      (await h.call('/system/audit/page', { beginTime: today, endTime: today }, { token: sysop })).body
        .resultType,
    ).toBe('SUCCESS');
    expect(
      (await h.call('/system/audit/page', { beginTime: today, endTime: today }, { token: coAdmin })).body
        .resultType,
    ).toBe('NO_ACCESS');
  });

  it('masks secrets in audit rows', async () => {
    const spAdmin = await h.token('sp-admin');
    const id = ids.company('株式会社富士山ホテルズ');
    await h.call('/org/company/regenerateSecret', { id }, { token: spAdmin });
    const page = await h.call<Page<AuditRow>>(
      '/system/audit/page',
      { beginTime: today, endTime: today, objectType: 'company', objectId: String(id) },
      { token: admin },
    );
    const row = page.body.result!.records[0];
    expect((row.after as { accessToken: string }).accessToken).toMatch(/^••••.{4}$/);
    const list = await h.call<OperatorRow[]>('/system/operator/page', {}, { token: spAdmin });
    expect(JSON.stringify(list.body)).not.toMatch(/passwordHash|\$argon2/);
  });
});
