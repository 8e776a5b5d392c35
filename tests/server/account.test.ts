import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/contract/account';
import type { UserInfo } from '../../src/contract/auth';
import { passwordChecks, passwordPolicy } from '../../src/contract/passwords';
import { auditLog, passwordHistory } from '../../server/db/schema';
import { backends, DEMO_PASSWORD, md5Upper, operatorByLogin, startHarness, type Harness } from './harness';

const change = (oldPassword: string, newPassword: string, confirmPassword = newPassword) => ({
  oldPassword: md5Upper(oldPassword),
  newPassword,
  confirmPassword,
});

describe.each(backends)('account on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false });
  });
  afterAll(() => h?.close());

  it('applies every password rule with its own message at its field and changes nothing', async () => {
    await h.createOperator({ loginId: 'rules', operatorType: 20 });
    const token = await h.token('rules');
    const before = await operatorByLogin(h.db, 'rules');
    // Each refusal is INVALID at the field it is about (the console marks that field).
    const cases: [ReturnType<typeof change>, string, string][] = [
      [change('wrong-old-pass1', 'Newpassword123'), 'oldPassword', '現在のパスワードが正しくありません'],
      [change(DEMO_PASSWORD, 'abc12'), 'newPassword', '新しいパスワードは6文字以上で入力してください'],
      [change(DEMO_PASSWORD, 'short1pass'), 'newPassword', '新しいパスワードは12文字以上で入力してください'],
      [
        change(DEMO_PASSWORD, 'onlyletterslong'),
        'newPassword',
        '新しいパスワードには英字と数字をそれぞれ1文字以上含めてください',
      ],
      [
        change(DEMO_PASSWORD, '123456789012'),
        'newPassword',
        '新しいパスワードには英字と数字をそれぞれ1文字以上含めてください',
      ],
      [
        change(DEMO_PASSWORD, 'パスワード12345678'),
        'newPassword',
        '新しいパスワードには半角英数字と ! @ # $ % ^ & - のみ使用できます',
      ],
      [
        change(DEMO_PASSWORD, 'Newpassword123', 'Newpassword124'),
        'confirmPassword',
        'パスワードが一致しません',
      ],
      [change(DEMO_PASSWORD, DEMO_PASSWORD), 'newPassword', '直近4回に使用したパスワードは使用できません'],
      [
        change(DEMO_PASSWORD, 'a1'.repeat(11)),
        'newPassword',
        '新しいパスワードは20文字以内で入力してください',
      ],
    ];
    for (const [body, field, message] of cases) {
      const r = await h.call('/system/password/save', body, { token });
      expect({ type: r.body.resultType, errors: r.body.errors }).toEqual({
        type: 'INVALID',
        errors: { [field]: message },
      });
    }
    const after = await operatorByLogin(h.db, 'rules');
    expect(after.passwordHash).toBe(before.passwordHash);
    expect((await h.call('/system/info', undefined, { token })).body.resultType).toBe('SUCCESS');
  });

  it('tells the console the rules it applies, and applies exactly those (src/contract/passwords.ts)', async () => {
    await h.createOperator({ loginId: 'rule-source', operatorType: 20 });
    let token = await h.token('rule-source');
    const info = await h.call<UserInfo>('/system/info', undefined, { token });
    const policy = info.body.result!.passwordPolicy!;
    // The server's setting (12 by default), the contract's maximum and history.
    expect(policy).toEqual({ minLength: h.config.passwordMinLength, maxLength: 20, history: 4 });
    expect(policy).toEqual(passwordPolicy(h.config.passwordMinLength));
    expect(policy.minLength).toBe(12);
    // The checklist's judgement (passwordChecks) and the server's agree on every candidate.
    const candidates = [
      'abc12345', // 8: met "6–20" before, refused by the server
      'abcdefgh1234', // 12, letters and digits
      'abcdefgh123', // 11
      'abcdefghijkl', // no digit
      '1234567890123', // no letter
      'Abcdefgh1234567890xy', // 20
      'Abcdefgh1234567890xyz', // 21
      'Abcdefgh-1234', // a sign that is allowed
      'Abcdefgh 1234', // a space is not
    ];
    let current = DEMO_PASSWORD;
    for (const candidate of candidates) {
      const checks = passwordChecks(candidate, policy);
      const r = await h.call('/system/password/save', change(current, candidate), { token });
      const accepted = r.body.resultType === 'SUCCESS';
      expect({ candidate, accepted }).toEqual({ candidate, accepted: Object.values(checks).every(Boolean) });
      if (accepted) {
        token = r.body.submitToken!;
        current = candidate;
      } else {
        expect(Object.keys(r.body.errors ?? {})).toEqual(['newPassword']);
      }
    }
  });

  it('rejects the last 4 passwords and accepts a fifth older one', async () => {
    await h.createOperator({ loginId: 'history', operatorType: 20 });
    let token = await h.token('history');
    const sequence = ['Rotation-0001', 'Rotation-0002', 'Rotation-0003', 'Rotation-0004'];
    let current = DEMO_PASSWORD;
    for (const next of sequence) {
      const r = await h.call('/system/password/save', change(current, next), { token });
      expect(r.body.resultType).toBe('SUCCESS');
      token = r.body.submitToken!;
      current = next;
    }
    // History keeps 4: the demo password dropped out, the first rotation is still in.
    // The session's working language (jp) wins over Accept-Language.
    const again = await h.call('/system/password/save', change(current, 'Rotation-0001'), {
      token,
      lang: 'en',
    });
    expect(again.body.resultMessage).toBe('直近4回に使用したパスワードは使用できません');
    const op = await operatorByLogin(h.db, 'history');
    const rows = await h.db.select().from(passwordHistory).where(eq(passwordHistory.operatorId, op.id));
    expect(rows.filter((r) => r.kind === 'login')).toHaveLength(4);
    const back = await h.call('/system/password/save', change(current, DEMO_PASSWORD), { token });
    expect(back.body.resultType).toBe('SUCCESS');
  });

  it('ends other sessions on a login password change and gives this one a new token', async () => {
    await h.createOperator({ loginId: 'pw-change', operatorType: 40, mustChangePassword: true });
    const other = await h.token('pw-change');
    const mine = await h.token('pw-change');
    const r = await h.call('/system/password/save', change(DEMO_PASSWORD, 'Brand-new-2026'), { token: mine });
    expect(r.body).toMatchObject({
      resultType: 'SUCCESS',
      resultMessage: 'ログインパスワードを変更しました',
    });
    const fresh = r.body.submitToken!;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(mine);
    expect((await h.call('/system/info', undefined, { token: other })).body.resultType).toBe('UNAUTHENCATED');
    expect((await h.call('/system/info', undefined, { token: mine })).body.resultType).toBe('UNAUTHENCATED');
    const info = await h.call<{ mustChangePassword: boolean }>('/system/info', undefined, { token: fresh });
    expect(info.body.result!.mustChangePassword).toBe(false);
    expect((await h.login('pw-change')).body.resultType).toBe('FAIL');
    expect((await h.login('pw-change', 'Brand-new-2026')).body.resultType).toBe('SUCCESS');
  });

  it('ends every session on a refund password change, keeping the login password', async () => {
    await h.createOperator({ loginId: 'refund-pw', operatorType: 20 });
    const token = await h.token('refund-pw');
    const wrong = await h.call('/system/refundPassword/save', change('Not-it-2026', 'Refund-pass-77'), {
      token,
    });
    expect(wrong.body.resultType).toBe('INVALID');
    expect(Object.keys(wrong.body.errors ?? {})).toEqual(['oldPassword']);
    const before = await operatorByLogin(h.db, 'refund-pw');
    const r = await h.call('/system/refundPassword/save', change(DEMO_PASSWORD, 'Refund-pass-77'), { token });
    expect(r.body).toMatchObject({ resultType: 'SUCCESS', submitToken: '' });
    expect(r.body.resultMessage).toContain('もう一度ログイン');
    expect((await h.call('/system/info', undefined, { token })).body.resultType).toBe('UNAUTHENCATED');
    const after = await operatorByLogin(h.db, 'refund-pw');
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.refundPasswordHash).not.toBe(before.refundPasswordHash);
    expect((await h.login('refund-pw')).body.resultType).toBe('SUCCESS');
    // The refund password's own history.
    const t2 = await h.token('refund-pw');
    const reuse = await h.call('/system/refundPassword/save', change('Refund-pass-77', 'Refund-pass-77'), {
      token: t2,
    });
    expect(reuse.body.resultType).toBe('INVALID');
    expect(Object.keys(reuse.body.errors ?? {})).toEqual(['newPassword']);
  });

  it('shows the profile with the previous login and saves it', async () => {
    await h.createOperator({ loginId: 'profile', operatorType: 10, email: 'p@example.com' });
    const t1 = await h.token('profile');
    const first = await h.call<Profile>('/system/profile/get', undefined, { token: t1 });
    expect(first.body.result).toMatchObject({ loginId: 'profile', operatorType: 10, lastLogin: null });
    const t2 = await h.token('profile');
    const second = await h.call<Profile>('/system/profile/get', undefined, { token: t2 });
    expect(second.body.result!.lastLogin).toMatchObject({ createdAt: expect.any(String) });

    const bad = await h.call(
      '/system/profile/save',
      { userName: '', email: 'not-an-email', mobile: 'abc', workingLanguage: 'fr' },
      { token: t2 },
    );
    expect(bad.body.resultType).toBe('INVALID');
    expect(bad.body.errors).toEqual({
      userName: '氏名は必須です',
      email: 'メールアドレスには正しいメールアドレスを入力してください',
      mobile: '携帯電話番号には正しい携帯電話番号を入力してください',
      workingLanguage: '使用言語の値が正しくありません',
    });
    const saved = await h.call<Profile>(
      '/system/profile/save',
      {
        userName: '  小林 誠  ',
        email: 'kobayashi@example.com',
        mobile: '090-1234-5678',
        workingLanguage: 'en',
      },
      { token: t2 },
    );
    expect(saved.body).toMatchObject({ resultType: 'SUCCESS', resultMessage: 'Saved' });
    expect(saved.body.result).toMatchObject({
      userName: '小林 誠',
      email: 'kobayashi@example.com',
      workingLanguage: 'en',
    });
    // The change has its audit row: who, before and after; the refused one has none.
    const op = await operatorByLogin(h.db, 'profile');
    const rows = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'operator'), eq(auditLog.objectId, String(op.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ loginId: 'profile', action: 'update', callPath: '/system/profile/save' });
    expect(rows[0].before).toMatchObject({ email: 'p@example.com' });
    expect(rows[0].after).toMatchObject({ email: 'kobayashi@example.com', workingLanguage: 'en' });
  });

  it('audits a password change without the password', async () => {
    await h.createOperator({ loginId: 'audited', operatorType: 10 });
    const token = await h.token('audited');
    const r = await h.call('/system/refundPassword/save', change(DEMO_PASSWORD, 'Audited-refund-2026'), {
      token,
    });
    expect(r.body.resultType).toBe('SUCCESS');
    const op = await operatorByLogin(h.db, 'audited');
    const rows = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'operator'), eq(auditLog.objectId, String(op.id))));
    expect(rows.map((row) => row.after)).toEqual([{ changed: 'refundPassword' }]);
    expect(JSON.stringify(rows)).not.toContain('Audited-refund-2026');
  });

  it('saves the language chosen on the login page on the account at login (the explicit choice wins)', async () => {
    await h.createOperator({ loginId: 'lang-login', operatorType: 20 });
    const body = (password: string, workingLanguage: string) => ({
      login_id: 'lang-login',
      password: md5Upper(password),
      workingLanguage,
    });
    // A wrong password or a language the console does not have changes nothing.
    expect((await h.call('/login', body('Wrong-pass-2026', 'en'))).body.resultType).toBe('FAIL');
    expect((await h.call('/login', body(DEMO_PASSWORD, 'fr'))).body).toMatchObject({
      resultType: 'INVALID',
      errors: { workingLanguage: expect.any(String) },
    });
    expect((await operatorByLogin(h.db, 'lang-login')).workingLanguage).toBe('jp');

    const r = await h.call<UserInfo>('/login', body(DEMO_PASSWORD, 'en'));
    expect(r.body.resultType).toBe('SUCCESS');
    expect(r.body.result!.workingLanguage).toBe('en');
    expect((await operatorByLogin(h.db, 'lang-login')).workingLanguage).toBe('en');
    // The next session's info and replies are in it, whatever the browser's header says.
    const info = await h.call<UserInfo>('/system/info', undefined, {
      token: r.body.submitToken!,
      lang: 'jp',
    });
    expect(info.body.result!.workingLanguage).toBe('en');
    const op = await operatorByLogin(h.db, 'lang-login');
    const [row] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'operator'), eq(auditLog.objectId, String(op.id))));
    expect(row).toMatchObject({
      action: 'update',
      before: { workingLanguage: 'jp' },
      after: { workingLanguage: 'en' },
    });
    // Without a choice (an API client), the saved language stays.
    const plain = await h.call<UserInfo>('/login', {
      login_id: 'lang-login',
      password: md5Upper(DEMO_PASSWORD),
    });
    expect(plain.body.result!.workingLanguage).toBe('en');
  });

  it('switches the working language, and messages follow it', async () => {
    await h.createOperator({ loginId: 'lang', operatorType: 10 });
    const token = await h.token('lang');
    const r = await h.call('/system/profile/language', { workingLanguage: 'zh_cn' }, { token });
    expect(r.body).toMatchObject({ resultType: 'SUCCESS', result: { workingLanguage: 'zh_cn' } });
    const wrong = await h.call('/system/password/save', change('Nope-nope-123', 'Whatever-1234'), { token });
    expect(wrong.body.resultMessage).toBe('原密码不正确');
    const bad = await h.call('/system/profile/language', { workingLanguage: 'de' }, { token });
    expect(bad.body).toMatchObject({ resultType: 'INVALID', resultMessage: '工作语言的值不正确' });
    const en = await h.call('/system/profile/language', 'workingLanguage=en', { token, form: true });
    expect(en.body.resultMessage).toBe('Done');
  });
});
