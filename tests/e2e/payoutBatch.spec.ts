/**
 * The payout batch machine's test paths (tests/machines/payoutBatch.model.ts) walked in Chromium
 * against the real server: the system administrator marks a merchant payout batch remitted or
 * reverses it from the Payout batches tab (/settle/actuarial?batch=N shows that batch alone). All
 * paths are the vitest model test's; here their covering set (`payoutBatchCoveringSet`: every
 * state, transition and server answer at least once; tests/machines/coveringSets.test.ts fails
 * when one has no walk), one test per walk. Before each walk a batch of one settlement is checked
 * out through the API, its transfer date the next bank business day; whatever batch a walk
 * leaves awaiting the bank is reversed when it ends, so its settlement is free for the next.
 * The settlements are those of companies no other browser test pays out first (ひのき珈琲,
 * みなと書店, さくら薬局; then 富士山ホテルズ, of which settlements.spec needs only one).
 *
 * How the steps are mapped
 * - ASK(remit due): the page's clock (`page.clock.setFixedTime`, before the page opens) is at
 *   10:00 in Tokyo on the batch's transfer date; the row's Mark remitted. ASK(remit early): the
 *   real today, a business day before the transfer date. ASK(reverse): the row's Reverse.
 * - ACKNOWLEDGE / UNACKNOWLEDGE: the confirmation's box "the bank has transferred it".
 * - SET_REASON: the reason typed (or blanks).
 * - CONFIRM / CANCEL / CLOSE: the confirmation's buttons. The call is held (`page.route`) until
 *   the next step: done:… lets it through to the server; error:…(conflict): another session
 *   marks the batch remitted (or reverses it) through the API first, then the held call reaches
 *   the server, which refuses it with CONFLICT and the batch's status; error:…(network): the
 *   request fails on the network.
 */
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { DateTime } from 'luxon';
import type { AnyMachineSnapshot } from 'xstate';
import type { BatchSummary, SettlementRow } from '../../src/contract/settlements';
import type { PayoutBatchContext } from '../../src/machines/payoutBatch';
import { nextBusinessDay } from '../../server/platform/bankDays';
import { namePaths, type ModelEvent } from '../machines/harness';
import { payoutBatchCoveringSet, payoutBatchPaths } from '../machines/payoutBatch.model';
import { apiBatches, apiCheckout, apiRemit, apiReverse, settlementRows } from './support/settlements';
import { apiLogin, ja, messagePattern, storageOf, toast, type ApiSession } from './support/ui';

type Step = { event: ModelEvent; state: AnyMachineSnapshot };

/** The companies whose settlements the walks take, in order of preference. */
const COMPANIES = [
  '株式会社ひのき珈琲',
  '株式会社みなと書店',
  '有限会社さくら薬局',
  '株式会社富士山ホテルズ',
];
const CALLS = '**/api/history/platformCheckoutInfo/batch/{remit,reverse}';

/** The next bank business day after today (Tokyo): a batch's transfer date still ahead. */
function nextTransferDate(): string {
  return nextBusinessDay(DateTime.now().setZone('Asia/Tokyo').toFormat('yyyy-MM-dd'));
}

/** A payable yen settlement in no batch, of the first company that has one. */
async function freeSettlement(request: APIRequestContext, token: string): Promise<SettlementRow> {
  const rows = await settlementRows(request, token, 'merchant', { status: '1', currency: 'JPY' });
  for (const company of COMPANIES) {
    const row = rows.find(
      (r) => r.partyName === company && r.status === 1 && r.batchId === null && r.transferAmount > 0,
    );
    if (row) return row;
  }
  throw new Error('no payable settlement left for the payout batch walks');
}

interface Walk {
  page: Page;
  batch: BatchSummary;
  held: Route[];
  action: 'remit' | 'reverse' | null;
  reason: string;
  /** The other operator's session (conflicts), and the API its calls go through. */
  other: ApiSession;
  api: APIRequestContext;
}

const confirmation = (w: Walk) =>
  w.page.getByRole('alertdialog', {
    name: ja(w.action === 'reverse' ? 'payoutBatches.reverse' : 'payoutBatches.markRemitted'),
  });
const batchRow = (w: Walk) =>
  w.page
    .getByRole('table', { name: ja('payoutBatches.title') })
    .getByRole('row')
    .filter({ hasText: `#${w.batch.id}` });

async function checkState(w: Walk, s: AnyMachineSnapshot, event: ModelEvent) {
  const { page } = w;
  const c = s.context as PayoutBatchContext;
  if (s.matches('idle')) {
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    // What the server did is on the row (the list reads it again after a done or a conflict).
    const moved =
      event.type === 'xstate.done.actor.remitBatch' ||
      event.type === 'xstate.done.actor.reverseBatch' ||
      event.type === 'CLOSE';
    if (moved)
      await expect(batchRow(w)).toContainText(
        ja(w.action === 'reverse' ? 'payoutBatches.statuses.reversed' : 'payoutBatches.statuses.remitted'),
      );
    else await expect(batchRow(w)).toContainText(ja('payoutBatches.statuses.checkedOut'));
    if (event.type === 'xstate.done.actor.remitBatch')
      await expect(toast(page, ja('payoutBatches.remitted'))).toBeVisible();
    if (event.type === 'xstate.done.actor.reverseBatch')
      await expect(toast(page, ja('payoutBatches.reversedDone'))).toBeVisible();
    return;
  }
  const dialog = confirmation(w);
  await expect(dialog).toBeVisible();
  const label = ja(w.action === 'reverse' ? 'payoutBatches.reverse' : 'payoutBatches.markRemitted');
  const confirm = dialog.getByRole('button', { name: label, exact: true });
  if (s.matches('conflict')) {
    await expect(dialog).toContainText(
      ja('payoutBatches.conflict', { status: ja(`payoutBatches.statuses.${c.movedTo}`) }),
    );
    await expect(dialog.getByRole('button', { name: ja('common.close') })).toBeVisible();
    await expect(confirm).toHaveCount(0);
    return;
  }
  await expect(dialog).toContainText(
    ja(w.action === 'reverse' ? 'payoutBatches.confirmReverse' : 'payoutBatches.confirmRemitted', {
      id: w.batch.id,
      count: 1,
    }),
  );
  const early = dialog.getByTestId('early-remit');
  if (c.early)
    await expect(early).toContainText(ja('payoutBatches.earlyWarning', { date: w.batch.transferDate }));
  else await expect(early).toHaveCount(0);
  const cancel = dialog.getByRole('button', { name: ja('common.cancel') });
  if (s.hasTag('busy')) {
    // While the server works the dialog waits: Cancel disabled, the button busy.
    await expect(cancel).toBeDisabled();
    await expect(confirm).toHaveAttribute('data-loading', /.*/);
    return;
  }
  await expect(cancel).toBeEnabled();
  if (s.matches('failed'))
    await expect(dialog.getByRole('alert')).toHaveText(messagePattern(ja('common.networkError')));
  if (s.matches({ confirming: { early: 'unacknowledged' } })) await expect(confirm).toBeDisabled();
  else if (s.matches({ confirming: 'reverse' }) && c.reason.trim() === '')
    await expect(confirm).toBeDisabled();
  else await expect(confirm).toBeEnabled();
  if (w.action === 'reverse')
    await expect(dialog.getByLabel(ja('fields.reverseReason'))).toHaveValue(w.reason);
}

async function perform(w: Walk, { event }: Step) {
  const next = async () => {
    await expect.poll(() => w.held.length, { message: 'a held request' }).toBeGreaterThan(0);
    return w.held.shift()!;
  };
  const dialog = confirmation(w);
  switch (true) {
    case event.type === 'ASK':
      w.action = event.action as 'remit' | 'reverse';
      await batchRow(w)
        .getByRole('button', {
          name: ja(w.action === 'reverse' ? 'payoutBatches.reverse' : 'payoutBatches.markRemitted'),
        })
        .click();
      return;
    case event.type === 'ACKNOWLEDGE':
    case event.type === 'UNACKNOWLEDGE':
      await dialog.getByText(ja('payoutBatches.earlyAcknowledge')).click();
      return;
    case event.type === 'SET_REASON':
      w.reason = String(event.reason);
      await dialog.getByLabel(ja('fields.reverseReason')).fill(w.reason);
      return;
    case event.type === 'CONFIRM':
      await dialog
        .getByRole('button', {
          name: ja(w.action === 'reverse' ? 'payoutBatches.reverse' : 'payoutBatches.markRemitted'),
          exact: true,
        })
        .click();
      return;
    case event.type === 'CANCEL':
      await dialog.getByRole('button', { name: ja('common.cancel') }).click();
      return;
    case event.type === 'CLOSE':
      await dialog.getByRole('button', { name: ja('common.close') }).click();
      return;
    case event.type.startsWith('xstate.done.actor.'):
      await (await next()).continue();
      return;
    case event.type.startsWith('xstate.error.actor.'): {
      const held = await next();
      const label = (event.error as { label?: string }).label;
      if (label === 'network') {
        await held.abort('failed');
        return;
      }
      // Another operator moved the batch on first: the server refuses the held call.
      if (event.type === 'xstate.error.actor.remitBatch')
        await apiRemit(w.api, w.other.token, 'merchant', w.batch.id);
      else await apiReverse(w.api, w.other.token, 'merchant', w.batch.id);
      await held.continue();
      return;
    }
    default:
      throw new Error(`no browser action for ${event.type}`);
  }
}

const paths = payoutBatchPaths();
const covering = payoutBatchCoveringSet(paths);
let admin: ApiSession;
let other: ApiSession;

test.beforeAll(async ({ request: api }) => {
  admin = await apiLogin(api, 'admin');
  other = await apiLogin(api, 'admin');
});

test.describe('payout batch paths', () => {
  namePaths(paths).forEach(({ name, path }) => {
    if (!covering.walks.includes(path)) return;
    const steps = path.steps as unknown as Step[];
    test(name, async ({ browser, request: api, baseURL }) => {
      const settlement = await freeSettlement(api, admin.token);
      const transferDate = nextTransferDate();
      const made = await apiCheckout(api, admin.token, 'merchant', [settlement.id], transferDate);
      expect(made.resultType, made.resultMessage).toBe('SUCCESS');
      const batch = made.result.batch;
      const context = await browser.newContext({ baseURL, storageState: storageOf(baseURL!, admin) });
      const page = await context.newPage();
      const w: Walk = { page, batch, held: [], action: null, reason: '', other, api };
      await page.route(CALLS, (route) => void w.held.push(route));
      try {
        // On the transfer date (Tokyo) the bank has had the day: no early warning.
        if (steps.some((s) => s.event.type === 'ASK' && s.event.label === 'remit due'))
          await page.clock.setFixedTime(new Date(`${transferDate}T10:00:00+09:00`));
        await page.goto(`/settle/actuarial?batch=${batch.id}`);
        await expect(page.getByText(ja('payoutBatches.onlyOne', { batch: batch.id }))).toBeVisible();
        await expect(batchRow(w)).toContainText(ja('payoutBatches.statuses.checkedOut'));
        for (const step of steps) {
          if (step.event.type === 'xstate.init') continue;
          await test.step(`${step.event.type} ⇒ ${JSON.stringify(step.state.value)}`, async () => {
            await perform(w, step);
            await checkState(w, step.state, step.event);
          });
        }
      } finally {
        for (const r of w.held.splice(0)) await r.abort().catch(() => undefined);
        await context.close();
        // A batch still awaiting the bank is reversed: its settlement is free for the next walk.
        const now = (await apiBatches(api, admin.token, 'merchant')).find((b) => b.id === batch.id);
        if (now?.status === 'checkedOut') await apiReverse(api, admin.token, 'merchant', batch.id);
      }
    });
  });
});
