/**
 * The file upload machine's test paths (tests/machines/fileUpload.model.ts) walked in Chromium
 * against the real server. All paths are the vitest model test's; here their covering set
 * (`fileUploadCoveringSet`: every state, transition and server answer at least once;
 * tests/machines/coveringSets.test.ts fails when one has no walk), one test per walk.
 *
 * Where: the model's dialog needs a company before it sends (its input has none chosen), as the
 * bulk creation of URL payments does for sysop, who works for every company. That dialog offers
 * its send button only once a file and a company are chosen, so a walk that sends without a file
 * is walked in the bank deposits import (the system admin's, the file alone), whose Import asks
 * for the file at its field.
 *
 * How the steps are mapped
 * - CHOOSE(a file): a CSV set on the file field — rows the server refuses when the walk's answer
 *   is error:send(bad rows), else one good row; CHOOSE(none): the choice cleared.
 * - FILL(company): the company chosen (株式会社みなと書店); FILL(no company): back to "choose".
 * - SEND / CANCEL: the dialog's buttons. The upload is held (`page.route`) until the next step:
 *   done:send and error:send(bad rows) let it through to the server, which creates the row or
 *   names the bad one. A failure without a message is not walked (`fileUploadNotWalkable`: the
 *   console's client gives every failure one).
 */
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { PAY_LINK_COLUMNS } from '../../src/contract/links';
import type { FileUploadContext } from '../../src/machines/fileUpload';
import { namePaths, type ModelEvent } from '../machines/harness';
import { fileUploadCoveringSet, fileUploadPaths } from '../machines/fileUpload.model';
import { csvFile } from './support/links';
import { apiLogin, ja, storageOf, toast, type ApiSession } from './support/ui';

type Step = { event: ModelEvent; state: AnyMachineSnapshot };
const run = String(Date.now()).slice(-6);
const COMPANY = '株式会社みなと書店';

interface Walk {
  page: Page;
  dialog: Locator;
  held: Route[];
  /** The bulk creation (company and file) or the deposits import (the file alone). */
  where: 'links' | 'deposits';
  /** The walk's file: refused by the server (bad rows) or taken. */
  bad: boolean;
  n: number;
}

const sendButton = (w: Walk) =>
  w.dialog.getByRole('button', {
    name: ja(w.where === 'links' ? 'links.upload.send' : 'payouts.importButton'),
  });
const fileInput = (w: Walk) => w.dialog.locator('input[type=file]');

async function checkState(w: Walk, s: AnyMachineSnapshot) {
  const { page, dialog } = w;
  const c = s.context as FileUploadContext<unknown>;
  if (s.matches('done')) {
    await expect(dialog).toBeHidden();
    await expect(toast(page, ja('links.upload.created', { count: 1 }))).toBeVisible();
    return;
  }
  if (s.matches('closed')) {
    await expect(dialog).toBeHidden();
    return;
  }
  await expect(dialog).toBeVisible();
  const cancel = dialog.getByRole('button', { name: ja('common.cancel') });
  if (s.hasTag('busy')) {
    await expect(sendButton(w)).toBeDisabled();
    await expect(cancel).toBeDisabled();
    await expect(fileInput(w)).toBeDisabled();
    return;
  }
  await expect(cancel).toBeEnabled();
  await expect(fileInput(w)).toBeEnabled();
  // The bulk creation offers Send only when ready (a file and a company); Import always.
  if (w.where === 'links' && (c.file === null || c.form === null)) await expect(sendButton(w)).toBeDisabled();
  else await expect(sendButton(w)).toBeEnabled();
  const required = dialog.getByText(ja('validation.required', { field: ja('payouts.file') }));
  await expect(required).toHaveCount(s.matches({ choosing: 'missing' }) ? 1 : 0);
  const badRows = dialog.getByRole('table', { name: ja('links.upload.badRows') });
  if (s.matches({ choosing: 'refused' })) {
    // The server's refusal: its message, every bad row, nothing created.
    await expect(badRows).toBeVisible();
    await expect(badRows.locator('tbody tr td:first-child')).toHaveText(['2']);
    await expect(dialog.getByText(ja('links.upload.nothingCreated'))).toBeVisible();
  } else {
    await expect(badRows).toHaveCount(0);
    await expect(dialog.getByText(ja('links.upload.nothingCreated'))).toHaveCount(0);
  }
}

async function perform(w: Walk, { event }: Step) {
  const next = async () => {
    await expect.poll(() => w.held.length, { message: 'an upload request' }).toBeGreaterThan(0);
    return w.held.shift()!;
  };
  const company = w.dialog.getByLabel(ja('fields.companyId'), { exact: true });
  switch (true) {
    case event.type === 'CHOOSE':
      if (event.file === null) await fileInput(w).setInputFiles([]);
      else
        await fileInput(w).setInputFiles(
          csvFile(`walk-${w.n}.csv`, [
            [...PAY_LINK_COLUMNS],
            PAY_LINK_COLUMNS.map(
              (column) =>
                ({
                  clientOrderNo: `E2E-FU-${run}-${w.n}`,
                  amount: w.bad ? 'abc' : '1500',
                  currency: 'JPY',
                  subject: w.bad ? '金額が数字でない' : `一括 ${w.n}`,
                  expireHours: w.bad ? '' : '48',
                })[column as string] ?? '',
            ),
          ]),
        );
      return;
    case event.type === 'FILL':
      if (event.form === null) await company.selectOption('');
      else await company.selectOption({ label: COMPANY });
      return;
    case event.type === 'SEND':
      await sendButton(w).click();
      return;
    case event.type === 'CANCEL':
      await w.dialog.getByRole('button', { name: ja('common.cancel') }).click();
      return;
    case event.type === 'xstate.done.actor.send':
      await (await next()).continue();
      return;
    case event.type === 'xstate.error.actor.send':
      // The walk's file has a bad row: the server refuses it (fileUploadNotWalkable leaves out
      // the failure without a message).
      await (await next()).continue();
      return;
    default:
      throw new Error(`no browser action for ${event.type}`);
  }
}

const paths = fileUploadPaths();
const covering = fileUploadCoveringSet(paths);
let sysop: ApiSession;
let admin: ApiSession;

test.beforeAll(async ({ request }) => {
  sysop = await apiLogin(request, 'sysop');
  admin = await apiLogin(request, 'admin');
});

test.describe('file upload paths', () => {
  namePaths(paths).forEach(({ name, path }, n) => {
    if (!covering.walks.includes(path)) return;
    const steps = path.steps as unknown as Step[];
    test(name, async ({ browser, baseURL }) => {
      // Sending without a file: only the deposits import lets one press Import then.
      const firstFile = steps.findIndex((s) => s.event.type === 'CHOOSE' && s.event.file !== null);
      const firstSend = steps.findIndex((s) => s.event.type === 'SEND');
      const where: Walk['where'] =
        firstSend >= 0 && (firstFile < 0 || firstSend < firstFile) ? 'deposits' : 'links';
      const session = where === 'links' ? sysop : admin;
      const context = await browser.newContext({ baseURL, storageState: storageOf(baseURL!, session) });
      const page = await context.newPage();
      const held: Route[] = [];
      await page.route(
        where === 'links' ? '**/api/pay/pay/uploadFile' : '**/api/settle/brand/deposits/upload',
        (route) => void held.push(route),
      );
      try {
        if (where === 'links') {
          await page.goto('/manage/url');
          await page.getByRole('button', { name: ja('links.upload.open') }).click();
        } else {
          await page.goto('/settle/brand/deposits');
          await page.getByRole('button', { name: ja('payouts.importDeposits') }).click();
        }
        const dialog = page.getByRole('dialog', {
          name: ja(where === 'links' ? 'links.url.uploadTitle' : 'payouts.importTitle'),
        });
        const bad = steps.some(
          (s) =>
            s.event.type === 'xstate.error.actor.send' &&
            (s.event.error as { label?: string }).label === 'bad rows',
        );
        const w: Walk = { page, dialog, held, where, bad, n };
        await checkState(w, steps[0].state);
        for (const step of steps) {
          if (step.event.type === 'xstate.init') continue;
          await test.step(`${step.event.type} ⇒ ${JSON.stringify(step.state.value)}`, async () => {
            await perform(w, step);
            await checkState(w, step.state);
          });
        }
      } finally {
        for (const r of held.splice(0)) await r.abort().catch(() => undefined);
        await context.close();
      }
    });
  });
});
