import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, DEMO_PASSWORD, md5Upper, startHarness, type Harness } from './harness';
import { count } from './payments-support';

/**
 * The calls a session whose password must be changed may still make (docs/api.md); the MFA
 * calls because the second factor comes before the password change.
 */
const OPEN_DURING_CHANGE = [
  '/auth/mfa/enrol/confirm',
  '/auth/mfa/enrol/start',
  '/auth/mfa/verify',
  '/logout',
  '/session/keepalive',
  '/system/info',
  '/system/password/save',
  '/system/profile/get',
  '/system/profile/language',
];

const change = (oldPassword: string, newPassword: string) => ({
  oldPassword: md5Upper(oldPassword),
  newPassword,
  confirmPassword: newPassword,
});

describe.each(backends)('a password set by an administrator on $name', (backend) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
  });
  afterAll(() => h?.close());

  it('must be changed before any other call: every call but these eight refuses with PASSWORD_CHANGE_REQUIRED', async () => {
    // A system admin holds every screen, so no refusal below comes from the role.
    await h.createOperator({ loginId: 'must-change', operatorType: 0, mustChangePassword: true });
    const login = await h.login('must-change');
    expect(login.body.resultType).toBe('SUCCESS');
    expect(login.body.result).toMatchObject({ mustChangePassword: true });
    const token = login.body.submitToken!;

    const open = h.app.apiCalls.filter((c) => c.duringPasswordChange).map((c) => c.path);
    expect(open.sort()).toEqual(OPEN_DURING_CHANGE);

    const before = [await count(h, 'audit_log'), await count(h, 'orders'), await count(h, 'operators')];
    const wrong: string[] = [];
    for (const call of h.app.apiCalls) {
      if (call.access === 'public' || call.duringPasswordChange) continue;
      for (const lang of ['ja', 'en']) {
        const r = await h.call(call.path, {}, { token, lang });
        if (r.body.resultType !== 'PASSWORD_CHANGE_REQUIRED' || r.body.result != null) {
          wrong.push(`${call.path}: ${r.body.resultType}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect([await count(h, 'audit_log'), await count(h, 'orders'), await count(h, 'operators')]).toEqual(
      before,
    );
    // The refusal speaks the account's language (jp) and says what to do.
    const r = await h.call('/org/company/page', {}, { token });
    expect(r.body.resultMessage).toBe(
      '管理者が設定したパスワードのままです。先にログインパスワードを変更してください',
    );
    expect(r.status).toBe(200);

    // The own info and keep-alive still answer, so the console can take the user to the change.
    expect((await h.call('/system/info', undefined, { token })).body.resultType).toBe('SUCCESS');
    expect((await h.call('/system/profile/get', undefined, { token })).body.resultType).toBe('SUCCESS');
    expect((await h.call('/session/keepalive', undefined, { token })).body.resultType).toBe('SUCCESS');
    // And the language can be switched on the change screen; the refusals then speak it.
    const lang = await h.call('/system/profile/language', { workingLanguage: 'en' }, { token });
    expect(lang.body.resultType).toBe('SUCCESS');
    expect((await h.call('/org/company/page', {}, { token })).body.resultMessage).toBe(
      'You are still using the password an administrator set. Change your login password first',
    );

    // Once changed, the new session works everywhere.
    const changed = await h.call('/system/password/save', change(DEMO_PASSWORD, 'Chosen-by-me-2026'), {
      token,
    });
    expect(changed.body.resultType).toBe('SUCCESS');
    const fresh = changed.body.submitToken!;
    expect((await h.call('/org/company/page', {}, { token: fresh })).body.resultType).toBe('SUCCESS');
    const info = await h.call<{ mustChangePassword: boolean }>('/system/info', undefined, { token: fresh });
    expect(info.body.result!.mustChangePassword).toBe(false);
  });

  it('holds for an account an administrator reset while it was signed in elsewhere', async () => {
    const id = await h.createOperator({ loginId: 'reset-later', operatorType: 20, companyId: null });
    const admin = await h.token('admin');
    const reset = await h.call<{ password: string }>('/system/operator/password', { id }, { token: admin });
    expect(reset.body.resultType).toBe('SUCCESS');
    const token = (await h.login('reset-later', reset.body.result!.password)).body.submitToken!;
    const page = await h.call('/system/operator/page', {}, { token, lang: 'en' });
    expect(page.body.resultType).toBe('PASSWORD_CHANGE_REQUIRED');
  });
});
