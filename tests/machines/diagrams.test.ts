import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getNextSnapshot, type AnyStateMachine, type StateValue } from 'xstate';
import {
  ANY_STATE,
  LABEL_SEPARATOR,
  STATECHART_DIR,
  mermaidOf,
  statechartFiles,
  transitionLabel,
} from '../../src/machines/diagram';
import { MACHINES } from '../../src/machines/registry';
import { REFUND_MOVES, STATUS_CHARTS, orderStatusState } from '../../src/machines/statusCharts';
import { ORDER_EVENTS, ORDER_STATUSES, nextStatus } from '../../src/contract/orders';
import { REFUND_STATUSES, REFUND_TRANSITIONS } from '../../src/contract/refunds';
import { nestedExample, parseMermaid, stateTreeOf, transitionsOf } from './mermaidTree';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const files = statechartFiles(MACHINES, STATUS_CHARTS);
const CHARTS = [...MACHINES, ...STATUS_CHARTS];

describe('statechart pages (docs/statecharts)', () => {
  for (const [path, text] of Object.entries(files)) {
    it(`${path} is up to date`, () => {
      const committed = existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : null;
      expect(committed, `${path} is missing or stale: run npm run statecharts`).toBe(text);
    });
  }

  it('no page is left over from a machine that is gone', () => {
    const pages = readdirSync(join(root, STATECHART_DIR)).filter((n) => n.endsWith('.md'));
    expect(pages.map((n) => `${STATECHART_DIR}/${n}`).sort(), 'run npm run statecharts').toEqual(
      Object.keys(files).sort(),
    );
  });

  it('the output does not depend on when or how often it is made', () => {
    expect(statechartFiles(MACHINES, STATUS_CHARTS)).toEqual(files);
  });
});

/** The arrows a machine must show: `source target label`, one per alternative with a target. */
function expectedArrows(machine: AnyStateMachine): string[] {
  return transitionsOf(machine).flatMap(({ source, transition }) =>
    (transition.target ?? []).map(
      (target) =>
        `${source ? source.path.join('__') : ANY_STATE} ${target.path.join('__')} ${transitionLabel(machine, transition).replace(/[:;]/g, ' ')}`,
    ),
  );
}

describe('each diagram, read back as Mermaid reads it, is its machine', () => {
  for (const { name, machine } of [...CHARTS, { name: 'nested example', machine: nestedExample }]) {
    const drawn = parseMermaid(mermaidOf(machine));

    it(`${name}: every state sits in its own parent's box and in no other`, () => {
      const { [ANY_STATE]: anyState, ...states } = drawn.parentOf;
      expect(states).toEqual(stateTreeOf(machine));
      // The box the machine's own transitions start from stands at the top level, if drawn.
      expect(anyState ?? null).toBeNull();
    });

    it(`${name}: every alternative of every transition is drawn, with its guard, and nothing else`, () => {
      const arrows = drawn.arrows.flatMap((a) =>
        a.label.split(LABEL_SEPARATOR).map((part) => `${a.source} ${a.target} ${part}`),
      );
      expect(arrows.sort()).toEqual(expectedArrows(machine).sort());
    });

    it(`${name}: the guarded branches are counted on the diagram`, () => {
      const guarded = transitionsOf(machine).filter((t) => t.transition.guard && t.transition.target?.length);
      const drawnGuards = drawn.arrows.flatMap((a) =>
        a.label.split(LABEL_SEPARATOR).filter((part) => / \[[^\]]+\]$/.test(part)),
      );
      expect(drawnGuards).toHaveLength(guarded.length);
      // Alternatives that stay in their state are not arrows: the states table lists them.
      const page = files[`${STATECHART_DIR}/${name}.md`];
      for (const { source, transition } of transitionsOf(machine)) {
        if (!transition.guard || transition.target?.length || !source) continue;
        expect(page).toContain(`handles \`${transitionLabel(machine, transition)}\` in place`);
      }
    });
  }
});

describe('machine registry (src/machines/registry.ts)', () => {
  it('lists every machine of src/machines, so each gets a diagram and tests', () => {
    const dir = join(root, 'src/machines');
    const exported = readdirSync(dir)
      .filter((n) => n.endsWith('.ts'))
      .flatMap((n) =>
        [...readFileSync(join(dir, n), 'utf8').matchAll(/export const (\w+Machine)\s*=/g)].map((m) => m[1]),
      );
    const registered = MACHINES.map((m) => m.machine.id);
    expect(exported.map((name) => name.replace(/Machine$/, '')).sort()).toEqual([...registered].sort());
  });

  it('every registered machine has a model-based test file', () => {
    for (const { name } of MACHINES) {
      expect(readdirSync(join(root, 'tests/machines')), `tests/machines/${name}.test.ts`).toContain(
        `${name}.test.ts`,
      );
    }
  });

  it('names are unique and file-safe', () => {
    const names = CHARTS.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z][A-Za-z0-9-]*$/);
  });
});

describe('server status charts (src/machines/statusCharts.ts) are the contract’s tables', () => {
  const [orders, refunds] = STATUS_CHARTS.map((c) => c.machine);

  it('order status: every event moves every status exactly as ORDER_TRANSITIONS says', () => {
    for (const from of ORDER_STATUSES) {
      const snapshot = orders.resolveState({ value: stateValue(orderStatusState(from)), context: undefined });
      for (const event of ORDER_EVENTS) {
        const to = nextStatus(from, event);
        expect(snapshot.can({ type: event }), `${from} ${event}`).toBe(to !== null);
        if (!to) continue;
        const next = getNextSnapshot(orders, snapshot, { type: event });
        expect(leafOf(next.value), `${from} ${event}`).toBe(to);
      }
    }
  });

  it('refund status: the moves out of each status are exactly REFUND_TRANSITIONS', () => {
    const targets = (key: string) =>
      new Set(
        [...refunds.root.states[key].transitions.values()]
          .flat()
          .flatMap((t) => (t.target ?? []).map((n) => n.key)),
      );
    for (const from of REFUND_STATUSES) {
      expect([...targets(from)].sort(), from).toEqual([...REFUND_TRANSITIONS[from]].sort());
      expect(new Set(Object.values(REFUND_MOVES[from])), from).toEqual(new Set(REFUND_TRANSITIONS[from]));
    }
    // A refund is written awaiting approval or waiting, never in another status.
    const first = refunds.root.states.requested.always!.flatMap((t) => t.target!.map((n) => n.key));
    expect(first.sort()).toEqual(['awaitingApproval', 'waiting']);
  });

  it('every status and every event has its line on the page', () => {
    for (const { machine, testMap } of STATUS_CHARTS) {
      for (const node of Object.values(machine.root.states)) {
        expect(testMap.states[node.path.join('.')], node.id).toBeTruthy();
      }
    }
  });
});

/** `open.paying` → `{ open: 'paying' }`. */
const stateValue = (key: string) => {
  const [head, ...rest] = key.split('.');
  return rest.length ? { [head]: rest.join('.') } : head;
};
const leafOf = (value: StateValue): string =>
  typeof value === 'string' ? value : leafOf(Object.values(value)[0] as StateValue);
