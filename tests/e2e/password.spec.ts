/**
 * The password-change paths (tests/machines/passwordChange.model.ts, both kinds) through the
 * real screens and server: the covering set `passwordChangeWalks()` computes from them (every
 * state and every transition; tests/machines/coveringSets.session.test.ts fails when one has no
 * walk; vitest walks every path, and tests/server/account.test.ts proves the server's refusals:
 * wrong current password, one of the last four), one account per path, signed in through the
 * API (the subject is the change, not the login). Mapping: SUBMIT = fill the three fields and
 * press the button (a wrong current password before `error(wrong old password)`, the current
 * password as the new one before `error(reused)`, which the server refuses as one of the last
 * four); the save request is held until the path's `done`/`error` step lets it through
 * to the real server, whose reply is the answer (so `submitting` can be seen); EDIT = typing in a field; RESET = the
 * screen empties the form itself after a login-password change, and for the refund password
 * (which ends the session) it is logging in again and opening the form.
 */
import md5 from 'md5';
import { expect, test, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { PasswordKind } from '../../src/contract/account';
import { STORAGE_KEYS } from '../../src/services/storage';
import { namePaths, type ModelEvent } from '../machines/harness';
import { passwordChangeWalks } from '../machines/passwordChange.model';
import { PASSWORD, PASSWORD_ACCOUNTS, REFUND_ACCOUNTS, WRONG_PASSWORD, type Fixture } from './fixtures';
import {
  apiCall,
  expectFieldError,
  ja,
  logOut,
  loginForm,
  messagePattern,
  signedInPage,
  submitLogin,
  toast,
  userMenuButton,
} from './support/ui';

const ROUTE = { login: '/changePassword', refund: '/changeRefundPassword' } as const;
const SAVE_PATH = { login: '/system/password/save', refund: '/system/refundPassword/save' } as const;
const SAVE = { login: '**/api/system/password/save', refund: '**/api/system/refundPassword/save' } as const;
const TITLE = { login: 'menu.changePassword', refund: 'menu.changeRefundPassword' } as const;
const OLD = { login: 'passwordForm.oldLogin', refund: 'passwordForm.oldRefund' } as const;

let counter = 0;
/** A new valid password (12+ characters, letters and digits, never used). */
const freshPassword = () => `e2eNew${String(Date.now()).slice(-6)}${(counter++ % 90) + 10}`;

function form(page: Page, kind: PasswordKind) {
  const f = page.getByRole('form', { name: ja(TITLE[kind]) });
  return {
    form: f,
    old: f.getByLabel(ja(OLD[kind]), { exact: true }),
    next: f.getByLabel(ja('fields.newPassword'), { exact: true }),
    confirm: f.getByLabel(ja('fields.confirmPassword'), { exact: true }),
    submit: f.getByRole('button', { name: ja('passwordForm.submit') }),
    alert: f.getByRole('alert'),
  };
}

async function fill(page: Page, kind: PasswordKind, old: string, next: string, confirm = next) {
  const f = form(page, kind);
  await f.old.fill(old);
  await f.next.fill(next);
  await f.confirm.fill(confirm);
  await f.submit.click();
}

const label = (e: ModelEvent) => (e.error as { label?: string } | undefined)?.label ?? '';

interface Walk {
  page: Page;
  kind: PasswordKind;
  account: Fixture;
  /** The account's password now (changes when the path succeeds). */
  current: string;
  token: string;
  message: RegExp | null;
  /** The field the server's refusal is about (shown there, not in a banner). */
  field: 'old' | 'next' | null;
  /** Save requests held until the path's step for the server's answer. */
  held: Route[];
}

async function perform(
  w: Walk,
  steps: readonly { event: ModelEvent; state: AnyMachineSnapshot }[],
  i: number,
) {
  const { page, kind } = w;
  const e = steps[i].event;
  const next = steps[i + 1]?.event;
  switch (e.type) {
    case 'xstate.init':
      await page.goto(ROUTE[kind]);
      await expect(form(page, kind).form).toBeVisible();
      w.token = (await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.token)) ?? '';
      return;
    case 'SUBMIT': {
      const outcome = next ? label(next) || 'ok' : 'ok';
      if (outcome === 'wrong old password') {
        w.message = messagePattern(ja('server.account.wrongOldPassword'));
        w.field = 'old';
        await fill(page, kind, WRONG_PASSWORD, freshPassword());
      } else if (outcome === 'reused') {
        w.message = messagePattern(ja('server.account.reused', { count: '{{count}}' }));
        w.field = 'next';
        await fill(page, kind, w.current, w.current);
      } else {
        const pw = freshPassword();
        await fill(page, kind, w.current, pw);
        if (next) w.current = pw;
      }
      return;
    }
    case 'xstate.done.actor.changePassword':
    case 'xstate.error.actor.changePassword':
      // The held request goes on to the real server, which answers.
      await expect.poll(() => w.held.length, { message: 'a held save request' }).toBeGreaterThan(0);
      await w.held.shift()!.continue();
      return;
    case 'EDIT':
      await form(page, kind).next.pressSequentially('x');
      w.message = null;
      w.field = null;
      return;
    case 'RESET':
      if (kind === 'refund') {
        // The session ended: log in again and open the form.
        await submitLogin(page, w.account.loginId, PASSWORD);
        await expect(userMenuButton(page)).toBeVisible();
        await page.goto(ROUTE[kind]);
      }
      return;
    default:
      throw new Error(`no action for ${e.type}`);
  }
}

async function check(w: Walk, e: ModelEvent, s: AnyMachineSnapshot) {
  const { page, kind } = w;
  const f = form(page, kind);
  if (e.type === 'xstate.done.actor.changePassword') {
    if (kind === 'login') {
      await expect(toast(page, ja('passwordForm.changedLogin')).first()).toBeVisible();
    } else {
      // Every session ends: the login page, and the old token is refused.
      await expect(toast(page, ja('passwordForm.changedRefund')).first()).toBeVisible();
      await expect(page).toHaveURL('/login');
      await expect(loginForm(page).form).toBeVisible();
      const reply = await apiCall(page.request, w.token, '/system/info');
      expect(reply.resultType).toBe('UNAUTHENCATED');
      return;
    }
  }
  if (s.matches('editing')) {
    await expect(f.form).toBeVisible();
    await expect(f.alert).toHaveCount(0);
    await expect(f.submit).toBeEnabled();
    if (e.type === 'RESET' || e.type === 'xstate.init') {
      for (const field of [f.old, f.next, f.confirm]) await expect(field).toHaveValue('');
    }
  }
  if (s.matches('submitting')) await expect(f.submit).toBeDisabled();
  if (s.matches('rejected')) {
    // The server's refusal names its field: shown at that field, no banner above the form.
    await expectFieldError(f[w.field!], w.message!);
    await expect(f.alert).toHaveCount(0);
  }
}

const { paths, cover } = passwordChangeWalks();
const walked = new Set(cover.walks);

for (const kind of ['login', 'refund'] as const) {
  test.describe(`${kind} password paths`, () => {
    const accounts = kind === 'login' ? PASSWORD_ACCOUNTS : REFUND_ACCOUNTS;
    namePaths(paths[kind]).forEach(({ name, path }, n) => {
      if (!walked.has(path)) return;
      test(name, async ({ browser, request, baseURL }) => {
        const account = accounts[n];
        const page = await signedInPage(browser, request, baseURL!, account.loginId);
        const w: Walk = {
          page,
          kind,
          account,
          current: PASSWORD,
          token: '',
          message: null,
          field: null,
          held: [],
        };
        await page.route(SAVE[kind], (route) => void w.held.push(route));
        const steps = path.steps as unknown as { event: ModelEvent; state: AnyMachineSnapshot }[];
        try {
          for (let i = 0; i < steps.length; i++) {
            await test.step(`${steps[i].event.type} ⇒ ${JSON.stringify(steps[i].state.value)}`, async () => {
              await perform(w, steps, i);
              await check(w, steps[i].event, steps[i].state);
            });
          }
          if (kind === 'login' && w.current !== PASSWORD) {
            // Afterwards: the new password logs in, the old one no longer does.
            await logOut(page);
            await submitLogin(page, account.loginId, PASSWORD);
            await expect(loginForm(page).error).toContainText(ja('server.auth.badCredentials'));
            await submitLogin(page, account.loginId, w.current);
            await expect(userMenuButton(page)).toBeVisible();
          }
        } finally {
          await page.context().close();
        }
      });
    });

    test('the checklist shows the rules the server applies, and agrees with it', async ({
      browser,
      request,
      baseURL,
    }) => {
      const account = accounts[accounts.length - 1];
      const page = await signedInPage(browser, request, baseURL!, account.loginId);
      try {
        await page.goto(ROUTE[kind]);
        const f = form(page, kind);
        const token = (await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.token)) ?? '';
        const rules = page.getByRole('list', { name: ja('passwordForm.rules') });
        const rule = (name: string) => rules.locator(`[data-rule="${name}"]`);
        // The server's setting (12) and the contract's other rules, from the session's user info.
        await expect(rule('length')).toContainText(ja('passwordForm.ruleLength', { min: 12, max: 20 }));
        await expect(rule('letterAndDigit')).toContainText(ja('passwordForm.ruleLetterAndDigit'));
        await expect(rule('notRecent')).toContainText(ja('passwordForm.ruleNotRecent', { count: 4 }));
        // 8 characters: "6–20" ticked them before, then the server refused; now the list says no.
        await f.next.fill('abc12345');
        await expect(rule('length')).toHaveAttribute('data-met', 'false');
        await expect(rule('letterAndDigit')).toHaveAttribute('data-met', 'true');
        // The server refuses the same password for the same reason.
        const refused = (await apiCall(request, token, SAVE_PATH[kind], {
          oldPassword: md5(PASSWORD).toUpperCase(),
          newPassword: 'abc12345',
          confirmPassword: 'abc12345',
        })) as { resultType: string; errors?: Record<string, string> };
        expect(refused.resultType).toBe('INVALID');
        expect(refused.errors).toEqual({ newPassword: ja('server.account.tooShort', { min: 12 }) });
        // The browser refuses it too, at the field, before sending.
        await fill(page, kind, PASSWORD, 'abc12345', 'abc12345');
        await expectFieldError(
          f.next,
          ja('validation.minLength', { field: ja('fields.newPassword'), min: 12 }),
        );
        await fill(page, kind, PASSWORD, 'abcdefghijklmn', 'abcdefghijklmn');
        await expect(rule('letterAndDigit')).toHaveAttribute('data-met', 'false');
        await expectFieldError(f.next, ja('server.account.letterAndDigit'));
        await fill(page, kind, PASSWORD, 'abcdef123456', 'abcdef123457');
        await expectFieldError(f.confirm, ja('validation.inconsistentPasswords'));
        // Every rule ticked: the server accepts it.
        const good = freshPassword();
        await f.next.fill(good);
        await f.confirm.fill(good);
        for (const name of ['length', 'letterAndDigit', 'chars', 'match'])
          await expect(rule(name)).toHaveAttribute('data-met', 'true');
        await f.submit.click();
        await expect(
          toast(
            page,
            ja(kind === 'login' ? 'passwordForm.changedLogin' : 'passwordForm.changedRefund'),
          ).first(),
        ).toBeVisible();
      } finally {
        await page.context().close();
      }
    });
  });
}
