/**
 * The second factor's test paths (tests/machines/secondFactor.model.ts, both modes) walked in
 * Chromium against the real server: the covering set `secondFactorWalks()` computes from them
 * (every state and every transition; tests/machines/coveringSets.session.test.ts fails when one
 * has no walk; vitest walks every path), one test per walk, plus the recovery codes end to end.
 *
 * How the steps are mapped
 * - 'verify' paths: an enrolled service-provider admin (MFA_VERIFY_ACCOUNTS, the fixtures'
 *   secret) logs in through the form; 'enrol' paths: one that has not enrolled
 *   (MFA_ENROL_ACCOUNTS) logs in and is shown the QR code.
 * - SUBMIT_CODE: type a code and press Verify / Set up: the current code of the secret (for
 *   the enrolment, the secret the page shows) when the server is to accept it, otherwise a
 *   wrong one; before error:verifyCode(locked), four wrong codes were sent through the API on
 *   the same session, so the form's is the fifth.
 * - error:startEnrolment(offline): the first /auth/mfa/enrol/start request is aborted (a
 *   network failure); RETRY presses Retry, whose request goes through.
 * - CODES_SAVED: "I have saved them" under the ten recovery codes.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { namePaths, type ModelEvent } from '../machines/harness';
import { secondFactorWalks } from '../machines/secondFactor.model';
import { FIXTURES, MFA_ENROL_ACCOUNTS, MFA_VERIFY_ACCOUNTS, PASSWORD, type Fixture } from './fixtures';
import {
  apiLogin,
  apiLoginReply,
  signedInPage,
  toast,
  forgetLastStep,
  loginForm,
  messagePattern,
  secondFactorForm,
  totpNow,
  tr,
  userMenuButton,
} from './support/ui';
import { STORAGE_KEYS } from '../../src/services/storage';

type Step = { event: ModelEvent; state: AnyMachineSnapshot };
const L = 'jp';
const label = (e: ModelEvent) =>
  (((e.error ?? e.output) as { label?: string } | undefined)?.label ?? '') as string;

const enrolForm = (page: Page) => ({
  form: page.getByRole('form', { name: tr(L, 'mfa.enrolHeading') }),
  qr: page.getByRole('img', { name: tr(L, 'mfa.qrCode') }),
  secret: page.getByTestId('mfa-secret'),
  code: page.getByLabel(tr(L, 'fields.otp'), { exact: true }),
  submit: page.getByRole('button', { name: tr(L, 'mfa.confirm'), exact: true }),
});

async function login(page: Page, account: Fixture) {
  await page.goto('/login');
  const f = loginForm(page, L);
  await f.loginId.fill(account.loginId);
  await f.password.fill(PASSWORD);
  await f.submit.click();
}

const wrongCode = async (secret?: string) => ((await totpNow(secret)) === '000000' ? '111111' : '000000');

async function walk(page: Page, account: Fixture, steps: Step[]) {
  let abortStart = steps.some((s) => s.event.type === 'xstate.error.actor.startEnrolment');
  let started = false;
  await page.route('**/api/auth/mfa/enrol/start', async (route) => {
    if (abortStart) {
      abortStart = false;
      await route.abort('internetdisconnected');
    } else {
      started = true;
      await route.continue();
    }
  });
  await login(page, account);
  for (let i = 0; i < steps.length; i++) {
    const { event: e, state } = steps[i];
    const next = steps[i + 1]?.event;
    await test.step(`${e.type} ⇒ ${JSON.stringify(state.value)}`, async () => {
      if (e.type === 'SUBMIT_CODE') {
        const enrolling = state.matches('confirming');
        const refused = next?.type.startsWith('xstate.error.');
        if (enrolling) {
          const secret = (await enrolForm(page).secret.textContent())!.trim();
          await enrolForm(page).code.fill(refused ? await wrongCode(secret) : await totpNow(secret));
          await enrolForm(page).submit.click();
        } else {
          if (label(next!) === 'locked') {
            const token = await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.token);
            for (let n = 0; n < 4; n++) {
              await page.request.post('/api/auth/mfa/verify', {
                data: { otp: await wrongCode() },
                headers: { 'x-submit-token': token! },
              });
            }
          }
          await forgetLastStep(page.request, account.loginId);
          const f = secondFactorForm(page, L);
          await f.code.fill(refused ? await wrongCode() : await totpNow());
          await f.submit.click();
        }
      } else if (e.type === 'RETRY') {
        await page.getByRole('button', { name: tr(L, 'mfa.retry') }).click();
      } else if (e.type === 'CODES_SAVED') {
        await page.getByRole('button', { name: tr(L, 'mfa.saved') }).click();
      }
      // The server's answers arrive by themselves (done:/error: steps): checked below.
      await check(page, state, e, () => started);
    });
  }
}

async function check(page: Page, s: AnyMachineSnapshot, e: ModelEvent, started: () => boolean) {
  if (s.matches('entering')) {
    await expect(secondFactorForm(page, L).form).toBeVisible();
    if (e.type === 'xstate.error.actor.verifyCode')
      await expect(page.getByRole('alert').filter({ hasText: tr(L, 'server.mfa.badCode') })).toBeVisible();
  }
  if (s.matches('startFailed')) {
    await expect(page.getByRole('button', { name: tr(L, 'mfa.retry') })).toBeVisible();
    await expect(page.getByRole('alert')).toBeVisible();
  }
  if (s.matches('starting') && e.type === 'RETRY') {
    // Retried: the QR code comes this time.
    await expect.poll(started).toBe(true);
    await expect(enrolForm(page).qr).toBeVisible();
  }
  if (s.matches('scanning')) {
    const f = enrolForm(page);
    await expect(f.form).toBeVisible();
    await expect(f.qr).toBeVisible();
    await expect(f.secret).toHaveText(/^[A-Z2-7]{32}$/);
    if (e.type === 'xstate.error.actor.confirmEnrolment')
      await expect(page.getByRole('alert').filter({ hasText: tr(L, 'server.mfa.badCode') })).toBeVisible();
  }
  if (s.matches('showingRecoveryCodes')) {
    const list = page.getByRole('list', { name: tr(L, 'mfa.recoveryList') });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    await expect(list.getByRole('listitem').first()).toHaveText(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
  }
  if (s.matches('signedIn')) {
    await expect(userMenuButton(page, L)).toBeVisible();
    await expect(page).toHaveURL('/');
  }
  if (s.matches('locked')) {
    const f = loginForm(page, L);
    await expect(f.form).toBeVisible();
    await expect(f.form.getByRole('alert')).toContainText(
      messagePattern(tr(L, 'server.auth.locked', { until: '{{until}}' })),
    );
  }
}

const { paths, cover } = secondFactorWalks();
const walked = new Set(cover.walks);

for (const mode of ['verify', 'enrol'] as const) {
  test.describe(`second factor paths (${mode})`, () => {
    const pool = mode === 'verify' ? MFA_VERIFY_ACCOUNTS : MFA_ENROL_ACCOUNTS;
    namePaths(paths[mode]).forEach(({ name, path }, n) => {
      if (!walked.has(path)) return;
      test(name, async ({ page }) => {
        await walk(page, pool[n], path.steps as unknown as Step[]);
      });
    });
  });
}

test('a recovery code signs in once, in place of a code', async ({ page, browser, baseURL }) => {
  const account = MFA_ENROL_ACCOUNTS[MFA_ENROL_ACCOUNTS.length - 1];
  await login(page, account);
  const secret = (await enrolForm(page).secret.textContent())!.trim();
  await enrolForm(page).code.fill(await totpNow(secret));
  await enrolForm(page).submit.click();
  const list = page.getByRole('list', { name: tr(L, 'mfa.recoveryList') });
  // Shown once the confirmation has answered (allTextContents does not wait).
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allTextContents();
  await page.getByRole('button', { name: tr(L, 'mfa.saved') }).click();
  await expect(userMenuButton(page, L)).toBeVisible();

  for (const attempt of ['first', 'again'] as const) {
    // Another browser each time (clearing this one's storage races the replies still on their way).
    const other = await browser.newContext({ baseURL });
    try {
      const fresh = await other.newPage();
      await login(fresh, account);
      const f = secondFactorForm(fresh, L);
      await f.code.fill(codes[2]);
      await f.submit.click();
      if (attempt === 'first') await expect(userMenuButton(fresh, L)).toBeVisible();
      else
        await expect(fresh.getByRole('alert').filter({ hasText: tr(L, 'server.mfa.badCode') })).toBeVisible();
    } finally {
      await other.close();
    }
  }
  // The password step alone says the code is owed.
  const reply = await apiLoginReply(page.request, account.loginId, PASSWORD);
  expect(reply.result.secondFactor).toBe('verify');
});

test('a company admin turns two-step verification on from the account screen, and off with password and code', async ({
  browser,
  request,
  baseURL,
}) => {
  const account = FIXTURES.mfaOptional;
  const page = await signedInPage(browser, request, baseURL!, account.loginId);
  try {
    await page.goto('/introduce');
    await expect(page.getByText(tr(L, 'mfa.statusOff'))).toBeVisible();
    await page.getByRole('button', { name: tr(L, 'mfa.enable') }).click();
    const secret = (await enrolForm(page).secret.textContent())!.trim();
    await enrolForm(page).code.fill(await totpNow(secret));
    await enrolForm(page).submit.click();
    await expect(
      page.getByRole('list', { name: tr(L, 'mfa.recoveryList') }).getByRole('listitem'),
    ).toHaveCount(10);
    await page.getByRole('button', { name: tr(L, 'mfa.saved') }).click();
    await expect(page.getByText(tr(L, 'mfa.statusOn'))).toBeVisible();
    expect((await apiLoginReply(request, account.loginId, PASSWORD)).result.secondFactor).toBe('verify');

    await page.getByRole('button', { name: tr(L, 'mfa.disable') }).click();
    const form = page.getByRole('form', { name: tr(L, 'mfa.disable') });
    await form.getByLabel(tr(L, 'fields.password'), { exact: true }).fill(PASSWORD);
    await forgetLastStep(request, account.loginId);
    await form.getByLabel(tr(L, 'fields.otp'), { exact: true }).fill(await totpNow(secret));
    await form.getByRole('button', { name: tr(L, 'mfa.disable') }).click();
    await expect(page.getByText(tr(L, 'mfa.statusOff'))).toBeVisible();
    expect((await apiLoginReply(request, account.loginId, PASSWORD)).result.secondFactor).toBeNull();
  } finally {
    await page.context().close();
  }
});

test('an administrator resets the two-step verification after a confirmation', async ({
  browser,
  request,
  baseURL,
}) => {
  const target = FIXTURES.mfaResetTarget;
  const signedIn = await apiLogin(request, target.loginId);
  const page = await signedInPage(browser, request, baseURL!, FIXTURES.sessionAdmin.loginId);
  try {
    await page.goto(`/setup/operate?loginId=${target.loginId}`);
    await page.getByRole('button', { name: `${tr(L, 'operators.passwords')}: ${target.loginId}` }).click();
    await page.getByRole('menuitem', { name: tr(L, 'mfa.reset') }).click();
    const dialog = page.getByRole('alertdialog', { name: tr(L, 'mfa.reset') });
    await expect(dialog).toContainText(target.loginId);
    await dialog.getByRole('button', { name: tr(L, 'mfa.reset') }).click();
    await expect(toast(page, tr(L, 'mfa.resetDone', { name: target.loginId })).first()).toBeVisible();
    // Its session ended; at the next login its role makes it enrol again.
    const info = await request.post('/api/system/info', {
      data: {},
      headers: { 'x-submit-token': signedIn.token },
    });
    expect(((await info.json()) as { resultType: string }).resultType).toBe('UNAUTHENCATED');
    expect((await apiLoginReply(request, target.loginId, PASSWORD)).result.secondFactor).toBe('enrol');
  } finally {
    await page.context().close();
  }
});
