import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  fileUploadMachine,
  fileUploadTestMap,
  readyToSend,
  type FileUploadContext,
} from '../../src/machines/fileUpload';
import { ApiError } from '../../src/services/client';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import { failures, file, fileUploadPaths, input, reply } from './fileUpload.model';

const paths = fileUploadPaths();

describe('file upload paths', () => {
  for (const { name, path } of namePaths(paths)) {
    it(name, async () => {
      const run = new WorkflowRun(fileUploadMachine, input, {});
      const context = () => run.snapshot.context as FileUploadContext<unknown>;
      const can = (event: { type: string; [k: string]: unknown }) => run.snapshot.can(event as never);
      // The screen's send button follows the machine's own judgement.
      const sendsWhenReady = () => expect(can({ type: 'SEND' })).toBe(readyToSend(context()));
      const checks: PathChecks = {
        states: {
          choosing: () => {
            expect(run.snapshot.hasTag('busy')).toBe(false);
            expect(can({ type: 'CANCEL' })).toBe(true);
            expect(can({ type: 'CHOOSE', file })).toBe(true);
          },
          'choosing.empty': () => {
            expect(context().file).toBeNull();
            expect(context().refusal).toBeNull();
          },
          'choosing.chosen': () => {
            expect(context().file).toBe(file);
            expect(context().refusal).toBeNull();
            sendsWhenReady();
          },
          'choosing.missing': () => {
            expect(context().file).toBeNull();
            expect(context().refusal).toBeNull();
          },
          'choosing.refused': () => {
            const { refusal } = context();
            expect(refusal).not.toBeNull();
            // The server's words and its error (field errors, bad rows) for the dialog.
            if (refusal!.error instanceof ApiError) {
              expect(refusal!.message).toBe(failures.badRows.message);
              expect(refusal!.error.errors).toEqual(failures.badRows.errors);
              expect(refusal!.error.result).toEqual(failures.badRows.result);
            } else {
              expect(refusal).toEqual({ message: null, error: failures.silent });
            }
            // The file is kept: SEND again sends it again.
            expect(context().file).toBe(file);
            sendsWhenReady();
          },
          sending: () => {
            expect(run.snapshot.hasTag('busy')).toBe(true);
            // Nothing closes the dialog or changes its input while the file is on its way.
            expect(can({ type: 'CANCEL' })).toBe(false);
            expect(can({ type: 'CHOOSE', file: null })).toBe(false);
            expect(can({ type: 'FILL', form: null })).toBe(false);
            expect(context().refusal).toBeNull();
            expect(run.calls.at(-1)).toEqual({ actor: 'send', input: { file, form: context().form } });
            expect(context().form).not.toBeNull();
          },
          done: () => {
            expect(run.snapshot.status).toBe('done');
          },
          closed: () => {
            expect(run.snapshot.status).toBe('done');
            expect(run.emitted).toEqual([]);
          },
        },
        steps: {
          SEND: ({ before, after, callsBefore }) => {
            // One press, one request, and only when a file and the company are there.
            const sent = after.matches('sending');
            expect(sent).toBe(readyToSend(before.context as FileUploadContext<unknown>));
            expect(run.calls.length).toBe(callsBefore + (sent ? 1 : 0));
          },
          'xstate.done.actor.send': ({ emitted }) => {
            // The dialog says what was done, then closes.
            expect(emitted).toEqual([{ type: 'sent', reply }]);
          },
          'xstate.error.actor.send': ({ emitted }) => expect(emitted).toEqual([]),
          CANCEL: ({ emitted }) => expect(emitted).toEqual([]),
        },
      };
      await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
    });
  }

  it('the generated paths take every transition the machine defines', () => {
    expect(coveredTransitions(fileUploadMachine, paths).missing).toEqual([]);
  });
});

it('the file upload test map describes every state and event', () => {
  expect(Object.keys(fileUploadTestMap.states).sort()).toEqual(stateKeys(fileUploadMachine).sort());
  const handled = new Set(coveredTransitions(fileUploadMachine, []).defined.map((d) => d.split(' ')[1]));
  expect([...handled].filter((e) => !(e in fileUploadTestMap.events))).toEqual([]);
});
