import { describe, expect, it } from 'vitest';
import {
  ALL_ROUTE_PATHS,
  DEFAULT_ROLE_ROUTES,
  LoginHistoryQuery,
  PasswordChangeForm,
  ProfileInput,
  validateInput,
} from '../../src/contract';

describe('route table (spec point 2)', () => {
  it('gives each role the screens its role list allows', () => {
    expect(DEFAULT_ROLE_ROUTES[0]).toContain('/setup/permission');
    expect(DEFAULT_ROLE_ROUTES[10]).not.toContain('/setup/permission');
    expect(DEFAULT_ROLE_ROUTES[0]).toContain('/settle/brand');
    expect(DEFAULT_ROLE_ROUTES[10]).not.toContain('/settle/brand');
    expect(DEFAULT_ROLE_ROUTES[20]).toContain('/manage/url');
    expect(DEFAULT_ROLE_ROUTES[30]).not.toContain('/manage/url');
    expect(DEFAULT_ROLE_ROUTES[30]).not.toContain('/report');
    expect(DEFAULT_ROLE_ROUTES[50]).toContain('/report');
    expect(DEFAULT_ROLE_ROUTES[40]).toContain('/setup/company');
    expect(DEFAULT_ROLE_ROUTES[20]).not.toContain('/setup/company');
    // A company admin manages its company's branches (docs/access.md); the company operator reads nothing there.
    expect(DEFAULT_ROLE_ROUTES[20]).toContain('/setup/branch');
    expect(DEFAULT_ROLE_ROUTES[30]).not.toContain('/setup/branch');
    for (const routes of Object.values(DEFAULT_ROLE_ROUTES)) {
      expect(routes).toContain('/');
      expect(routes).toContain('/setup/loginHistory');
      expect(routes).toContain('/notice');
    }
  });
  it('has unique paths', () => {
    expect(new Set(ALL_ROUTE_PATHS).size).toBe(ALL_ROUTE_PATHS.length);
  });
});

describe('schemas', () => {
  it('password: 6–20 half-width characters, matching confirmation', async () => {
    const ok = { oldPassword: 'x', newPassword: 'abc123!@#', confirmPassword: 'abc123!@#' };
    await expect(PasswordChangeForm.validate(ok)).resolves.toBeTruthy();
    await expect(
      PasswordChangeForm.validate({ ...ok, newPassword: 'ab1', confirmPassword: 'ab1' }),
    ).rejects.toThrow();
    await expect(
      PasswordChangeForm.validate({ ...ok, newPassword: 'a'.repeat(21), confirmPassword: 'a'.repeat(21) }),
    ).rejects.toThrow();
    await expect(
      PasswordChangeForm.validate({ ...ok, newPassword: 'パスワード123', confirmPassword: 'パスワード123' }),
    ).rejects.toThrow();
    const err = await PasswordChangeForm.validate({ ...ok, confirmPassword: 'other1' }).catch((e) => e);
    expect(err.errors[0]).toMatchObject({ key: 'validation.inconsistentPasswords' });
  });
  it('profile: email and mobile are checked, unknown fields refused', async () => {
    const ok = { userName: 'Sato', email: 'sato@example.jp', mobile: '090-1234-5678', workingLanguage: 'jp' };
    await expect(ProfileInput.validate(ok)).resolves.toBeTruthy();
    await expect(ProfileInput.validate({ ...ok, email: 'nope' })).rejects.toThrow();
    await expect(ProfileInput.validate({ ...ok, mobile: 'abc' })).rejects.toThrow();
    await expect(ProfileInput.validate({ ...ok, workingLanguage: 'fr' })).rejects.toThrow();
    await expect(validateInput(ProfileInput, { ...ok, admin: true })).rejects.toThrow();
  });
  it('login history: a range of more than 31 days is refused', async () => {
    await expect(
      LoginHistoryQuery.validate({ beginTime: '2026-01-01', endTime: '2026-01-31' }),
    ).resolves.toBeTruthy();
    const err = await LoginHistoryQuery.validate({ beginTime: '2026-01-01', endTime: '2026-02-01' }).catch(
      (e) => e,
    );
    expect(err.errors[0]).toMatchObject({ key: 'validation.dateRange', values: { days: 31 } });
    await expect(
      LoginHistoryQuery.validate({ beginTime: '2026-02-01', endTime: '2026-01-01' }),
    ).rejects.toThrow();
  });
});
