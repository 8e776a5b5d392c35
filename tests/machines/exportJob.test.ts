import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { exportJobMachine, exportJobTestMap, type ExportJobContext } from '../../src/machines/exportJob';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import { exportJobPaths, failures, file, heads, input } from './exportJob.model';

const EXPORT_TIMEOUT = 90_000;
const paths = exportJobPaths();

describe('export job paths', () => {
  for (const { name, path } of namePaths(paths)) {
    it(name, async () => {
      const run = new WorkflowRun(exportJobMachine, input, { exportTimeout: EXPORT_TIMEOUT });
      const context = () => run.snapshot.context as ExportJobContext;
      const checks: PathChecks = {
        states: {
          requesting: () => {
            expect(run.snapshot.hasTag('busy')).toBe(true);
            expect(run.calls.at(-1)).toEqual({ actor: 'requestExport', input });
            expect(context()).toMatchObject({ fileName: null, received: 0, error: null });
            expect(run.snapshot.can({ type: 'CANCEL' })).toBe(true);
          },
          streaming: () => {
            expect(run.snapshot.hasTag('busy')).toBe(true);
            expect(context().fileName).toBe(heads.file.fileName);
            expect(context().total).toBe(heads.file.total);
            const call = run.calls.at(-1)!;
            expect(call.actor).toBe('readStream');
            // The stream reports progress to this very job.
            expect((call.input as { job: unknown }).job).toBe(run.actor);
          },
          saved: () => {
            expect(run.snapshot.status).toBe('done');
            expect(run.emitted.filter((e) => e.type === 'save')).toEqual([
              { type: 'save', fileName: heads.file.fileName, data: file },
            ]);
          },
          failed: () => {
            expect(context().error).toBeTruthy();
            expect(run.emitted.filter((e) => e.type === 'save')).toEqual([]);
            expect(run.emitted.at(-1)).toEqual({ type: 'toast', status: 'error', message: context().error });
          },
          cancelled: () => {
            expect(run.emitted).toEqual([]);
            // Leaving the state stopped the service: the fetch is aborted.
            expect(run.snapshot.children).toEqual({});
          },
        },
        steps: {
          'xstate.done.actor.requestExport': ({ event }) => {
            // Spec point 8: no file-name header → the JSON's resultMessage is shown.
            if (event.output === heads.json) expect(context().error).toBe(heads.json.resultMessage);
          },
          'xstate.error.actor.requestExport': () => {
            expect(context().error).toBe(failures.network.message);
          },
          'xstate.error.actor.readStream': () => {
            expect(context().error).toBe(failures.broken.message);
          },
          'xstate.after.exportTimeout.exportJob.requesting': () => {
            expect(context().error).toBe('timeout of 90000ms exceeded');
          },
          PROGRESS: ({ event }) => {
            expect(context().received).toBe(event.received);
            expect(context().total).toBe(event.total);
          },
        },
      };
      await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
    });
  }

  it('the generated paths take every transition the machine defines', () => {
    expect(coveredTransitions(exportJobMachine, paths).missing).toEqual([]);
  });
});

describe('export job details', () => {
  it('cancelling aborts the running download', async () => {
    const run = new WorkflowRun(exportJobMachine, input, { exportTimeout: EXPORT_TIMEOUT });
    await run.perform({ type: 'xstate.done.actor.requestExport', output: heads.file });
    const child = Object.values(run.snapshot.children)[0] as { getSnapshot(): { status: string } };
    await run.perform({ type: 'CANCEL' });
    expect(child.getSnapshot().status).toBe('stopped');
  });

  it('progress keeps the known total when a report has none', async () => {
    const run = new WorkflowRun(exportJobMachine, input, { exportTimeout: EXPORT_TIMEOUT });
    await run.perform({ type: 'xstate.done.actor.requestExport', output: heads.file });
    await run.perform({ type: 'PROGRESS', received: 512 });
    expect(run.snapshot.context).toMatchObject({ received: 512, total: heads.file.total });
  });

  it('a JSON reply without a resultMessage falls back to “Has Error”', async () => {
    const run = new WorkflowRun(exportJobMachine, input, { exportTimeout: EXPORT_TIMEOUT });
    await run.perform({ type: 'xstate.done.actor.requestExport', output: { fileName: null } });
    expect(run.snapshot.value).toBe('failed');
    expect((run.snapshot.context as ExportJobContext).error).toBeTruthy();
  });

  it('the timeout only runs until the reply starts: a long stream is not cut off', async () => {
    const run = new WorkflowRun(exportJobMachine, input, { exportTimeout: EXPORT_TIMEOUT });
    await run.perform({ type: 'xstate.done.actor.requestExport', output: heads.file });
    run.clock.increment(EXPORT_TIMEOUT * 3);
    expect(run.snapshot.value).toBe('streaming');
  });
});

it('the export-job test map describes every state and event', () => {
  expect(Object.keys(exportJobTestMap.states).sort()).toEqual(stateKeys(exportJobMachine).sort());
  const handled = new Set(coveredTransitions(exportJobMachine, []).defined.map((d) => d.split(' ')[1]));
  expect([...handled].filter((e) => !(e in exportJobTestMap.events))).toEqual([]);
});
