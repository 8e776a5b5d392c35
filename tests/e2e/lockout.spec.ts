/**
 * Spec point 5's lockout in the browser: five wrong passwords lock e2e-lock for 30 minutes;
 * the login form says so with the until-time, and the right password is refused too.
 */
import { expect, test } from '@playwright/test';
import { FIXTURES, PASSWORD, WRONG_PASSWORD } from './fixtures';
import { ja, loginForm, messagePattern, submitLogin, userMenuButton } from './support/ui';

test('five wrong passwords lock the account until a shown time; the right one is refused too', async ({
  page,
}) => {
  const { loginId } = FIXTURES.lock;
  const f = loginForm(page);
  const locked = messagePattern(ja('server.auth.locked', { until: '{{until}}' }));
  const until = messagePattern(ja('loginPage.lockedUntil', { time: '{{time}}' }));
  await page.goto('/login');
  for (let attempt = 1; attempt <= 4; attempt++) {
    await submitLogin(page, loginId, WRONG_PASSWORD);
    await expect(f.error).toContainText(ja('server.auth.badCredentials'));
    await expect(f.submit).toBeEnabled();
  }
  // The fifth failure locks the account; the message says until when.
  await submitLogin(page, loginId, WRONG_PASSWORD);
  await expect(f.error).toContainText(locked);
  await expect(f.error).toContainText(until);
  const text = (await f.error.innerText()).trim();
  const time = /(\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?)/.exec(text)?.[1];
  expect(time, `an until-time in "${text}"`).toBeTruthy();
  // About 30 minutes from now (Asia/Tokyo wall time as the server writes it).
  const shown = Date.parse(`${time!.replace(' ', 'T')}+09:00`);
  expect(Math.abs(shown - (Date.now() + 30 * 60_000))).toBeLessThan(2 * 60_000);

  // The right password no longer helps.
  await submitLogin(page, loginId, PASSWORD);
  await expect(f.error).toContainText(locked);
  await expect(userMenuButton(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/login/);
});
