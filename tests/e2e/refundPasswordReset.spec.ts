/**
 * The refund-password reset machine's test paths (tests/machines/refundPasswordReset.model.ts)
 * walked in Chromium against the real server: the organisation's administrator resets the
 * refund password of a fixture account (orgLocked, which never refunds) from the Operators
 * screen; one test per path; after each step the state is checked as a user sees it.
 *
 * How the steps are mapped
 * - ASK: the row's password menu → "Reset refund password". CONFIRM / CANCEL: the
 *   confirmation's buttons; the reset request is held (`page.route`) until the next step.
 * - done:resetRefundPassword: the held request goes on to the server; the new password is
 *   shown once. error:resetRefundPassword(refused): the held request is answered with the
 *   model's refusal. DISMISS: press the shown dialog's "noted" button.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { namePaths, type ModelEvent } from '../machines/harness';
import { failures, refundPasswordResetPaths } from '../machines/refundPasswordReset.model';
import { FIXTURES, PASSWORD } from './fixtures';
import { ja, openMenu, submitLogin, toast, userMenuButton } from './support/ui';

type Step = { event: ModelEvent; state: AnyMachineSnapshot };
const ACCOUNT = FIXTURES.orgLocked.loginId;
const title = ja('org.actions.resetRefundPassword');
const confirmation = (page: Page) => page.getByRole('alertdialog', { name: title, exact: true });
const revealed = (page: Page) => page.getByRole('alertdialog', { name: `${title}: ${ACCOUNT}` });

async function checkState(page: Page, s: AnyMachineSnapshot) {
  const confirm = confirmation(page);
  if (s.matches('idle')) {
    await expect(confirm).toHaveCount(0);
    await expect(revealed(page)).toHaveCount(0);
  } else if (s.matches('shown')) {
    await expect(confirm).toHaveCount(0);
    await expect(revealed(page)).toBeVisible();
    await expect(revealed(page).getByText(ja('operators.mustChange'))).toBeVisible();
  } else {
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(ACCOUNT);
    // While the server resets it, the confirmation waits (Cancel disabled).
    const cancel = confirm.getByRole('button', { name: ja('common.cancel') });
    if (s.matches('resetting')) await expect(cancel).toBeDisabled();
    else await expect(cancel).toBeEnabled();
    if (s.matches('failed')) await expect(toast(page, failures.notFound.message).first()).toBeVisible();
  }
}

test.describe('refund password reset paths', () => {
  for (const { name, path } of namePaths(refundPasswordResetPaths())) {
    const steps = path.steps as unknown as Step[];
    test(name, async ({ page }) => {
      const held: Route[] = [];
      await page.route('**/api/system/operator/refundPassword', (route) => void held.push(route));
      const next = async () => {
        await expect.poll(() => held.length, { message: 'a reset request' }).toBeGreaterThan(0);
        return held.shift()!;
      };
      try {
        for (const { event, state } of steps) {
          switch (event.type) {
            case 'xstate.init': {
              await page.goto('/login');
              await submitLogin(page, FIXTURES.orgAdmin.loginId, PASSWORD);
              await expect(userMenuButton(page)).toBeVisible();
              await openMenu(page, 'jp', 'menu.operators');
              const search = page.getByRole('search', { name: ja('common.filters') });
              await search.getByLabel(ja('fields.loginId'), { exact: true }).fill(ACCOUNT);
              await search.getByRole('button', { name: ja('common.search'), exact: true }).click();
              break;
            }
            case 'ASK': {
              const table = page.getByRole('table', { name: ja('operators.table') });
              const row = table.getByRole('row').filter({ hasText: ACCOUNT });
              await row.getByRole('button', { name: `${ja('operators.passwords')}: ${ACCOUNT}` }).click();
              await page.getByRole('menuitem', { name: title }).click();
              break;
            }
            case 'CONFIRM':
              await confirmation(page)
                .getByRole('button', { name: ja('common.confirm') })
                .click();
              break;
            case 'CANCEL':
              await confirmation(page)
                .getByRole('button', { name: ja('common.cancel') })
                .click();
              break;
            case 'xstate.done.actor.resetRefundPassword':
              await (await next()).continue();
              break;
            case 'xstate.error.actor.resetRefundPassword':
              await (
                await next()
              ).fulfill({
                json: { resultType: 'FAIL', resultMessage: failures.notFound.message, result: null },
              });
              break;
            case 'DISMISS':
              await revealed(page)
                .getByRole('button', { name: ja('org.secrets.noted') })
                .click();
              break;
            default:
              throw new Error(`no browser action for ${event.type}`);
          }
          await checkState(page, state);
        }
      } finally {
        for (const r of held.splice(0)) await r.abort().catch(() => undefined);
      }
    });
  }
});
