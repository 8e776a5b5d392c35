import { createMachine, initialTransition, transition, type AnyStateMachine } from 'xstate';
import type { MachineEntry } from './registry';

/**
 * Mermaid `stateDiagram-v2` pages for analysts, generated from the machines themselves
 * (`npm run statecharts` writes them; tests/machines/diagrams.test.ts fails when the committed
 * pages differ). Pure: the same machines always give the same text.
 */

type StateNode = AnyStateMachine['root'];

export interface TransitionLike {
  eventType: string;
  target?: readonly StateNode[] | undefined;
  guard?: unknown;
}

export const STATECHART_DIR = 'docs/statecharts';

const mermaidId = (node: StateNode) => node.path.join('__');
const stateKey = (node: StateNode) => node.path.join('.');

/** A page of docs/statecharts: a console workflow (registry.ts) or a server status table. */
export interface DiagramEntry extends MachineEntry {
  /** Heading of the states table's description column. */
  stateColumn?: string;
}

/** `isUnauthenticated`; XState's `and`/`or`/`not` as `not(isUnauthenticated)`. */
export function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') {
    return (guard as { type: string }).type;
  }
  const combined = guard as { name?: string; guards?: unknown[] };
  if (typeof guard === 'function' && Array.isArray(combined.guards)) {
    return `${combined.name}(${combined.guards.map((g) => guardName(g) ?? 'inline guard').join(', ')})`;
  }
  return 'inline guard';
}

function delayText(machine: AnyStateMachine, name: string): string {
  const delay: unknown = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay === 'number') return delay % 1000 === 0 ? `${delay / 1000} s` : `${delay} ms`;
  if (typeof delay === 'function') return 'from context';
  return /^\d+$/.test(name) ? `${Number(name) / 1000} s` : '';
}

/** `LOGIN`, `done login`, `error login`, `after idleWarningDelay (from context)`. */
export function eventLabel(machine: AnyStateMachine, eventType: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1]} ${actor[2]}`;
  const done = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (done) return `done ${done[1].split('.').pop()}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) {
    const text = delayText(machine, after[1]);
    return text ? `after ${after[1]} (${text})` : `after ${after[1]}`;
  }
  if (eventType === '') return 'immediately';
  return eventType;
}

/** Mermaid reads `:` and `;` as syntax; labels never need them. */
const escapeLabel = (text: string) => text.replace(/[:;]/g, ' ');

function transitionsOf(node: StateNode): TransitionLike[] {
  const always = ((node as unknown as { always?: TransitionLike[] }).always ?? []).map((t) => ({
    ...t,
    eventType: '',
  }));
  return [...always, ...[...node.transitions.values()].flat()];
}

function invokesOf(node: StateNode): string[] {
  return node.invoke.map((i) => String(i.src));
}

/**
 * `EVENT` or `EVENT [guard]`: one alternative of a transition as the diagram labels it. A delay
 * computed from context is said so in the events table, not on the arrow (it made the session's
 * labels wrap).
 */
export function transitionLabel(machine: AnyStateMachine, t: TransitionLike): string {
  const guard = guardName(t.guard);
  const event = eventLabel(machine, t.eventType).replace(/ \(from context\)$/, '');
  return `${event}${guard ? ` [${guard}]` : ''}`;
}

/** One arrow of the diagram: every alternative from `source` to `target`, in the machine's order. */
export interface DiagramEdge {
  /** `ANY_STATE` for a transition of the machine itself (the root's `on`, taken in any state). */
  source: StateNode | typeof ANY_STATE;
  target: StateNode;
  labels: string[];
}

/**
 * The box a transition of the whole machine is drawn from: Mermaid has no box for the whole
 * diagram, and the same arrow from every top-level state would bury the chart.
 */
export const ANY_STATE = '_anyState';

/** The arrows of a machine, one per source and target. */
export function edgesOf(machine: AnyStateMachine): DiagramEdge[] {
  const edges = new Map<string, DiagramEdge>();
  for (const node of [machine.root, ...allNodes(machine.root)]) {
    const source = node === machine.root ? ANY_STATE : node;
    for (const t of transitionsOf(node)) {
      for (const target of t.target ?? []) {
        const key = `${source === ANY_STATE ? ANY_STATE : mermaidId(source)} ${mermaidId(target)}`;
        const edge = edges.get(key) ?? { source, target, labels: [] };
        edge.labels.push(transitionLabel(machine, t));
        edges.set(key, edge);
      }
    }
  }
  return [...edges.values()];
}

const endId = (end: StateNode | typeof ANY_STATE) => (end === ANY_STATE ? ANY_STATE : mermaidId(end));

/**
 * The diagram's lines for the children of `node`, indented `depth` levels: each state in its
 * parent's block, with the block's start and end markers, and no arrow. Mermaid puts a state into
 * the last composite block that mentions it (a mention at the top level moves nothing), so an
 * arrow written inside a block would pull an end from another box, or from a deeper one, into it.
 */
function renderChildren(node: StateNode, depth: number, out: string[]) {
  const pad = '  '.repeat(depth);
  const children = Object.values(node.states);
  for (const child of children) {
    const id = mermaidId(child);
    if (child.type === 'compound' || child.type === 'parallel') {
      out.push(`${pad}state "${child.key}" as ${id} {`);
      renderChildren(child, depth + 1, out);
      out.push(`${pad}}`);
    } else {
      out.push(`${pad}state "${child.key}" as ${id}`);
    }
  }
  const initial = node.initial?.target[0];
  if (initial) out.push(`${pad}[*] --> ${mermaidId(initial)}`);
  for (const child of children) if (child.type === 'final') out.push(`${pad}${mermaidId(child)} --> [*]`);
}

/** Between the alternatives drawn on one arrow: one line each. */
export const LABEL_SEPARATOR = '<br>';

export function mermaidOf(machine: AnyStateMachine): string {
  const out = ['stateDiagram-v2'];
  renderChildren(machine.root, 1, out);
  const edges = edgesOf(machine);
  if (edges.some((e) => e.source === ANY_STATE)) out.push(`  state "any state" as ${ANY_STATE}`);
  // Every arrow at the top level, after every box is drawn: there it moves no state.
  for (const edge of edges) {
    const label = edge.labels.map(escapeLabel).join(LABEL_SEPARATOR);
    out.push(`  ${endId(edge.source)} --> ${mermaidId(edge.target)} : ${label}`);
  }
  return out.join('\n');
}

function allNodes(node: StateNode): StateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...allNodes(child)]);
}

const cell = (text: string) =>
  text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, ' ');

function statesTable(entry: DiagramEntry): string[] {
  const rows = allNodes(entry.machine.root).map((node) => {
    const handled = transitionsOf(node)
      .filter((t) => !t.target?.length && t.eventType)
      .map((t) => transitionLabel(entry.machine, t));
    const notes = [
      ...invokesOf(node).map((src) => `calls \`${src}\``),
      ...node.tags.map((tag) => `tag \`${tag}\``),
      ...[...new Set(handled)].map((e) => `handles \`${e}\` in place`),
    ];
    const description = entry.testMap.states[stateKey(node)] ?? '';
    return `| \`${stateKey(node)}\` | ${cell(description)} | ${cell(notes.join('; '))} |`;
  });
  const heading = entry.stateColumn ?? 'What the user sees';
  return [`| State | ${heading} | Notes |`, '| --- | --- | --- |', ...rows];
}

/**
 * The children each event spawns, found by taking it in the machine's first state with XState's
 * pure `transition` (nothing runs: every actor the machine names is replaced by an empty one).
 * Only a machine that spawns (the root) gets the column.
 */
export function spawnsOf(machine: AnyStateMachine, eventTypes: readonly string[]): Map<string, string[]> {
  const actors = Object.keys(machine.implementations.actors);
  // Invoked actors are the states' calls (the states table names them); spawned ones are children.
  const invoked = new Set(allNodes(machine.root).flatMap((n) => n.invoke.map((i) => i.id)));
  machine.root.invoke.forEach((i) => invoked.add(i.id));
  const spawns = new Map<string, string[]>();
  if (actors.length === 0) return spawns;
  const idle = createMachine({});
  const quiet = machine.provide({ actors: Object.fromEntries(actors.map((a) => [a, idle])) });
  let first;
  try {
    [first] = initialTransition(quiet, {});
  } catch {
    return spawns; // a machine whose first state needs real input: nothing to show here
  }
  for (const type of eventTypes) {
    try {
      const [next] = transition(quiet, first, { type, input: {} });
      const added = Object.keys(next.children).filter((id) => !(id in first.children) && !invoked.has(id));
      if (added.length) spawns.set(type, added);
    } catch {
      // An event that needs its real payload in this state spawns nothing here.
    }
  }
  return spawns;
}

function eventsTable(entry: DiagramEntry): string[] {
  const events = Object.entries(entry.testMap.events);
  const spawns = spawnsOf(
    entry.machine,
    events.map(([type]) => type),
  );
  if (spawns.size === 0) {
    const rows = events.map(([type, how]) => `| ${cell(eventLabel(entry.machine, type))} | ${cell(how)} |`);
    return ['| Event | How it happens |', '| --- | --- |', ...rows];
  }
  const rows = events.map(
    ([type, how]) =>
      `| ${cell(eventLabel(entry.machine, type))} | ${cell(how)} | ${(spawns.get(type) ?? []).map((c) => `\`${c}\``).join(', ')} |`,
  );
  return ['| Event | How it happens | Spawns |', '| --- | --- | --- |', ...rows];
}

const generated = (source: string) =>
  `<!-- Generated by \`npm run statecharts\` from ${source}. Do not edit. -->`;
const GENERATED = generated('src/machines/registry.ts and src/machines/statusCharts.ts');

export function renderStatechart(entry: DiagramEntry, source = 'src/machines/registry.ts'): string {
  return [
    `# ${entry.title}`,
    '',
    generated(source),
    '',
    entry.description,
    '',
    '```mermaid',
    mermaidOf(entry.machine),
    '```',
    '',
    ...(edgesOf(entry.machine).some((e) => e.source === ANY_STATE)
      ? ['Arrows from _any state_ are transitions of the whole machine: they are taken in every state.', '']
      : []),
    '## States',
    '',
    ...statesTable(entry),
    '',
    '## Events',
    '',
    ...eventsTable(entry),
    '',
  ].join('\n');
}

const indexTable = (entries: readonly DiagramEntry[], heading: string) => [
  `| ${heading} | What it is |`,
  '| --- | --- |',
  ...entries.map((e) => `| [${e.title}](${e.name}.md) | ${cell(e.description)} |`),
];

export function renderIndex(
  workflows: readonly DiagramEntry[],
  statuses: readonly DiagramEntry[] = [],
): string {
  return [
    '# Statecharts',
    '',
    GENERATED,
    '',
    'Every workflow of the console is an XState machine (`src/machines/`). These pages are drawn',
    'from the machines themselves; the model-based tests (`tests/machines/`) walk every transition',
    'shown here.',
    '',
    ...indexTable(workflows, 'Workflow'),
    '',
    ...(statuses.length
      ? [
          '## Server statuses',
          '',
          'The statuses the server keeps, drawn from the transition tables of `src/contract/`',
          '(`src/machines/statusCharts.ts` turns each table into a machine; a test checks that it allows',
          'exactly what the table allows).',
          '',
          ...indexTable(statuses, 'Status'),
          '',
        ]
      : []),
  ].join('\n');
}

/** Every page, by path relative to the repository root. */
export function statechartFiles(
  workflows: readonly DiagramEntry[],
  statuses: readonly DiagramEntry[] = [],
): Record<string, string> {
  return {
    [`${STATECHART_DIR}/README.md`]: renderIndex(workflows, statuses),
    ...Object.fromEntries(workflows.map((e) => [`${STATECHART_DIR}/${e.name}.md`, renderStatechart(e)])),
    ...Object.fromEntries(
      statuses.map((e) => [
        `${STATECHART_DIR}/${e.name}.md`,
        renderStatechart(e, 'src/machines/statusCharts.ts'),
      ]),
    ),
  };
}
