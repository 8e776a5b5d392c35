import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  IMPORT_POLL_MS,
  statementImportMachine,
  statementImportTestMap,
  type StatementImportContext,
} from '../../src/machines/statementImport';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import { failures, file, input, reads, statementImportPaths } from './statementImport.model';

const paths = statementImportPaths();

describe('statement import paths', () => {
  for (const { name, path } of namePaths(paths)) {
    it(name, async () => {
      const run = new WorkflowRun(statementImportMachine, input, { pollInterval: IMPORT_POLL_MS });
      const context = () => run.snapshot.context as StatementImportContext;
      const checks: PathChecks = {
        states: {
          choosing: () => {
            expect(run.snapshot.hasTag('busy')).toBe(false);
            expect(run.snapshot.can({ type: 'CANCEL' })).toBe(true);
          },
          'choosing.fresh': () => expect(context().fieldErrors).toEqual({}),
          'choosing.invalid': () => {
            expect(context().fieldErrors).toEqual(failures.notText.errors);
            expect(context().importId).toBeNull();
          },
          uploading: () => {
            expect(run.snapshot.hasTag('busy')).toBe(true);
            // Nothing closes the dialog while the file is on its way.
            expect(run.snapshot.can({ type: 'CANCEL' })).toBe(false);
            expect(run.snapshot.can({ type: 'CLOSE' })).toBe(false);
            expect(run.calls.at(-1)).toEqual({
              actor: 'uploadStatement',
              input: { group: 'wallet', file, fileName: 'wechat.csv', brand: '', businessDay: '' },
            });
          },
          watching: () => {
            expect(run.snapshot.hasTag('importing')).toBe(true);
            expect(run.calls.at(-1)).toEqual({ actor: 'readImport', input: { group: 'wallet', id: 7 } });
          },
          waiting: () => {
            expect(context().view?.status).toBe('parsing');
            expect(context().view?.rowsDone).toBe(1000);
            expect(run.snapshot.can({ type: 'CLOSE' })).toBe(true);
          },
          done: () => {
            expect(context().view?.counts?.['200']).toBe(1);
            expect(run.snapshot.can({ type: 'AGAIN' })).toBe(true);
          },
          refused: () => {
            expect(context().view?.refusal).toMatchObject({ line: 2, reason: 'status' });
          },
          failed: () => {
            const serverFailed = context().view?.status === 'failed';
            if (!serverFailed) expect(context().error).toBe(failures.network.message);
            expect(run.snapshot.can({ type: 'RETRY' })).toBe(true);
          },
          closed: () => expect(run.snapshot.status).toBe('done'),
        },
        steps: {
          'xstate.done.actor.readImport': ({ event, emitted }) => {
            const status = (event.output as { status: string }).status;
            // The result page reloads when an import has ended with a run (matched or refused).
            expect(emitted.map((e) => e.type)).toEqual(
              status === 'done' || status === 'refused' ? ['imported'] : [],
            );
          },
          RETRY: ({ before, after, callsBefore }) => {
            const uploaded = (before.context as StatementImportContext).importId !== null;
            const failedOnServer = (before.context as StatementImportContext).view?.status === 'failed';
            // A failed read is read again; a failed upload (or import) sends the file again.
            expect(after.value).toBe(uploaded && !failedOnServer ? 'watching' : 'uploading');
            expect(run.calls.length).toBe(callsBefore + 1);
          },
          AGAIN: () => expect(context()).toMatchObject({ importId: null, view: null, request: null }),
        },
      };
      await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
    });
  }

  it('the generated paths take every transition the machine defines, each guarded branch apart', () => {
    const coverage = coveredTransitions(statementImportMachine, paths);
    expect(coverage.missing).toEqual([]);
    expect(coverage.defined.filter((d) => d.includes('#')).length).toBe(8);
  });

  it('a poll waits a second between reads', async () => {
    const run = new WorkflowRun(statementImportMachine, input, { pollInterval: IMPORT_POLL_MS });
    await run.perform({
      type: 'SUBMIT',
      file,
      fileName: 'w.csv',
      brand: 'wechat',
      businessDay: '2025-04-01',
    });
    await run.perform({ type: 'xstate.done.actor.uploadStatement', output: { id: 7 } });
    await run.perform({ type: 'xstate.done.actor.readImport', output: reads.running });
    expect(run.callsOf('readImport')).toHaveLength(1);
    await run.perform({ type: 'xstate.after.pollInterval.statementImport.waiting' });
    expect(run.callsOf('readImport')).toHaveLength(2);
  });
});

it('the statement import test map describes every state and event', () => {
  expect(Object.keys(statementImportTestMap.states).sort()).toEqual(stateKeys(statementImportMachine).sort());
  const handled = new Set(coveredTransitions(statementImportMachine, []).defined.map((d) => d.split(' ')[1]));
  expect([...handled].filter((e) => !(e in statementImportTestMap.events))).toEqual([]);
});
