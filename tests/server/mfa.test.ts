import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { MfaEnrolled, MfaEnrolment, UserInfo } from '../../src/contract/auth';
import { auditLog, loginHistory, mfaRecoveryCodes, operators, sessions } from '../../server/db/schema';
import {
  backends,
  DEMO_PASSWORD,
  md5Upper,
  operatorByLogin,
  startHarness,
  TEST_MFA_SECRET,
  totpNow,
  type Harness,
} from './harness';
import { count } from './payments-support';

/** The calls a session that owes its second factor may make (docs/api.md, MFA). */
const OPEN_BEFORE_SECOND_FACTOR = [
  '/auth/mfa/enrol/confirm',
  '/auth/mfa/enrol/start',
  '/auth/mfa/verify',
  '/logout',
  '/session/keepalive',
  '/system/info',
];

const STEP_MS = 30_000;
/** The code of the step `offset` steps from now. */
const totpAt = (offset: number, secret = TEST_MFA_SECRET) =>
  generate({ secret, epoch: Math.floor((Date.now() + offset * STEP_MS) / 1000) });

describe.each(backends)('MFA (TOTP) on $name', (backend) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
  });
  afterAll(() => h?.close());

  /** The password step only: the session's token and user info. */
  async function passwordStep(loginId: string) {
    const r = await h.loginPassword(loginId);
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
    return { token: r.body.submitToken!, user: r.body.result as UserInfo, menu: r.body.menuMapList };
  }
  const forgetLastStep = (loginId: string) =>
    h.db.update(operators).set({ mfaLastStep: null }).where(eq(operators.loginId, loginId));
  const verify = (token: string, otp: string) => h.call<UserInfo>('/auth/mfa/verify', { otp }, { token });
  const auditOf = (operatorId: number, action: string) =>
    h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, String(operatorId)), eq(auditLog.action, action)));

  it('refuses every call but six while the second factor is owed, with MFA_REQUIRED and no change', async () => {
    const { token, user, menu } = await passwordStep('admin');
    expect(user.secondFactor).toBe('verify');
    expect(menu).toEqual([]);
    const open = h.app.apiCalls.filter((c) => c.duringSecondFactor).map((c) => c.path);
    expect(open.sort()).toEqual(OPEN_BEFORE_SECOND_FACTOR);

    const before = [await count(h, 'audit_log'), await count(h, 'operators'), await count(h, 'orders')];
    const wrong: string[] = [];
    for (const call of h.app.apiCalls) {
      if (call.access === 'public' || call.duringSecondFactor) continue;
      const r = await h.call(call.path, {}, { token });
      if (r.body.resultType !== 'MFA_REQUIRED' || r.body.result != null)
        wrong.push(`${call.path}: ${r.body.resultType}`);
    }
    expect(wrong).toEqual([]);
    expect([await count(h, 'audit_log'), await count(h, 'operators'), await count(h, 'orders')]).toEqual(
      before,
    );
    const refused = await h.call('/org/company/page', {}, { token, lang: 'en' });
    expect(refused.body.resultMessage).toBe(
      '2段階認証がまだ完了していません。認証アプリのコードを入力してください',
    );
    // The own info tells the console what is owed.
    const info = await h.call<UserInfo>('/system/info', undefined, { token });
    expect(info.body.result).toMatchObject({ secondFactor: 'verify', mfaEnrolled: true, mfaRequired: true });
    expect(info.body.menuMapList).toEqual([]);
  });

  it('accepts a right code once, within one step either side, and remembers it for the session', async () => {
    await forgetLastStep('sysop');
    const first = await passwordStep('sysop');
    const code = await totpNow();
    const ok = await verify(first.token, code);
    expect(ok.body.resultType, ok.body.resultMessage).toBe('SUCCESS');
    expect(ok.body.result).toMatchObject({ secondFactor: null, operatorType: 10 });
    expect(ok.body.menuMapList?.length).toBeGreaterThan(0);
    // Fully signed in until the session ends: no code again on keep-alive or later calls.
    expect((await h.call('/session/keepalive', undefined, { token: first.token })).body.resultType).toBe(
      'SUCCESS',
    );
    expect((await h.call('/org/company/page', {}, { token: first.token })).body.resultType).toBe('SUCCESS');
    const info = await h.call<UserInfo>('/system/info', undefined, { token: first.token });
    expect(info.body.result?.secondFactor).toBeNull();
    // Verifying again in a signed-in session is refused.
    expect((await verify(first.token, code)).body.resultMessage).toBe(
      'このセッションでは2段階認証の入力は求められていません',
    );

    // The same code in another session: refused (replay), and counted.
    const second = await passwordStep('sysop');
    const reused = await verify(second.token, code);
    expect(reused.body.resultType).toBe('FAIL');
    expect(reused.body.resultMessage).toBe('認証コードが正しくないか、すでに使用されています');
    expect((await operatorByLogin(h.db, 'sysop')).failedLoginCount).toBe(1);

    // One step back and one ahead are accepted (clock drift); two are not.
    await forgetLastStep('sysop');
    expect((await verify(second.token, await totpAt(-2))).body.resultType).toBe('FAIL');
    expect((await verify(second.token, await totpAt(2))).body.resultType).toBe('FAIL');
    expect((await verify(second.token, await totpAt(-1))).body.resultType).toBe('SUCCESS');
    const third = await passwordStep('sysop');
    expect((await verify(third.token, await totpAt(1))).body.resultType).toBe('SUCCESS');
    // The success forgot the failures.
    expect((await operatorByLogin(h.db, 'sysop')).failedLoginCount).toBe(0);
  });

  it('locks the account after five wrong codes, checking at most five of many concurrent ones', async () => {
    await h.createOperator({ loginId: 'mfa-guess', operatorType: 10 });
    const { token } = await passwordStep('mfa-guess');
    const right = await totpNow();
    const wrongCodes = Array.from({ length: 12 }, (_, i) =>
      String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0'),
    ).filter((c) => c !== right);
    const replies = await Promise.all(wrongCodes.map((otp) => verify(token, otp)));
    // Each refused; those arriving after the lock ended the session find none.
    expect(replies.filter((r) => !['FAIL', 'UNAUTHENCATED'].includes(r.body.resultType))).toEqual([]);
    const account = await operatorByLogin(h.db, 'mfa-guess');
    const history = await h.db.select().from(loginHistory).where(eq(loginHistory.operatorId, account.id));
    expect(history.filter((r) => r.reason === 'badSecondFactor')).toHaveLength(5);
    expect(account.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(
      replies.filter((r) => /ロックされています/.test(r.body.resultMessage ?? '')).length,
    ).toBeGreaterThan(0);
    // The lock ended the pending session, and the right password is refused until it runs out.
    expect((await h.call('/system/info', undefined, { token })).body.resultType).toBe('UNAUTHENCATED');
    const again = await h.loginPassword('mfa-guess');
    expect(again.body.resultType).toBe('FAIL');
    expect(again.body.resultMessage).toMatch(/ロックされています/);
  });

  it('enrols an account its role requires MFA of: QR code, confirmation, ten single-use recovery codes', async () => {
    await h.db.insert(operators).values({
      loginId: 'mfa-new-sp',
      userName: 'New SP',
      operatorType: 16,
      serviceProviderId: (await operatorByLogin(h.db, 'sp-op')).serviceProviderId,
      passwordHash: (await operatorByLogin(h.db, 'sp-op')).passwordHash,
    });
    const { token, user, menu } = await passwordStep('mfa-new-sp');
    expect(user).toMatchObject({ secondFactor: 'enrol', mfaEnrolled: false, mfaRequired: true });
    expect(menu).toEqual([]);
    const refused = await h.call('/history/orderInfo/page', {}, { token });
    expect(refused.body.resultType).toBe('MFA_ENROLMENT_REQUIRED');
    expect((await verify(token, await totpNow())).body.resultType).toBe('FAIL');
    // A code before the enrolment started.
    const early = await h.call('/auth/mfa/enrol/confirm', { otp: '123456' }, { token });
    expect(early.body.resultMessage).toBe('登録を開始してから認証コードを入力してください');

    const start = await h.call<MfaEnrolment>('/auth/mfa/enrol/start', {}, { token });
    expect(start.body.resultType).toBe('SUCCESS');
    const { secret, otpauthUri, qrDataUrl } = start.body.result!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(`otpauth://totp/Kessai:mfa-new-sp?secret=${secret}&issuer=Kessai`);
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // Stored encrypted, on the session, until confirmed.
    const [row] = await h.db.select().from(sessions).where(eq(sessions.secondFactor, 'enrol'));
    expect(row.mfaPendingSecret).toMatch(/^v1:/);
    expect(row.mfaPendingSecret).not.toContain(secret);

    const badFormat = await h.call('/auth/mfa/enrol/confirm', { otp: '12ab' }, { token, lang: 'en' });
    expect(badFormat.body.resultType).toBe('INVALID');
    const wrong = await h.call('/auth/mfa/enrol/confirm', { otp: await totpAt(5, secret) }, { token });
    expect(wrong.body.resultType).toBe('FAIL');
    const ok = await h.call<MfaEnrolled>(
      '/auth/mfa/enrol/confirm',
      { otp: await totpNow(secret) },
      { token },
    );
    expect(ok.body.resultType, ok.body.resultMessage).toBe('SUCCESS');
    const codes = ok.body.result!.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    codes.forEach((c) => expect(c).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/));
    expect(ok.body.result!.user).toMatchObject({ secondFactor: null, mfaEnrolled: true });
    expect(ok.body.menuMapList?.length).toBeGreaterThan(0);
    expect((await h.call('/system/profile/get', undefined, { token })).body.resultType).toBe('SUCCESS');

    const account = await operatorByLogin(h.db, 'mfa-new-sp');
    expect(account.mfaSecret).toMatch(/^v1:/);
    const stored = await h.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.operatorId, account.id));
    expect(stored).toHaveLength(10);
    expect(stored.some((s) => codes.some((c) => s.codeHash.includes(c.replace('-', ''))))).toBe(false);
    expect(await auditOf(account.id, 'mfaEnrol')).toHaveLength(1);

    // Next login: a recovery code (typed in lower case, without the hyphen) instead of a code, once.
    const next = await passwordStep('mfa-new-sp');
    expect(next.user.secondFactor).toBe('verify');
    const rc = await verify(next.token, codes[3].replace('-', '').toLowerCase());
    expect(rc.body.resultType, rc.body.resultMessage).toBe('SUCCESS');
    const later = await passwordStep('mfa-new-sp');
    expect((await verify(later.token, codes[3])).body.resultType).toBe('FAIL');
    expect((await verify(later.token, codes[4])).body.resultType).toBe('SUCCESS');
    // Two concurrent uses of one code: one is let in.
    const [a, b] = [await passwordStep('mfa-new-sp'), await passwordStep('mfa-new-sp')];
    const both = await Promise.all([verify(a.token, codes[5]), verify(b.token, codes[5])]);
    expect(both.map((r) => r.body.resultType).sort()).toEqual(['FAIL', 'SUCCESS']);
    // An enrolled account cannot enrol again.
    const again = await h.call('/auth/mfa/enrol/start', {}, { token: a.token });
    expect(again.body.resultType).toBe('FAIL');
  });

  it('lets roles that do not require MFA enrol from their account and turn it off with password and code', async () => {
    await h.createOperator({
      loginId: 'mfa-optional',
      operatorType: 20,
      companyId: (await operatorByLogin(h.db, 'co-admin')).companyId,
    });
    const plain = await passwordStep('mfa-optional');
    expect(plain.user).toMatchObject({ secondFactor: null, mfaEnrolled: false, mfaRequired: false });
    const start = await h.call<MfaEnrolment>('/auth/mfa/enrol/start', {}, { token: plain.token });
    const secret = start.body.result!.secret;
    const ok = await h.call<MfaEnrolled>(
      '/auth/mfa/enrol/confirm',
      { otp: await totpNow(secret) },
      { token: plain.token },
    );
    expect(ok.body.resultType).toBe('SUCCESS');

    const next = await passwordStep('mfa-optional');
    expect(next.user.secondFactor).toBe('verify');
    const id = (await operatorByLogin(h.db, 'mfa-optional')).id;
    await forgetLastStep('mfa-optional');
    expect((await verify(next.token, await totpNow(secret))).body.resultType).toBe('SUCCESS');

    await forgetLastStep('mfa-optional');
    const wrongPassword = await h.call(
      '/system/mfa/disable',
      { password: md5Upper('not-the-password'), otp: await totpNow(secret) },
      { token: next.token },
    );
    expect(wrongPassword.body.resultMessage).toBe('パスワードまたは認証コードが正しくありません');
    const disabled = await h.call<UserInfo>(
      '/system/mfa/disable',
      { password: md5Upper(DEMO_PASSWORD), otp: await totpNow(secret) },
      { token: next.token },
    );
    expect(disabled.body.resultType, disabled.body.resultMessage).toBe('SUCCESS');
    expect(disabled.body.result).toMatchObject({ mfaEnrolled: false });
    expect(await auditOf(id, 'mfaDisable')).toHaveLength(1);
    expect((await passwordStep('mfa-optional')).user.secondFactor).toBeNull();

    // A role that requires MFA cannot turn it off.
    const sp = await h.login('sp-admin');
    const refused = await h.call(
      '/system/mfa/disable',
      { password: md5Upper(DEMO_PASSWORD), otp: await totpNow() },
      { token: sp.body.submitToken! },
    );
    expect(refused.body.resultMessage).toBe('このロールでは2段階認証を無効にできません');
  });

  it('verifies the second factor before the password change an administrator asked for', async () => {
    await h.createOperator({ loginId: 'mfa-must-change', operatorType: 10, mustChangePassword: true });
    const { token } = await passwordStep('mfa-must-change');
    const change = {
      oldPassword: md5Upper(DEMO_PASSWORD),
      newPassword: 'Chosen-by-me-2026',
      confirmPassword: 'Chosen-by-me-2026',
    };
    expect((await h.call('/system/password/save', change, { token })).body.resultType).toBe('MFA_REQUIRED');
    expect((await verify(token, await totpNow())).body.resultType).toBe('SUCCESS');
    expect((await h.call('/org/company/page', {}, { token })).body.resultType).toBe(
      'PASSWORD_CHANGE_REQUIRED',
    );
    const changed = await h.call('/system/password/save', change, { token });
    expect(changed.body.resultType).toBe('SUCCESS');
    // The session the change starts is fully signed in.
    expect(
      (await h.call('/org/company/page', {}, { token: changed.body.submitToken! })).body.resultType,
    ).toBe('SUCCESS');
  });

  it('lets an administrator who may edit the account reset its MFA, audited; not one of another tenant', async () => {
    const target = await operatorByLogin(h.db, 'sp-op');
    const spSession = await h.login('sp-op');
    const foreign = await h.login('pg-admin');
    const refused = await h.call(
      '/system/operator/mfaReset',
      { id: target.id },
      { token: foreign.body.submitToken! },
    );
    expect(refused.body.resultType).toBe('NOT_FOUND');
    const operator = await h.login('sysop');
    const readOnly = await h.call(
      '/system/operator/mfaReset',
      { id: target.id },
      { token: operator.body.submitToken! },
    );
    expect(readOnly.body.resultType).toBe('NO_ACCESS');
    expect((await operatorByLogin(h.db, 'sp-op')).mfaEnrolledAt).not.toBeNull();

    const admin = await h.login('sp-admin');
    const reset = await h.call(
      '/system/operator/mfaReset',
      { id: target.id },
      { token: admin.body.submitToken! },
    );
    expect(reset.body.resultType, reset.body.resultMessage).toBe('SUCCESS');
    const after = await operatorByLogin(h.db, 'sp-op');
    expect([after.mfaSecret, after.mfaEnrolledAt, after.mfaLastStep]).toEqual([null, null, null]);
    const rows = await auditOf(target.id, 'mfaReset');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      loginId: 'sp-admin',
      result: 'success',
      callPath: '/system/operator/mfaReset',
    });
    // Its sessions ended; at the next login it enrols again.
    expect(
      (await h.call('/system/info', undefined, { token: spSession.body.submitToken! })).body.resultType,
    ).toBe('UNAUTHENCATED');
    expect((await passwordStep('sp-op')).user.secondFactor).toBe('enrol');
  });
});
