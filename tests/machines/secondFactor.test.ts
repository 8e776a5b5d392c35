import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import type { SecondFactor } from '../../src/contract/auth';
import {
  secondFactorMachine,
  secondFactorTestMap,
  type SecondFactorContext,
  type SecondFactorOutput,
} from '../../src/machines/secondFactor';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import {
  enrolment,
  recoveryCodes,
  secondFactorPaths,
  signedInMenu,
  signedInUser,
  type failures,
} from './secondFactor.model';

type Failure = (typeof failures)[keyof typeof failures];

for (const mode of ['verify', 'enrol'] as const satisfies readonly SecondFactor[]) {
  const paths = secondFactorPaths(mode);
  describe(`second factor paths (${mode})`, () => {
    for (const { name, path } of namePaths(paths)) {
      it(name, async () => {
        const run = new WorkflowRun(secondFactorMachine, { mode, locale: 'jp' }, {});
        const context = () => run.snapshot.context as SecondFactorContext;
        const output = () => (run.snapshot as unknown as { output: SecondFactorOutput }).output;
        const checks: PathChecks = {
          states: {
            entering: () => {
              expect(mode).toBe('verify');
              expect(run.snapshot.hasTag('busy')).toBe(false);
            },
            verifying: () => {
              expect(run.snapshot.hasTag('busy')).toBe(true);
              expect(run.calls.at(-1)).toEqual({ actor: 'verifyCode', input: { otp: '123456' } });
              expect(context().error).toBeNull();
            },
            starting: () => {
              expect(mode).toBe('enrol');
              expect(run.calls.at(-1)?.actor).toBe('startEnrolment');
              expect(context().error).toBeNull();
            },
            startFailed: () => expect(context().error).toBe('Network error: offline'),
            scanning: () => expect(context().enrolment).toEqual(enrolment),
            confirming: () => {
              expect(run.snapshot.hasTag('busy')).toBe(true);
              expect(run.calls.at(-1)).toEqual({ actor: 'confirmEnrolment', input: { otp: '123456' } });
            },
            showingRecoveryCodes: () => {
              expect(context().recoveryCodes).toEqual(recoveryCodes);
              // The secret is not kept once confirmed.
              expect(context().enrolment).toBeNull();
            },
            signedIn: () => {
              expect(run.snapshot.status).toBe('done');
              expect(output()).toEqual({ outcome: 'signedIn', user: signedInUser, menu: signedInMenu });
              expect(context().recoveryCodes).toEqual([]);
            },
            locked: () => {
              expect(run.snapshot.status).toBe('done');
              expect(output()).toEqual({
                outcome: 'locked',
                message: 'Too many failed logins: the account is locked until 2030-01-01 10:30:00',
                lockedUntil: '2030-01-01T01:30:00.000Z',
              });
            },
          },
          steps: {
            'xstate.error.actor.verifyCode': ({ event }) => {
              expect(context().error).toBe((event.error as Failure).message);
            },
            'xstate.error.actor.confirmEnrolment': ({ event }) => {
              expect(context().error).toBe((event.error as Failure).message);
              // The same QR code stays for another try.
              expect(context().enrolment).toEqual(enrolment);
            },
            SUBMIT_CODE: () => expect(context().error).toBeNull(),
          },
        };
        await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
      });
    }
  });
}

describe('second factor model', () => {
  it('the generated paths of both modes take every transition the machine defines', () => {
    const all = [...secondFactorPaths('verify'), ...secondFactorPaths('enrol')];
    expect(coveredTransitions(secondFactorMachine, all).missing).toEqual([]);
  });

  it('the test map describes every state and event', () => {
    expect(Object.keys(secondFactorTestMap.states).sort()).toEqual(stateKeys(secondFactorMachine).sort());
    const handled = new Set(coveredTransitions(secondFactorMachine, []).defined.map((d) => d.split(' ')[1]));
    expect([...handled].filter((e) => !(e in secondFactorTestMap.events))).toEqual([]);
  });
});
