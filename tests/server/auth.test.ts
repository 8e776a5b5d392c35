import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/contract/auth';
import { companies, loginHistory, operators, sessions } from '../../server/db/schema';
import { hashToken } from '../../server/platform/session';
import {
  backends,
  CAPTCHA_TEXT,
  DEMO_PASSWORD,
  md5Upper,
  operatorByLogin,
  startHarness,
  type Harness,
} from './harness';

const historyOf = (h: Harness, loginId: string) =>
  h.db.select().from(loginHistory).where(eq(loginHistory.loginId, loginId)).orderBy(loginHistory.id);

describe.each(backends)('auth on $name (captcha on)', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.close());

  it('issues a captcha image and logs in with user info, token and the role menu', async () => {
    const c = await h.call<{ enabled: boolean; captchaId: string; image: string }>('/captcha');
    expect(c.body.result).toMatchObject({ enabled: true });
    expect(c.body.result!.image).toMatch(/^data:image\/svg\+xml;base64,/);

    const r = await h.login('co-op');
    expect(r.body.resultType).toBe('SUCCESS');
    expect(r.body.submitToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const user = r.body.result as UserInfo;
    expect(user).toMatchObject({
      loginId: 'co-op',
      operatorType: 30,
      workingLanguage: 'jp',
      companyName: '株式会社ひのき珈琲',
      branchUnitName: '銀座店',
      serviceProviderName: 'Sakura Payment Services',
      idleTimeoutSeconds: 15 * 60,
      mustChangePassword: false,
    });
    expect(r.body.menuMapList).toEqual(
      expect.arrayContaining(['/', '/changePassword', '/setup/loginHistory']),
    );
    expect(r.body.menuMapList).not.toContain('/setup/permission');
    // Only the hash of the token is stored.
    const [s] = await h.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(r.body.submitToken!)));
    expect(s).toBeDefined();
    const [row] = (await historyOf(h, 'co-op')).slice(-1);
    expect(row).toMatchObject({ success: true, reason: null });
  });

  it('accepts the captcha answer in any case, once only', async () => {
    const c = await h.call<{ captchaId: string }>('/captcha');
    const body = {
      login_id: 'sysop',
      password: md5Upper(DEMO_PASSWORD),
      verycode: CAPTCHA_TEXT.toUpperCase(),
      captchaId: c.body.result!.captchaId,
    };
    expect((await h.call('/login', body)).body.resultType).toBe('SUCCESS');
    const again = await h.call('/login', body, { lang: 'en' });
    expect(again.body).toMatchObject({
      resultType: 'FAIL',
      resultMessage: 'The verification code is incorrect; please enter the new one',
    });
  });

  it('requires the verification code and refuses a wrong one with its own message', async () => {
    const missing = await h.call('/login', { login_id: 'sysop', password: md5Upper(DEMO_PASSWORD) });
    expect(missing.body.resultType).toBe('INVALID');
    expect(missing.body.errors).toHaveProperty('verycode', '認証コードは必須です');

    const c = await h.call<{ captchaId: string }>('/captcha');
    const wrong = await h.call('/login', {
      login_id: 'sysop',
      password: md5Upper(DEMO_PASSWORD),
      verycode: 'zzzz',
      captchaId: c.body.result!.captchaId,
    });
    expect(wrong.body).toMatchObject({
      resultType: 'FAIL',
      resultMessage: expect.stringContaining('認証コード'),
    });
    const [last] = (await historyOf(h, 'sysop')).slice(-1);
    expect(last).toMatchObject({ success: false, reason: 'badCaptcha' });
  });

  it('answers a wrong password and an unknown user with the same message', async () => {
    const wrongPassword = await h.login('sp-op', 'not-the-password1');
    const unknownUser = await h.login('nobody-here', DEMO_PASSWORD);
    expect(wrongPassword.body.resultType).toBe('FAIL');
    expect(unknownUser.body.resultMessage).toBe(wrongPassword.body.resultMessage);
    expect(wrongPassword.body.resultMessage).toBe('ユーザーIDまたはパスワードが正しくありません');
    const [unknownRow] = await historyOf(h, 'nobody-here');
    expect(unknownRow).toMatchObject({ operatorId: null, success: false, reason: 'badCredentials' });
    // A success resets the counter.
    await h.login('sp-op');
    expect((await operatorByLogin(h.db, 'sp-op')).failedLoginCount).toBe(0);
  });

  it('locks the account after 5 failures, says until when, and lets it in after the lock', async () => {
    await h.createOperator({ loginId: 'lock-me', operatorType: 10 });
    for (let i = 1; i <= 4; i++) {
      const r = await h.login('lock-me', `wrong-password-${i}`);
      expect(r.body.resultMessage).toBe('ユーザーIDまたはパスワードが正しくありません');
    }
    const fifth = await h.login('lock-me', 'wrong-password-5');
    expect(fifth.body.resultType).toBe('FAIL');
    expect(fifth.body.resultMessage).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} までロックされています/);
    const until = new Date((fifth.body.result as { lockedUntil: string }).lockedUntil);
    expect(until.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(until.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    // The right password does not help while locked; the message shows Tokyo time.
    const locked = await h.login('lock-me');
    expect(locked.body.resultType).toBe('FAIL');
    const tokyo = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Tokyo',
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(until);
    expect(locked.body.resultMessage).toContain(tokyo);
    expect((await historyOf(h, 'lock-me')).slice(-1)[0]).toMatchObject({ reason: 'locked' });

    await h.db
      .update(operators)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(operators.loginId, 'lock-me'));
    expect((await h.login('lock-me')).body.resultType).toBe('SUCCESS');
    expect(await operatorByLogin(h.db, 'lock-me')).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
  });

  it('refuses a suspended account and an account of a locked company', async () => {
    await h.createOperator({ loginId: 'suspended', operatorType: 10, status: 'locked' });
    const suspended = await h.login('suspended');
    expect(suspended.body).toMatchObject({
      resultType: 'FAIL',
      resultMessage: expect.stringContaining('利用停止'),
    });

    const coAdmin = await operatorByLogin(h.db, 'co-admin');
    const live = await h.token('co-admin');
    await h.db.update(companies).set({ status: 'locked' }).where(eq(companies.id, coAdmin.companyId!));
    try {
      const r = await h.login('co-admin');
      expect(r.body.resultType).toBe('FAIL');
      expect((await historyOf(h, 'co-admin')).slice(-1)[0]).toMatchObject({ reason: 'disabled' });
      // A session opened before the lock ends too.
      expect((await h.call('/system/info', undefined, { token: live })).body.resultType).toBe(
        'UNAUTHENCATED',
      );
    } finally {
      await h.db.update(companies).set({ status: 'active' }).where(eq(companies.id, coAdmin.companyId!));
    }
  });

  it('takes the token from the header or the submitToken query parameter', async () => {
    const token = await h.token('ag-admin');
    const viaHeader = await h.call<UserInfo>('/system/info', undefined, { token });
    expect(viaHeader.body.resultType).toBe('SUCCESS');
    expect(viaHeader.body.result!.loginId).toBe('ag-admin');
    expect(viaHeader.body.submitToken).toBe(token);
    expect(viaHeader.body.menuMapList).toContain('/setup/company');
    const viaQuery = await h.call('/system/info', '', { token, tokenInQuery: true, form: true });
    expect(viaQuery.body.resultType).toBe('SUCCESS');
  });

  it('ends sessions on logout, idle timeout and absolute lifetime, and on each new login separately', async () => {
    const first = await h.token('ag-op');
    const second = await h.token('ag-op');
    expect(second).not.toBe(first);

    expect((await h.call('/logout', undefined, { token: first })).body.resultType).toBe('SUCCESS');
    const after = await h.call('/system/info', undefined, { token: first, lang: 'en' });
    expect(after.body).toMatchObject({
      resultType: 'UNAUTHENCATED',
      resultMessage: 'Session timeout, please login again',
    });
    expect((await h.call('/session/keepalive', undefined, { token: second })).body.resultType).toBe(
      'SUCCESS',
    );

    const idle = new Date(Date.now() - 16 * 60_000);
    await h.db
      .update(sessions)
      .set({ lastSeenAt: idle })
      .where(eq(sessions.tokenHash, hashToken(second)));
    expect((await h.call('/system/info', undefined, { token: second })).body.resultType).toBe(
      'UNAUTHENCATED',
    );

    const third = await h.token('ag-op');
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(third)));
    expect((await h.call('/system/info', undefined, { token: third })).body.resultType).toBe('UNAUTHENCATED');
  });

  it('refreshes the idle timer on each call', async () => {
    const token = await h.token('sp-admin');
    const where = eq(sessions.tokenHash, hashToken(token));
    await h.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
      .where(where);
    await h.call('/session/keepalive', undefined, { token });
    const [s] = await h.db.select().from(sessions).where(where);
    expect(Date.now() - s.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('writes last-seen at most every 30 s, and never ends a session before its idle timeout', async () => {
    const token = await h.token('sp-admin');
    const where = eq(sessions.tokenHash, hashToken(token));
    const recent = new Date(Date.now() - 5_000);
    await h.db.update(sessions).set({ lastSeenAt: recent }).where(where);
    expect((await h.call('/system/info', undefined, { token })).body.resultType).toBe('SUCCESS');
    const [unchanged] = await h.db.select().from(sessions).where(where);
    expect(unchanged.lastSeenAt.getTime()).toBe(recent.getTime());

    // Last seen 14 min 59 s ago (idle timeout 15 min): still alive, and refreshed.
    await h.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (15 * 60 - 1) * 1000) })
      .where(where);
    expect((await h.call('/system/info', undefined, { token })).body.resultType).toBe('SUCCESS');
    const [refreshed] = await h.db.select().from(sessions).where(where);
    expect(Date.now() - refreshed.lastSeenAt.getTime()).toBeLessThan(5_000);

    // Past the timeout and the 30 s margin: gone.
    await h.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (15 * 60 + 31) * 1000) })
      .where(where);
    expect((await h.call('/system/info', undefined, { token })).body.resultType).toBe('UNAUTHENCATED');
  });

  it('refuses missing, malformed and unknown tokens without writing anything', async () => {
    for (const token of [undefined, 'short', 'x'.repeat(43), '../../etc/passwd']) {
      const r = await h.call(
        '/system/profile/save',
        { userName: 'Mallory', email: 'm@example.com', workingLanguage: 'en' },
        { token },
      );
      expect(r.status).toBe(200);
      expect(r.body.resultType).toBe('UNAUTHENCATED');
    }
    const rows = await h.db
      .select()
      .from(operators)
      .where(and(eq(operators.userName, 'Mallory')));
    expect(rows).toHaveLength(0);
  });
});

describe.each(backends)('auth on $name (captcha off)', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, loginMaxFailures: 3, sessionIdleMinutes: 1 });
  });
  afterAll(() => h?.close());

  it('says the captcha is off and logs in without a code', async () => {
    const c = await h.call('/captcha');
    expect(c.body.result).toEqual({ enabled: false, captchaId: '', image: '' });
    // The system admin's second factor completed by the harness (tests/server/mfa.test.ts).
    const r = await h.login('admin');
    expect(r.body.resultType).toBe('SUCCESS');
    expect((r.body.result as UserInfo).idleTimeoutSeconds).toBe(60);
    expect(r.body.menuMapList).toContain('/setup/permission');
  });

  it('uses the configured failure limit and answers in English when asked', async () => {
    await h.createOperator({ loginId: 'three-strikes', operatorType: 20 });
    const bad = { login_id: 'three-strikes', password: md5Upper('wrong-one-1') };
    await h.call('/login', bad);
    await h.call('/login', bad);
    const third = await h.call('/login', bad, { lang: 'en-US,en;q=0.9' });
    expect(third.body.resultMessage).toMatch(
      /^Too many failed logins: the account is locked until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
  });
});
