import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyStateMachine } from 'xstate';
import {
  listQueryMachine,
  listQueryTestMap,
  type ListQuery,
  type ListQueryContext,
} from '../../src/machines/listQuery';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import {
  defaults,
  listQueryInput,
  listQueryPaths,
  memoryUrl,
  noRows,
  ranges,
  rows,
  type RangeDays,
} from './listQuery.model';

/** What the server is asked for when the list opens (spec defaults: page 1, 20 rows, unsorted). */
const firstQuery = { ...defaults, pageNum: 1, pageSize: 20, sortField: '', sortOrder: '' };
const NEXT_SORT: Record<string, string> = { '': 'asc', asc: 'desc', desc: '' };

function setUp(rangeDays: RangeDays) {
  const url = memoryUrl();
  const run = new WorkflowRun(listQueryMachine, listQueryInput(rangeDays, url), {});
  // The browser's back button: the URL is the list as first opened.
  run.prepare.URL_CHANGED = () => url.write({});
  const context = () => run.snapshot.context as ListQueryContext;
  const loads = () => run.callsOf('loadPage').map((input) => (input as { query: ListQuery }).query);
  const lastLoad = () => loads().at(-1);

  const checks: PathChecks = {
    states: {
      loading: () => expect(run.calls.at(-1)?.actor).toBe('loadPage'),
      loaded: () => {
        expect(context().page?.records).toHaveLength(2);
        expect(context().page?.total).toBe(45);
        expect(context().error).toBeNull();
      },
      empty: () => {
        expect(context().page?.records).toEqual([]);
        expect(context().error).toBeNull();
      },
      failed: () => {
        expect(context().error).toBe('Network error: offline');
        expect(context().page).toBeNull();
      },
      invalid: () => {
        expect(context().error).toBe('validation.dateRange');
        expect(context().errorValues).toMatchObject({ days: rangeDays });
        expect(context().page).toBeNull();
      },
    },
    steps: {
      SEARCH: ({ event, after, callsBefore }) => {
        const filters = event.filters as Record<string, string>;
        // The filters are in the URL (shareable), paging back to page 1.
        expect(url.params).toMatchObject(filters);
        expect(url.params.pageNum).toBeUndefined();
        if (after.matches('invalid')) expect(run.calls.length).toBe(callsBefore);
        else expect(lastLoad()).toMatchObject({ ...filters, pageNum: 1 });
      },
      PAGE: ({ after }) => {
        expect(url.params.pageNum).toBe('2');
        if (after.matches('loading')) expect(lastLoad()?.pageNum).toBe(2);
      },
      PAGE_SIZE: ({ after }) => {
        expect(url.params.pageSize).toBe('50');
        expect(url.params.pageNum).toBeUndefined();
        if (after.matches('loading')) expect(lastLoad()).toMatchObject({ pageSize: 50, pageNum: 1 });
      },
      SORT: ({ before, after }) => {
        const order = NEXT_SORT[(before.context as ListQueryContext).sortOrder];
        expect(url.params.sortOrder ?? '').toBe(order);
        expect(url.params.sortField ?? '').toBe(order ? 'createdAt' : '');
        if (after.matches('loading'))
          expect(lastLoad()).toMatchObject({ sortField: order ? 'createdAt' : '', sortOrder: order });
      },
      RESET: () => {
        expect(url.params).toEqual({ beginTime: defaults.beginTime, endTime: defaults.endTime });
        expect(lastLoad()).toEqual(firstQuery);
      },
      RETRY: () => expect(loads().at(-1)).toEqual(loads().at(-2)),
      URL_CHANGED: () => expect(lastLoad()).toEqual(firstQuery),
      'xstate.init': () => expect(loads()).toEqual([firstQuery]),
    },
  };
  return { run, checks, url };
}

for (const rangeDays of [31, 75] as const) {
  const paths = listQueryPaths(rangeDays);
  describe(`list query paths (date range up to ${rangeDays} days)`, () => {
    for (const { name, path } of namePaths(paths)) {
      it(name, async () => {
        const { run, checks } = setUp(rangeDays);
        await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
      });
    }

    it('the generated paths take every transition the machine defines', () => {
      expect(coveredTransitions(listQueryMachine, paths).missing).toEqual([]);
    });
  });
}

describe('list query scenarios beyond shortest paths', () => {
  it('the test map describes every state and event', () => {
    expect(Object.keys(listQueryTestMap.states).sort()).toEqual(stateKeys(listQueryMachine).sort());
    const handled = new Set(coveredTransitions(listQueryMachine, []).defined.map((d) => d.split(' ')[1]));
    expect([...handled].filter((e) => !(e in listQueryTestMap.events))).toEqual([]);
  });

  it('a column header cycles ascending → descending → unsorted; another column starts ascending', async () => {
    const { run, url } = setUp(31);
    const orders: string[] = [];
    for (const field of ['createdAt', 'createdAt', 'createdAt', 'createdAt', 'loginId']) {
      await run.perform({ type: 'SORT', field });
      await run.perform({ type: 'xstate.done.actor.loadPage', output: rows });
      orders.push(`${url.params.sortField ?? '-'} ${url.params.sortOrder ?? '-'}`);
    }
    expect(orders).toEqual(['createdAt asc', 'createdAt desc', '- -', 'createdAt asc', 'loginId asc']);
  });

  it('the URL round-trips: a list opened from a copied URL asks for the same page', async () => {
    const url = memoryUrl({
      beginTime: '2025-02-01',
      endTime: '2025-02-10',
      loginId: 'bob',
      success: '0',
      pageNum: '3',
      pageSize: '50',
      sortField: 'createdAt',
      sortOrder: 'desc',
      unrelated: 'ignored',
    });
    const first = new WorkflowRun(listQueryMachine, listQueryInput(31, url), {});
    const opened = first.callsOf('loadPage')[0] as { query: ListQuery };
    expect(opened.query).toEqual({
      beginTime: '2025-02-01',
      endTime: '2025-02-10',
      loginId: 'bob',
      success: '0',
      pageNum: 3,
      pageSize: 50,
      sortField: 'createdAt',
      sortOrder: 'desc',
    });
    await first.perform({ type: 'xstate.done.actor.loadPage', output: rows });
    await first.perform({ type: 'PAGE', pageNum: 4 });
    const copied = memoryUrl(url.params);
    expect(copied.params).not.toHaveProperty('unrelated');
    const second = new WorkflowRun(listQueryMachine, listQueryInput(31, copied), {});
    expect((second.callsOf('loadPage')[0] as { query: ListQuery }).query).toEqual({
      ...opened.query,
      pageNum: 4,
    });
  });

  it('nonsense in the URL falls back to defaults, and a huge page size to the largest allowed', () => {
    const url = memoryUrl({ pageNum: '-3', pageSize: '100000', sortOrder: 'sideways', sortField: 'x' });
    const run = new WorkflowRun(listQueryMachine, listQueryInput(31, url), {});
    expect((run.callsOf('loadPage')[0] as { query: ListQuery }).query).toEqual({
      ...firstQuery,
      pageSize: 100,
    });
  });

  it.each([
    [31, ranges[31].tooLong],
    [75, ranges[75].tooLong],
  ] as const)('a list opened with a range over %i days asks nothing and says why', (rangeDays, range) => {
    const run = new WorkflowRun(listQueryMachine, listQueryInput(rangeDays, memoryUrl(range)), {});
    expect(run.snapshot.value).toBe('invalid');
    expect(run.calls).toEqual([]);
    expect(run.snapshot.context.errorValues).toMatchObject({ days: rangeDays });
  });

  it('an end date before the begin date is rejected', () => {
    const url = memoryUrl({ beginTime: '2025-01-10', endTime: '2025-01-09' });
    const run = new WorkflowRun(listQueryMachine, listQueryInput(31, url), {});
    expect(run.snapshot.value).toBe('invalid');
  });

  it('lists without a date range never reject their filters', () => {
    const url = memoryUrl();
    const run = new WorkflowRun(
      listQueryMachine,
      { ...listQueryInput(31, url), rangeDays: undefined, defaults: { name: '' } },
      {},
    );
    expect(run.snapshot.value).toBe('loading');
  });

  it('with the real loader, the page the fetch function returns is what the table shows', async () => {
    const asked: ListQuery[] = [];
    const actor = createActor(listQueryMachine, {
      input: {
        ...listQueryInput(31),
        fetchPage: async (query) => {
          asked.push(query);
          return query.pageNum === 1 ? rows : noRows;
        },
      },
    }).start();
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.page).toBe(rows);
    actor.send({ type: 'PAGE', pageNum: 2 });
    await waitFor(actor, (s) => s.matches('empty'));
    expect(asked.map((q) => q.pageNum)).toEqual([1, 2]);
  });

  it('a newer request wins over a slower older one', async () => {
    const answers: ((page: typeof rows) => void)[] = [];
    const actor = createActor(listQueryMachine, {
      input: { ...listQueryInput(31), fetchPage: () => new Promise((resolve) => answers.push(resolve)) },
    }).start();
    actor.send({ type: 'PAGE', pageNum: 2 });
    expect(answers).toHaveLength(2);
    answers[1](noRows);
    await waitFor(actor, (s) => s.matches('empty'));
    answers[0](rows);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.page).toBe(noRows);
  });
});
