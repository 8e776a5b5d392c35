import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  passwordChangeMachine,
  passwordChangeTestMap,
  type PasswordChangeContext,
} from '../../src/machines/passwordChange';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import { passwordChangePaths, values, type failures } from './passwordChange.model';

type Failure = (typeof failures)[keyof typeof failures];

for (const kind of ['login', 'refund'] as const) {
  const paths = passwordChangePaths(kind);
  describe(`${kind} password change paths`, () => {
    for (const { name, path } of namePaths(paths)) {
      it(name, async () => {
        // In the actor system beside the session, a refund and a refund approval waiting for the change.
        const run = new WorkflowRun(
          passwordChangeMachine,
          { kind },
          {},
          { peers: ['session', 'refund', 'refundApproval'] },
        );
        const context = () => run.snapshot.context as PasswordChangeContext;
        const checks: PathChecks = {
          states: {
            editing: () => {
              expect(context().error).toBeNull();
              expect(context().fieldErrors).toEqual({});
            },
            submitting: () => {
              expect(run.snapshot.hasTag('busy')).toBe(true);
              expect(run.calls.at(-1)).toEqual({ actor: 'changePassword', input: { kind, values } });
              expect(context().error).toBeNull();
            },
          },
          steps: {
            'xstate.error.actor.changePassword': ({ event, emitted }) => {
              const failure = event.error as Failure;
              expect(context().error).toBe(failure.message);
              expect(context().fieldErrors).toEqual('errors' in failure ? failure.errors : {});
              expect(emitted).toEqual([]);
              expect(run.received).toEqual([]);
            },
            'xstate.done.actor.changePassword': ({ emitted }) => {
              // A refund-password change ends every session (spec point 8); a login-password change does not.
              expect(emitted).toEqual([{ type: kind === 'refund' ? 'reloginRequired' : 'changed' }]);
              // It tells the session itself (no React glue): the session ends first, then the
              // refund and the approval waiting for the change learn it.
              expect(run.received).toEqual(
                kind === 'refund'
                  ? [
                      { to: 'session', event: { type: 'RELOGIN_REQUIRED' } },
                      { to: 'refund', event: { type: 'PASSWORD_CHANGED' } },
                      { to: 'refundApproval', event: { type: 'PASSWORD_CHANGED' } },
                    ]
                  : [{ to: 'session', event: { type: 'PASSWORD_CHANGED' } }],
              );
            },
          },
        };
        await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
      });
    }
  });
}

it('the paths of both kinds take every transition and guarded branch the machine defines', () => {
  const both = [...passwordChangePaths('login'), ...passwordChangePaths('refund')];
  expect(coveredTransitions(passwordChangeMachine, both).missing).toEqual([]);
});

it('the password-change test map describes every state and event', () => {
  expect(Object.keys(passwordChangeTestMap.states).sort()).toEqual(stateKeys(passwordChangeMachine).sort());
  const handled = new Set(coveredTransitions(passwordChangeMachine, []).defined.map((d) => d.split(' ')[1]));
  expect([...handled].filter((e) => !(e in passwordChangeTestMap.events))).toEqual([]);
});
