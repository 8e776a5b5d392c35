/**
 * The operator-action machine's test paths (tests/machines/operatorAction.model.ts) walked in
 * Chromium against the real server: a company administrator (orgCoAdmin, signed in once through
 * the API) acts on accounts of its company from the Operators screen. All paths are the vitest
 * model test's; here their covering set (`operatorActionCoveringSet`: every state and transition
 * at least once; tests/machines/coveringSets.test.ts fails when one has no walk), one test per
 * walk, each with accounts of its own (two to delete) made through the API before it; after
 * each step the state is checked as a user sees it.
 *
 * How the steps are mapped
 * - ASK(delete): tick the path's two accounts and press Delete. ASK(resetLogin / resetRefund /
 *   resetMfa): the row's password menu → Reset password / Reset refund password / Reset
 *   two-step verification.
 * - CONFIRM / CANCEL: the confirmation's buttons; the call is held (`page.route`) until the next
 *   step. done:…: the held request goes on to the server; error:…(refused): it is answered
 *   with the model's refusal.
 * - SHOW(new account): create an account through the New form; its first password is shown.
 * - DISMISS: press the shown dialog's "noted" button.
 */
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { OperatorAction } from '../../src/machines/operatorAction';
import { namePaths, type ModelEvent } from '../machines/harness';
import { failures, operatorActionCoveringSet, operatorActionPaths } from '../machines/operatorAction.model';
import { FIXTURES } from './fixtures';
import { apiCall, apiLogin, ja, storageOf, toast, type ApiSession } from './support/ui';

type Step = { event: ModelEvent; state: AnyMachineSnapshot };
const run = String(Date.now()).slice(-6);
const CALLS = {
  deleteOperators: '**/api/system/operator/delete',
  resetPassword: '**/api/system/operator/{password,refundPassword}',
  resetMfa: '**/api/system/operator/mfaReset',
} as const;

/** Two accounts of the admin's company for one path (a branch cashier each). */
async function makeAccounts(request: APIRequestContext, token: string, prefix: string) {
  // The admin's company and its first branch (the tree the operator form picks from).
  const tree = await apiCall<{ id: number; branches: { id: number }[] }[]>(
    request,
    token,
    '/org/branchUnit/tree',
  );
  expect(tree.resultType, tree.resultMessage).toBe('SUCCESS');
  const company = tree.result.find((c) => c.branches.length > 0)!;
  const branch = { companyId: company.id, id: company.branches[0].id };
  const made: string[] = [];
  for (const n of [1, 2]) {
    const loginId = `${prefix}-${n}`;
    const r = await apiCall(request, token, '/system/operator/save', {
      loginId,
      userName: `E2E 操作 ${n}`,
      email: `${loginId}@e2e.example`,
      operatorType: 30,
      companyId: branch.companyId,
      branchUnitId: branch.id,
    });
    expect(r.resultType, r.resultMessage).toBe('SUCCESS');
    made.push(loginId);
  }
  return made;
}

const confirmation = (page: Page, action: OperatorAction | null) =>
  page.getByRole('alertdialog', {
    name:
      action?.kind === 'delete'
        ? ja('org.actions.delete')
        : action?.kind === 'resetMfa'
          ? ja('mfa.reset')
          : action?.which === 'login'
            ? ja('org.actions.resetPassword')
            : ja('org.actions.resetRefundPassword'),
    exact: true,
  });
const anyConfirmation = (page: Page) =>
  page.getByRole('alertdialog').filter({ has: page.getByRole('button', { name: ja('common.cancel') }) });
const revealed = (page: Page) =>
  page.getByRole('alertdialog').filter({ hasText: ja('operators.mustChange') });
const table = (page: Page) => page.getByRole('table', { name: ja('operators.table') });

interface Walk {
  page: Page;
  accounts: string[];
  held: Route[];
  /** The action asked, as the machine holds it. */
  action: OperatorAction | null;
  created: string;
}

async function checkState(w: Walk, s: AnyMachineSnapshot) {
  const { page } = w;
  if (s.matches('idle')) {
    await expect(anyConfirmation(page)).toHaveCount(0);
    await expect(revealed(page)).toHaveCount(0);
    return;
  }
  if (s.matches('shown')) {
    await expect(anyConfirmation(page)).toHaveCount(0);
    const dialog = revealed(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(w.action ? w.accounts[0] : w.created);
    await expect(dialog.getByTestId('revealed-secret')).not.toBeEmpty();
    return;
  }
  const confirm = confirmation(page, w.action);
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(w.action?.kind === 'delete' ? '2' : w.accounts[0]);
  // A password reset says which password it replaces (the refund one leaves the login one alone).
  if (w.action?.kind === 'resetPassword') {
    const key = w.action.which === 'login' ? 'operators.confirmReset' : 'operators.confirmResetRefund';
    // The first account made for the walk is 'E2E 操作 1'.
    await expect(confirm).toContainText(ja(key, { name: `E2E 操作 1 (${w.accounts[0]})` }));
  }
  // While the server works, the confirmation waits (Cancel disabled).
  const cancel = confirm.getByRole('button', { name: ja('common.cancel') });
  if (s.hasTag('busy')) await expect(cancel).toBeDisabled();
  else await expect(cancel).toBeEnabled();
  if (s.matches('failed')) await expect(toast(page, failures.refused.message).first()).toBeVisible();
}

async function perform(w: Walk, { event }: Step) {
  const { page } = w;
  const next = async () => {
    await expect.poll(() => w.held.length, { message: 'a held request' }).toBeGreaterThan(0);
    return w.held.shift()!;
  };
  switch (true) {
    case event.type === 'ASK': {
      w.action = event.action as OperatorAction;
      if (w.action.kind === 'delete') {
        for (const loginId of w.accounts) {
          const box = table(page).getByRole('checkbox', { name: ja('common.selectRow', { name: loginId }) });
          // The box a user clicks (the input itself is visually hidden).
          await box.locator('xpath=..').click();
          await expect(box).toBeChecked();
        }
        await page.getByRole('button', { name: new RegExp(`^${ja('org.actions.delete')} \\(2\\)`) }).click();
        return;
      }
      const row = table(page).getByRole('row').filter({ hasText: w.accounts[0] });
      await row.getByRole('button', { name: `${ja('operators.passwords')}: ${w.accounts[0]}` }).click();
      const item =
        w.action.kind === 'resetMfa'
          ? ja('mfa.reset')
          : w.action.which === 'login'
            ? ja('org.actions.resetPassword')
            : ja('org.actions.resetRefundPassword');
      await page.getByRole('menuitem', { name: item, exact: true }).click();
      return;
    }
    case event.type === 'SHOW': {
      w.action = null;
      w.created = `e2e-oa-${run}-new`;
      await page.getByRole('button', { name: ja('org.actions.create'), exact: true }).click();
      const form = page.getByRole('dialog', { name: ja('operators.newTitle') });
      await form.getByLabel(ja('fields.loginId'), { exact: true }).fill(w.created);
      await form.getByLabel(ja('fields.userName'), { exact: true }).fill('E2E 新規');
      await form.getByLabel(ja('fields.email'), { exact: true }).fill(`${w.created}@e2e.example`);
      const branch = form.getByLabel(ja('fields.branchUnitId'), { exact: true });
      await branch.selectOption({ index: 1 });
      await form.getByRole('button', { name: ja('common.save'), exact: true }).click();
      return;
    }
    case event.type === 'CONFIRM': {
      const confirm = confirmation(page, w.action);
      const label =
        w.action?.kind === 'delete'
          ? ja('org.actions.delete')
          : w.action?.kind === 'resetMfa'
            ? ja('mfa.reset')
            : ja('common.confirm');
      await confirm.getByRole('button', { name: label, exact: true }).click();
      return;
    }
    case event.type === 'CANCEL':
      await confirmation(page, w.action)
        .getByRole('button', { name: ja('common.cancel') })
        .click();
      return;
    case event.type.startsWith('xstate.done.actor.'):
      await (await next()).continue();
      return;
    case event.type.startsWith('xstate.error.actor.'):
      await (
        await next()
      ).fulfill({ json: { resultType: 'FAIL', resultMessage: failures.refused.message, result: null } });
      return;
    case event.type === 'DISMISS':
      await revealed(page)
        .getByRole('button', { name: ja('org.secrets.noted') })
        .click();
      return;
    default:
      throw new Error(`no browser action for ${event.type}`);
  }
}

const paths = operatorActionPaths();
const covering = operatorActionCoveringSet(paths);
/** The administrator, signed in once: no walk is about signing in. */
let admin: ApiSession;

test.beforeAll(async ({ request }) => {
  admin = await apiLogin(request, FIXTURES.orgCoAdmin.loginId);
});

test.describe('operator action paths', () => {
  namePaths(paths).forEach(({ name, path }, n) => {
    if (!covering.walks.includes(path)) return;
    const steps = path.steps as unknown as Step[];
    test(name, async ({ browser, request, baseURL }) => {
      const accounts = await makeAccounts(request, admin.token, `e2e-oa-${run}-${n}`);
      const context = await browser.newContext({ baseURL, storageState: storageOf(baseURL!, admin) });
      const page = await context.newPage();
      const w: Walk = { page, accounts, held: [], action: null, created: '' };
      for (const pattern of Object.values(CALLS))
        await page.route(pattern, (route) => void w.held.push(route));
      try {
        await page.goto('/setup/operate');
        const search = page.getByRole('search', { name: ja('common.filters') });
        await search.getByLabel(ja('fields.loginId'), { exact: true }).fill(`e2e-oa-${run}-${n}-`);
        await search.getByRole('button', { name: ja('common.search'), exact: true }).click();
        await expect(table(page).getByRole('row').filter({ hasText: accounts[1] })).toBeVisible();
        for (const step of steps) {
          if (step.event.type === 'xstate.init') continue;
          await test.step(`${step.event.type} ⇒ ${JSON.stringify(step.state.value)}`, async () => {
            await perform(w, step);
            await checkState(w, step.state);
          });
        }
        // What the server did: deleted accounts are gone from the list.
        if (steps.some((s) => s.event.type === 'xstate.done.actor.deleteOperators'))
          await expect(table(page).getByRole('row').filter({ hasText: accounts[0] })).toHaveCount(0);
      } finally {
        for (const r of w.held.splice(0)) await r.abort().catch(() => undefined);
        await context.close();
      }
    });
  });
});
