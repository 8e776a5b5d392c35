import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  operatorActionMachine,
  operatorActionTestMap,
  type OperatorActionContext,
} from '../../src/machines/operatorAction';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import { account, actions, created, failures, operatorActionPaths, replies } from './operatorAction.model';

const paths = operatorActionPaths();

/** The call each action makes, with its input. */
const callOf = (action: OperatorActionContext['action']) =>
  action?.kind === 'delete'
    ? { actor: 'deleteOperators', input: { ids: actions.delete.ids } }
    : action?.kind === 'resetPassword'
      ? { actor: 'resetPassword', input: { id: account.id, which: action.which } }
      : { actor: 'resetMfa', input: { id: account.id } };

describe('operator action paths', () => {
  for (const { name, path } of namePaths(paths)) {
    it(name, async () => {
      const run = new WorkflowRun(operatorActionMachine, undefined, {});
      const context = () => run.snapshot.context as OperatorActionContext;
      const can = (type: string) => run.snapshot.can({ type } as never);
      const busy = () => {
        expect(run.snapshot.hasTag('busy')).toBe(true);
        expect(can('CANCEL')).toBe(false);
        expect(run.calls.at(-1)).toEqual(callOf(context().action));
      };
      const checks: PathChecks = {
        states: {
          idle: () => {
            // Nothing asked, and no password kept once its dialog has closed.
            expect(context()).toEqual({ action: null, secret: null, error: null });
          },
          confirming: () => {
            expect(context().action).not.toBeNull();
            expect(can('CONFIRM')).toBe(true);
            expect(can('CANCEL')).toBe(true);
          },
          deleting: () => {
            expect(context().action?.kind).toBe('delete');
            busy();
          },
          resettingPassword: () => {
            expect(context().action?.kind).toBe('resetPassword');
            busy();
          },
          resettingMfa: () => {
            expect(context().action?.kind).toBe('resetMfa');
            busy();
          },
          failed: () => {
            expect(context().error).toBe(failures.refused.message);
            expect(context().secret).toBeNull();
            expect(can('CONFIRM')).toBe(true);
          },
          shown: () => {
            const { secret, action } = context();
            if (action === null) expect(secret).toEqual({ ...created, which: 'initial' });
            else
              expect(secret).toEqual({
                loginId: account.loginId,
                password: replies.reset.password,
                which: action.kind === 'resetPassword' ? action.which : 'none',
              });
            expect(can('DISMISS')).toBe(true);
            expect(can('CONFIRM')).toBe(false);
          },
        },
        steps: {
          'xstate.done.actor.deleteOperators': ({ emitted }) => {
            // The list reloads and says how many were deleted.
            expect(emitted).toEqual([{ type: 'done', action: actions.delete }]);
          },
          'xstate.done.actor.resetMfa': ({ emitted }) => {
            expect(emitted).toEqual([{ type: 'done', action: actions.resetMfa }]);
          },
          'xstate.done.actor.resetPassword': ({ emitted, before }) => {
            // The list reloads (the account now must change it).
            expect(emitted).toEqual([
              { type: 'done', action: (before.context as OperatorActionContext).action },
            ]);
          },
          'xstate.error.actor.deleteOperators': ({ emitted }) => expect(emitted).toEqual([]),
          'xstate.error.actor.resetPassword': ({ emitted }) => expect(emitted).toEqual([]),
          'xstate.error.actor.resetMfa': ({ emitted }) => expect(emitted).toEqual([]),
          CONFIRM: ({ run: r, callsBefore }) => {
            expect(r.calls).toHaveLength(callsBefore + 1);
          },
          CANCEL: ({ run: r, callsBefore }) => {
            expect(r.calls).toHaveLength(callsBefore);
          },
          SHOW: ({ run: r, callsBefore }) => {
            // Shown from the create form's reply: no call of its own.
            expect(r.calls).toHaveLength(callsBefore);
          },
        },
      };
      await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
    });
  }

  it('the generated paths take every transition and guarded branch the machine defines', () => {
    const coverage = coveredTransitions(operatorActionMachine, paths);
    expect(coverage.missing).toEqual([]);
    expect(coverage.covered).toContain('confirming CONFIRM #1(isDelete)');
    expect(coverage.covered.filter((c) => c.startsWith('failed CONFIRM'))).toHaveLength(3);
  });
});

it('the operator action test map describes every state and event', () => {
  expect(Object.keys(operatorActionTestMap.states).sort()).toEqual(stateKeys(operatorActionMachine).sort());
  const handled = new Set(coveredTransitions(operatorActionMachine, []).defined.map((d) => d.split(' ')[1]));
  expect([...handled].filter((e) => !(e in operatorActionTestMap.events))).toEqual([]);
});
