import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  checkoutSelection,
  conflictOf,
  settlementCheckoutMachine,
  settlementCheckoutTestMap,
  type SettlementCheckoutContext,
} from '../../src/machines/settlementCheckout';
import type { CheckoutRequest } from '../../src/contract/settlements';
import {
  apiErrorOf,
  coveredTransitions,
  namePaths,
  stateKeys,
  walk,
  WorkflowRun,
  type PathChecks,
} from './harness';
import {
  DOLLARS,
  NOT_OFFERED,
  TRANSFER_DATES,
  UNWRITABLE,
  YEN,
  ZERO,
  batch,
  checkoutPaths,
  failures,
  input,
  nonePayable,
  numberOf,
  outcome,
  password,
  preview,
} from './settlementCheckout.model';

const paths = checkoutPaths();

describe('settlement checkout paths', () => {
  for (const { name, path } of namePaths(paths)) {
    it(name, async () => {
      const run = new WorkflowRun(settlementCheckoutMachine, input, {});
      const context = () => run.snapshot.context as SettlementCheckoutContext;
      const can = (event: Record<string, unknown> & { type: string }) => run.snapshot.can(event as never);
      const lastCall = () => run.calls.at(-1);
      /** Nothing was made: the refund password is forgotten, the dialog offers no download. */
      const nothingMade = () => {
        expect(context().password).toBeNull();
        expect(context().outcome).toBeNull();
        expect(run.emitted.filter((e) => e.type === 'checkedOut')).toEqual([]);
      };
      const checks: PathChecks = {
        states: {
          loading: () => {
            expect(run.snapshot.hasTag('busy')).toBe(true);
            expect(lastCall()).toEqual({
              actor: 'checkoutPreview',
              input: { kind: 'merchant', ids: input.ids },
            });
            expect(context().password).toBeNull();
            expect([context().error, context().conflict, context().rejection]).toEqual([null, null, null]);
            expect(can({ type: 'CANCEL' })).toBe(true);
          },
          loadFailed: () => {
            expect(context().error).toBe(failures.preview.message);
            expect(run.snapshot.hasTag('busy')).toBe(false);
            expect(can({ type: 'RETRY' })).toBe(true);
            expect(can({ type: 'NEXT' })).toBe(false);
          },
          choosing: () => {
            const shown = checkoutSelection(context());
            const read = context().preview!;
            // The unpayable ones are named with their reasons and can never be put in.
            expect(shown.unpayable.map((i) => i.id)).toEqual(
              read.items.filter((i) => i.unpayable.length).map((i) => i.id),
            );
            for (const { id } of shown.unpayable) {
              expect(can({ type: 'DESELECT', id })).toBe(false);
              expect(can({ type: 'SELECT', id })).toBe(false);
            }
            // Each payable one can be left out, or put back in: never both.
            for (const { id } of shown.payable) {
              const inPayout = shown.selected.some((i) => i.id === id);
              expect(can({ type: 'DESELECT', id })).toBe(inPayout);
              expect(can({ type: 'SELECT', id })).toBe(!inPayout);
            }
            // Totals of what is still in; the server's own while nothing is left out.
            const sum = shown.selected.reduce((s, i) => s + i.transferAmount, 0);
            expect(shown.totals.reduce((s, t) => s + t.amount, 0)).toBe(sum);
            if (context().deselected.length === 0) expect(shown.totals).toEqual(read.totals);
            // Next only while something can still be paid.
            expect(can({ type: 'NEXT' })).toBe(shown.selected.length > 0);
            expect(TRANSFER_DATES).toContain(context().transferDate);
          },
          reviewing: () => {
            expect(checkoutSelection(context()).selected.length).toBeGreaterThan(0);
            expect(TRANSFER_DATES).toContain(context().transferDate);
            expect(can({ type: 'SET_DATE', date: NOT_OFFERED })).toBe(false);
            expect(can({ type: 'SET_DATE', date: TRANSFER_DATES[2] })).toBe(true);
          },
          authorising: () => {
            expect(context().password).toBeNull();
            expect(context().rejection).toBeNull();
            expect(can({ type: 'SUBMIT', password: '' })).toBe(false);
            expect(can({ type: 'SUBMIT', password })).toBe(true);
          },
          submitting: () => {
            expect(run.snapshot.hasTag('busy')).toBe(true);
            const request: CheckoutRequest = {
              kind: 'merchant',
              ids: checkoutSelection(context()).selected.map((i) => i.id),
              transferDate: context().transferDate,
              batchKey: input.batchKey,
              password,
            };
            expect(lastCall()).toEqual({ actor: 'checkout', input: request });
            // Only payable settlements still in this payout are sent.
            expect(request.ids).not.toContain(ZERO);
            expect(request.ids).not.toContain(UNWRITABLE);
            // Nothing to cancel or go back to while the server makes it.
            for (const type of ['CANCEL', 'BACK', 'RETRY', 'REFRESH']) expect(can({ type })).toBe(false);
          },
          done: () => {
            expect(context().outcome?.batch).toEqual(batch);
            expect(context().password).toBeNull();
            expect(run.emitted.filter((e) => e.type === 'checkedOut')).toEqual([
              { type: 'checkedOut', kind: 'merchant', batch, created: context().outcome?.created },
            ]);
            expect(can({ type: 'DOWNLOAD', currency: 'JPY' })).toBe(true);
            expect(can({ type: 'DOWNLOAD', currency: 'EUR' })).toBe(false);
            expect(can({ type: 'CLOSE' })).toBe(true);
            // One batch for the dialog however often it was submitted: always the same key.
            for (const call of run.callsOf('checkout'))
              expect(call).toMatchObject({ batchKey: input.batchKey });
          },
          conflict: () => {
            expect(context().conflict).toEqual({
              message: failures.conflict.message,
              taken: [numberOf(DOLLARS)],
            });
            nothingMade();
            expect(can({ type: 'REFRESH' })).toBe(true);
            expect(can({ type: 'RETRY' })).toBe(false);
          },
          rejected: () => {
            nothingMade();
            expect(can({ type: 'CANCEL' })).toBe(true);
          },
          'rejected.wrongPassword': () => {
            expect(context().rejection).toEqual({
              reason: 'wrongPassword',
              message: failures.wrongPassword.message,
              triesLeft: 3,
            });
            expect(can({ type: 'RETRY' })).toBe(true);
          },
          'rejected.locked': () => {
            expect(context().rejection).toEqual({
              reason: 'locked',
              message: failures.locked.message,
              lockedUntil: failures.locked.result.lockedUntil,
            });
            expect(can({ type: 'RETRY' })).toBe(false);
          },
          'rejected.passwordReset': () => {
            expect(context().rejection).toEqual({
              reason: 'passwordReset',
              message: failures.passwordReset.message,
            });
            expect(can({ type: 'RETRY' })).toBe(false);
          },
          failed: () => {
            expect(context().error).toBe(failures.network.message);
            // Kept for the retry, which sends the same request.
            expect(context().password).toBe(password);
            expect(can({ type: 'RETRY' })).toBe(true);
            expect(can({ type: 'REFRESH' })).toBe(true);
          },
          closed: () => {
            expect(run.snapshot.status).toBe('done');
            expect(context().password).toBeNull();
          },
        },
        steps: {
          DOWNLOAD: ({ event, emitted }) => {
            // A file of the batch is asked of the screen; a currency it has no file of, never.
            const file = batch.files.find((f) => f.currency === event.currency);
            expect(emitted).toEqual(
              file
                ? [
                    {
                      type: 'download',
                      kind: 'merchant',
                      batchId: batch.id,
                      currency: file.currency,
                      fileName: file.fileName,
                    },
                  ]
                : [],
            );
          },
          RETRY: ({ before, after }) => {
            // After a failure the very same request goes again: same ids, date and batch key.
            if (before.matches('failed') && after.matches('submitting')) {
              const sent = run.callsOf('checkout');
              expect(sent.at(-1)).toEqual(sent.at(-2));
            }
          },
          'xstate.done.actor.checkout': ({ emitted, event }) => {
            const { created } = event.output as { created: boolean };
            expect(emitted).toEqual([{ type: 'checkedOut', kind: 'merchant', batch, created }]);
          },
          'xstate.error.actor.checkout': ({ emitted }) => {
            expect(emitted).toEqual([]);
          },
        },
      };
      await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
    });
  }
});

it('the generated paths take every transition and guarded branch the machine defines', () => {
  const coverage = coveredTransitions(settlementCheckoutMachine, paths);
  expect(coverage.missing).toEqual([]);
  // Each way the server can refuse or fail the checkout is its own branch, each one walked.
  expect(coverage.covered.filter((c) => c.startsWith('submitting xstate.error.actor.checkout'))).toEqual([
    'submitting xstate.error.actor.checkout #1(isConflict)',
    'submitting xstate.error.actor.checkout #2(isLocked)',
    'submitting xstate.error.actor.checkout #3(isPasswordReset)',
    'submitting xstate.error.actor.checkout #4(isWrongPassword)',
    'submitting xstate.error.actor.checkout #5(else)',
  ]);
});

describe('settlement checkout details', () => {
  /** Opens the dialog on the model's preview and walks it to the refund password. */
  async function authorised(start = input) {
    const run = new WorkflowRun(settlementCheckoutMachine, start, {});
    await run.perform({ type: 'xstate.done.actor.checkoutPreview', output: preview });
    await run.perform({ type: 'NEXT' });
    await run.perform({ type: 'NEXT' });
    await run.perform({ type: 'SUBMIT', password });
    return run;
  }

  it('a RETRY after a failure sends the same batch key (and the same request): never two batches', async () => {
    const run = await authorised();
    await run.perform({ type: 'xstate.error.actor.checkout', error: failures.network });
    await run.perform({ type: 'RETRY' });
    await run.perform({ type: 'xstate.error.actor.checkout', error: failures.network });
    await run.perform({ type: 'RETRY' });
    const sent = run.callsOf('checkout') as CheckoutRequest[];
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.batchKey))).toEqual(new Set([input.batchKey]));
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[2]).toEqual(sent[0]);
    // The server had made it the first time: the same batch comes back.
    await run.perform({ type: 'xstate.done.actor.checkout', output: outcome(false) });
    expect(run.snapshot.matches('done')).toBe(true);
    expect(run.emitted.filter((e) => e.type === 'checkedOut')).toHaveLength(1);
  });

  it('a conflict reads the selection again: the taken ones cannot be paid, the batch key stays', async () => {
    const run = await authorised();
    await run.perform({ type: 'xstate.error.actor.checkout', error: failures.conflict });
    expect(run.snapshot.matches('conflict')).toBe(true);
    await run.perform({ type: 'REFRESH' });
    expect(run.callsOf('checkoutPreview')).toEqual([
      { kind: 'merchant', ids: input.ids },
      { kind: 'merchant', ids: input.ids },
    ]);
    await run.perform({ type: 'xstate.done.actor.checkoutPreview', output: nonePayable });
    expect(run.snapshot.matches('choosing')).toBe(true);
    expect(run.snapshot.can({ type: 'NEXT' })).toBe(false);
    expect(checkoutSelection(run.snapshot.context as SettlementCheckoutContext).totals).toEqual([]);
  });

  it('sends only what is still in, with the chosen date; a date kept across a new read while offered', async () => {
    const run = new WorkflowRun(settlementCheckoutMachine, { ...input, kind: 'agent' }, {});
    await run.perform({ type: 'xstate.done.actor.checkoutPreview', output: preview });
    await run.perform({ type: 'DESELECT', id: DOLLARS });
    expect(checkoutSelection(run.snapshot.context as SettlementCheckoutContext).totals).toEqual([
      { currency: 'JPY', count: 1, amount: 11438 },
    ]);
    await run.perform({ type: 'NEXT' });
    await run.perform({ type: 'SET_DATE', date: TRANSFER_DATES[2] });
    await run.perform({ type: 'NEXT' });
    await run.perform({ type: 'SUBMIT', password });
    expect(run.callsOf('checkout')).toEqual([
      { kind: 'agent', ids: [YEN], transferDate: TRANSFER_DATES[2], batchKey: input.batchKey, password },
    ]);
    await run.perform({ type: 'xstate.error.actor.checkout', error: failures.network });
    await run.perform({ type: 'REFRESH' });
    await run.perform({ type: 'xstate.done.actor.checkoutPreview', output: preview });
    const context = run.snapshot.context as SettlementCheckoutContext;
    expect(context.transferDate).toBe(TRANSFER_DATES[2]);
    expect(context.deselected).toEqual([DOLLARS]);
    expect(context.password).toBeNull();
  });

  it('a wrong password is typed again; the refusal goes with the new try', async () => {
    const run = await authorised();
    await run.perform({ type: 'xstate.error.actor.checkout', error: failures.wrongPassword });
    await run.perform({ type: 'RETRY' });
    expect(run.snapshot.matches('authorising')).toBe(true);
    await run.perform({ type: 'SUBMIT', password: 'second-try' });
    expect(run.callsOf('checkout').at(-1)).toMatchObject({
      password: 'second-try',
      batchKey: input.batchKey,
    });
  });

  it('classifies the server’s refusals of a checkout', () => {
    expect(conflictOf(apiErrorOf(failures.conflict))).toEqual({
      message: failures.conflict.message,
      taken: [numberOf(DOLLARS)],
    });
    expect(
      conflictOf(apiErrorOf({ resultType: 'CONFLICT', message: 'x', result: { taken: [1, 'SM1'] } })),
    ).toEqual({ message: 'x', taken: ['SM1'] });
    expect(conflictOf(apiErrorOf({ resultType: 'CONFLICT', message: 'x' }))).toEqual({
      message: 'x',
      taken: [],
    });
    for (const other of [failures.wrongPassword, failures.locked, failures.passwordReset, failures.network]) {
      expect(conflictOf(apiErrorOf(other))).toBeNull();
    }
    expect(conflictOf(new Error('network down'))).toBeNull();
  });

  it('keeps no payable settlement out that is gone from the new read', () => {
    const shown = checkoutSelection({ preview: nonePayable, deselected: [YEN] });
    expect(shown.selected).toEqual([]);
    expect(shown.payable).toEqual([]);
    expect(shown.unpayable.map((i) => i.id)).toEqual([YEN, DOLLARS, ZERO, UNWRITABLE]);
  });
});

it('the settlement checkout test map describes every state and event', () => {
  expect(Object.keys(settlementCheckoutTestMap.states).sort()).toEqual(
    stateKeys(settlementCheckoutMachine).sort(),
  );
  const handled = new Set(
    coveredTransitions(settlementCheckoutMachine, []).defined.map((d) => d.split(' ')[1]),
  );
  expect([...handled].filter((e) => !(e in settlementCheckoutTestMap.events))).toEqual([]);
  expect(Object.keys(settlementCheckoutTestMap.events).filter((e) => !handled.has(e))).toEqual([]);
});
