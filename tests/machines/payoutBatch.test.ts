import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  payoutBatchMachine,
  payoutBatchTestMap,
  type PayoutBatchContext,
} from '../../src/machines/payoutBatch';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import { batches, failures, input, payoutBatchPaths, REASON, TRANSFER_DATE } from './payoutBatch.model';

const paths = payoutBatchPaths();

describe('payout batch paths', () => {
  for (const { name, path } of namePaths(paths)) {
    it(name, async () => {
      const run = new WorkflowRun(payoutBatchMachine, input, {});
      const context = () => run.snapshot.context as PayoutBatchContext;
      const can = (type: string) => run.snapshot.can({ type } as never);
      const busy = (actor: string, call: unknown) => {
        expect(run.snapshot.hasTag('busy')).toBe(true);
        expect(can('CANCEL')).toBe(false);
        expect(run.calls.at(-1)).toEqual({ actor, input: call });
      };
      const checks: PathChecks = {
        states: {
          idle: () => {
            expect(context()).toEqual({
              kind: 'merchant',
              action: null,
              batch: null,
              early: false,
              reason: '',
              movedTo: null,
              error: null,
            });
          },
          confirming: () => {
            // Only a batch awaiting the bank is ever asked about.
            expect(context().batch).toEqual(batches.open);
            expect(can('CANCEL')).toBe(true);
          },
          'confirming.remit': () => {
            expect([context().action, context().early]).toEqual(['remit', false]);
            expect(can('CONFIRM')).toBe(true);
          },
          'confirming.early': () => {
            expect([context().action, context().early]).toEqual(['remit', true]);
          },
          // Not confirmed before the operator ticked that the bank has transferred it.
          'confirming.early.unacknowledged': () => expect(can('CONFIRM')).toBe(false),
          'confirming.early.acknowledged': () => expect(can('CONFIRM')).toBe(true),
          'confirming.reverse': () => {
            expect(context().action).toBe('reverse');
            expect(can('CONFIRM')).toBe(context().reason.trim().length > 0);
          },
          remitting: () => busy('remitBatch', { kind: 'merchant', id: batches.open.id }),
          reversing: () => busy('reverseBatch', { kind: 'merchant', id: batches.open.id, reason: REASON }),
          failed: () => {
            expect(context().error).toBe(failures.network.message);
            expect(can('CONFIRM')).toBe(true);
            expect(can('CANCEL')).toBe(true);
          },
          conflict: () => {
            expect(context().movedTo).toBe(context().action === 'remit' ? 'remitted' : 'reversed');
            expect(context().error).toBe(failures.conflict.message);
            expect(can('CONFIRM')).toBe(false);
            expect(can('CLOSE')).toBe(true);
          },
        },
        steps: {
          ASK: ({ event, before, after, callsBefore, run: r }) => {
            const batch = event.batch as typeof batches.open;
            // A remitted or reversed batch allows nothing: the ask is ignored.
            if (batch.status !== 'checkedOut') expect(after.value).toEqual(before.value);
            // Early exactly when the transfer date is after the day it is asked on.
            else if (event.action === 'remit')
              expect(after.matches('confirming.early')).toBe(String(event.today) < TRANSFER_DATE);
            expect(r.calls).toHaveLength(callsBefore);
          },
          'xstate.done.actor.remitBatch': ({ emitted, before }) => {
            expect(emitted).toEqual([
              {
                type: 'done',
                action: 'remit',
                batch: { label: 'remitted', ...batches.remitted },
              },
            ]);
            expect((before.context as PayoutBatchContext).action).toBe('remit');
          },
          'xstate.done.actor.reverseBatch': ({ emitted }) => {
            expect(emitted).toEqual([
              { type: 'done', action: 'reverse', batch: { label: 'reversed', ...batches.reversed } },
            ]);
          },
          // A conflict has the list read again; a failure changes nothing the list shows.
          'xstate.error.actor.remitBatch': ({ emitted, after }) =>
            expect(emitted).toEqual(after.matches('conflict') ? [{ type: 'changed' }] : []),
          'xstate.error.actor.reverseBatch': ({ emitted, after }) =>
            expect(emitted).toEqual(after.matches('conflict') ? [{ type: 'changed' }] : []),
          CONFIRM: ({ run: r, callsBefore, before, after }) => {
            const sent = after.hasTag('busy') ? 1 : 0;
            expect(r.calls).toHaveLength(callsBefore + sent);
            if (!sent) expect(after.value).toEqual(before.value);
          },
          CANCEL: ({ run: r, callsBefore }) => expect(r.calls).toHaveLength(callsBefore),
        },
      };
      await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
    });
  }

  it('the generated paths take every transition and guarded branch the machine defines', () => {
    const coverage = coveredTransitions(payoutBatchMachine, paths);
    expect(coverage.missing).toEqual([]);
    expect(coverage.covered).toEqual(
      expect.arrayContaining([
        'idle ASK #1(mayReverse)',
        'idle ASK #2(mayRemitEarly)',
        'idle ASK #3(mayRemit)',
        'failed CONFIRM #1(isRemit)',
        'failed CONFIRM #2(reasonGiven)',
      ]),
    );
  });
});

it('the payout batch test map describes every state and event', () => {
  expect(Object.keys(payoutBatchTestMap.states).sort()).toEqual(stateKeys(payoutBatchMachine).sort());
  const handled = new Set(coveredTransitions(payoutBatchMachine, []).defined.map((d) => d.split(' ')[1]));
  expect([...handled].filter((e) => !(e in payoutBatchTestMap.events))).toEqual([]);
});
