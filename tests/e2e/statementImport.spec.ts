/**
 * The statement import machine's paths (tests/machines/statementImport.model.ts) walked in
 * Chromium against the real server, from the Import statement button of the wallet group's
 * imports page (/history/walletCheck/imports), as the system admin (signed in once through the
 * API). All shortest paths are the vitest model test's; here their covering set
 * (`statementImportCoveringSet`: every state, transition and answer at least once;
 * tests/machines/coveringSets.test.ts fails when one has no walk), each checked after each step
 * as a user sees it.
 *
 * How the steps are mapped
 * - SUBMIT(a file): choose tests/fixtures/statements/wechat-utf8bom.csv and press Import; when
 *   the walk's import is to be refused, a copy with an unknown status on line 2, the brand
 *   WeChat Pay and the day 2025-04-01 chosen; when the upload is to be refused, a file with a NUL
 *   byte (not a text file: one render of the server's refusal at the field; every refusal of an
 *   upload — too large, binary, empty, another brand's — is proved in
 *   tests/server/statementImports.test.ts).
 *   SUBMIT(no file): the Import button stays disabled while no file is chosen.
 * - Upload and read requests are held (`page.route`) until the step that answers them.
 *   done:uploadStatement: the upload goes through. error:uploadStatement(too large): it goes
 *   through (the server refuses the file at its field); (network): it fails on the network.
 * - done:readImport(matched / refused): the read goes through once the server's import has
 *   ended. (reading the file / failed on the server): the server's reply with its status
 *   rewritten (a fixture file is read in milliseconds, and nothing a user does fails a worker).
 *   error:readImport: the read fails on the network. after:pollInterval: Playwright's clock,
 *   paused once the running import was read, runs the poll's second; the next read arrives.
 * - RETRY, AGAIN, CANCEL, CLOSE: the dialog's buttons.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { StatementImportView } from '../../src/contract/statementImports';
import { IMPORT_POLL_MS } from '../../src/machines/statementImport';
import { namePaths, type ModelEvent } from '../machines/harness';
import { statementImportCoveringSet, statementImportPaths } from '../machines/statementImport.model';
import { apiLogin, ja, storageOf, type ApiSession } from './support/ui';

type Step = { event: ModelEvent; state: AnyMachineSnapshot };
const paths = statementImportPaths();
const covering = statementImportCoveringSet(paths);
const WALKS = namePaths(paths)
  .filter(({ path }) => covering.walks.includes(path))
  .map(({ name, path }) => ({
    name,
    steps: path.steps.map((s) => ({ event: s.event as ModelEvent, state: s.state })) as Step[],
  }));
const outputLabel = (e: ModelEvent) => (e.output as { label?: string } | undefined)?.label ?? null;
const errorLabel = (e: ModelEvent) => (e.error as { label?: string } | undefined)?.label ?? null;

const GOOD = readFileSync('tests/fixtures/statements/wechat-utf8bom.csv');
const CORRUPT = Buffer.from(GOOD.toString('utf8').replace('`SUCCESS', '`NOT-A-STATUS'));
/** Not a text file (a NUL byte): refused at the file field. */
const BINARY = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]);

/** Holds the requests to one call until a step answers them. */
class Held {
  private readonly routes: Route[] = [];
  constructor(
    private readonly page: Page,
    private readonly call: string,
  ) {}
  async install() {
    await this.page.route(`**/api/history/walletCheck/import/${this.call}`, (route) => {
      this.routes.push(route);
    });
  }
  async next() {
    await expect.poll(() => this.routes.length, { message: `a ${this.call} request` }).toBeGreaterThan(0);
    return this.routes.shift()!;
  }
  get waiting() {
    return this.routes.length;
  }
  async release() {
    await (await this.next()).continue();
  }
  async fail() {
    await (await this.next()).abort('failed');
  }
  /** The read answered when the server's import has ended, or with its status rewritten. */
  async answer(rewrite?: Partial<StatementImportView>) {
    const route = await this.next();
    for (let i = 0; ; i++) {
      const response = await route.fetch();
      const body = (await response.json()) as { result: StatementImportView };
      const status = body.result?.status;
      if (rewrite || ['done', 'refused', 'failed'].includes(status) || i > 50) {
        const result = rewrite ? { ...body.result, ...rewrite } : body.result;
        return route.fulfill({ response, json: { ...body, result } });
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** The system admin, signed in once: no walk is about signing in. */
let admin: ApiSession;

test.beforeAll(async ({ request }) => {
  admin = await apiLogin(request, 'admin');
});

for (const { name, steps } of WALKS) {
  test(name, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, storageState: storageOf(baseURL!, admin) });
    const page = await context.newPage();
    // The poll's second on Playwright's clock: it flows as real time until a walk pauses it.
    await page.clock.install();
    let paused = false;
    const upload = new Held(page, 'upload');
    const read = new Held(page, 'get');
    await upload.install();
    await read.install();
    await page.goto('/history/walletCheck/imports');
    await page.getByRole('button', { name: ja('reconciliation.imports.open'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: ja('reconciliation.imports.title') });
    await expect(dialog).toBeVisible();
    const button = (key: string) => dialog.getByRole('button', { name: ja(key), exact: true });
    const refusedLater = steps.some((s) => outputLabel(s.event) === 'refused');
    let refusedUpload = steps.some((s) => errorLabel(s.event) === 'not a text file');

    for (const { event, state } of steps) {
      if (paused && event.type !== 'xstate.after.pollInterval.statementImport.waiting') {
        await page.clock.resume();
        paused = false;
      }
      switch (event.type) {
        case 'xstate.init':
          break;
        case 'SUBMIT':
          if (event.file === null) {
            await expect(button('reconciliation.imports.submit')).toBeDisabled();
            break;
          }
          if (refusedUpload) {
            refusedUpload = false;
            await dialog.locator('input[type=file]').setInputFiles({
              name: 'statement.csv',
              mimeType: 'text/csv',
              buffer: BINARY,
            });
          } else if (refusedLater) {
            await dialog.locator('input[type=file]').setInputFiles({
              name: 'corrupt.csv',
              mimeType: 'text/csv',
              buffer: CORRUPT,
            });
            await dialog.getByLabel(ja('reconciliation.imports.brand')).selectOption('wechat');
            await dialog.getByLabel(ja('reconciliation.imports.day')).fill('2025-04-01');
          } else {
            await dialog.locator('input[type=file]').setInputFiles({
              name: 'wechat-utf8bom.csv',
              mimeType: 'text/csv',
              buffer: GOOD,
            });
          }
          await button('reconciliation.imports.submit').click();
          break;
        case 'xstate.done.actor.uploadStatement':
          await upload.release();
          break;
        case 'xstate.error.actor.uploadStatement':
          if (errorLabel(event) === 'network') await upload.fail();
          else await upload.release();
          break;
        case 'xstate.done.actor.readImport': {
          const label = outputLabel(event);
          if (label === 'reading the file') {
            // Still running: the clock stops here, so the next read waits for the poll's second.
            await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1));
            paused = true;
            await read.answer({ status: 'parsing', rowsDone: 1000, rowsTotal: null });
          } else if (label === 'failed on the server')
            await read.answer({ status: 'failed', refusal: null, counts: null });
          else await read.answer();
          break;
        }
        case 'xstate.error.actor.readImport':
          await read.fail();
          break;
        case 'xstate.after.pollInterval.statementImport.waiting':
          // Nothing is read again before the second has passed; then the import is read again.
          expect(read.waiting).toBe(0);
          await page.clock.runFor(IMPORT_POLL_MS);
          await expect.poll(() => read.waiting).toBeGreaterThan(0);
          break;
        case 'RETRY':
          await button('reconciliation.imports.retry').click();
          break;
        case 'AGAIN':
          await button('reconciliation.imports.another').click();
          break;
        case 'CANCEL':
          await button('reconciliation.imports.cancel').click();
          break;
        case 'CLOSE':
          await button('reconciliation.imports.close').click();
          break;
        default:
          throw new Error(`no user action for ${event.type}`);
      }
      await expectState(page, state);
    }
    await context.close();
  });
}

/** What a user sees in each state (statementImportTestMap). */
async function expectState(page: Page, state: AnyMachineSnapshot) {
  const dialog = page.getByRole('dialog', { name: ja('reconciliation.imports.title') });
  const submit = dialog.locator('button[type=submit]');
  if (state.matches('closed')) {
    await expect(dialog).toBeHidden();
    return;
  }
  await expect(dialog).toBeVisible();
  if (state.matches('choosing')) {
    await expect(dialog.getByText(ja('reconciliation.imports.file'))).toBeVisible();
    if (state.matches('choosing.invalid'))
      await expect(dialog.getByText(ja('server.statementImports.binary'))).toBeVisible();
  }
  if (state.matches('uploading')) await expect(submit).toBeDisabled();
  if (state.matches('watching') || state.matches('waiting')) {
    const status = dialog.getByRole('status');
    await expect(status).toBeVisible();
    if (state.matches('waiting')) {
      await expect(status).toContainText(ja('reconciliation.imports.statuses.parsing'));
      await expect(status).toContainText(ja('reconciliation.imports.rowsRead', { count: 1000 }));
    }
  }
  if (state.matches('done')) {
    await expect(
      dialog.getByText(ja('reconciliation.imports.doneTitle', { brand: 'WeChat Pay', day: '2025-04-01' })),
    ).toBeVisible();
    // The fixture's two rows are none of ours: gateway history missing.
    await expect(dialog.locator('tr[data-code="200"]')).toContainText('2');
  }
  if (state.matches('refused')) {
    await expect(
      dialog.getByText(
        ja('reconciliation.imports.refusalAt', {
          line: 2,
          reason: ja('reconciliation.imports.reasons.status'),
        }),
      ),
    ).toBeVisible();
    await expect(
      dialog.getByText(ja('reconciliation.imports.refusedTitle', { brand: 'WeChat Pay', day: '2025-04-01' })),
    ).toBeVisible();
  }
  if (state.matches('failed')) {
    await expect(dialog.getByText(ja('reconciliation.imports.failedTitle'))).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: ja('reconciliation.imports.retry'), exact: true }),
    ).toBeVisible();
  }
}
