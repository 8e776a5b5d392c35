import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS } from '../../src/contract/calls';
import { backends, startHarness, type Harness } from './harness';

/**
 * The contract declares each call once (src/contract/calls); the server registers its
 * handlers from those declarations. Here: the server serves exactly the declared calls, each
 * with the declaration's access, input schema and flags, and no path is declared twice.
 */
describe.each(backends)('contract calls on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
  });
  afterAll(() => h?.close());

  it('each path is declared once', () => {
    const paths = ALL_CALLS.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('the server serves exactly the declared calls, as declared', () => {
    const served = new Map(h.app.apiCalls.map((c) => [c.path, c]));
    expect([...served.keys()].sort()).toEqual(ALL_CALLS.map((c) => c.path).sort());
    for (const decl of ALL_CALLS) {
      const call = served.get(decl.path);
      expect(call, decl.path).toMatchObject({
        access: decl.access,
        input: decl.input,
        writes: decl.writes,
        duringPasswordChange: decl.duringPasswordChange,
        duringSecondFactor: decl.duringSecondFactor,
      });
    }
  });

  it('an export is a file call and every other call answers with the envelope', () => {
    for (const decl of ALL_CALLS) {
      // The spec's export names (exportExcel, exportCSVFile, export, exportNewDetail, …) and a payout batch's bank file.
      expect(decl.kind === 'file', decl.path).toBe(/\/(export[A-Za-z]*|batch\/file)$/.test(decl.path));
    }
  });
});
