import type { AnyStateMachine } from 'xstate';
import type { MachineEntry } from './registry';

/**
 * Mermaid `stateDiagram-v2` pages for analysts, generated from the machines themselves
 * (`npm run statecharts` writes them; tests/machines/diagrams.test.ts fails when the committed
 * pages differ). Pure: the same machines always give the same text.
 */

type StateNode = AnyStateMachine['root'];

interface TransitionLike {
  eventType: string;
  target?: readonly StateNode[] | undefined;
  guard?: unknown;
}

export const STATECHART_DIR = 'docs/statecharts';

const mermaidId = (node: StateNode) => node.path.join('__');
const stateKey = (node: StateNode) => node.path.join('.');

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') {
    return (guard as { type: string }).type;
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

/** The diagram's lines for the children of `node`, indented `depth` levels. */
function renderChildren(machine: AnyStateMachine, node: StateNode, depth: number, out: string[]) {
  const pad = '  '.repeat(depth);
  const children = Object.values(node.states);
  for (const child of children) {
    const id = mermaidId(child);
    if (child.type === 'compound' || child.type === 'parallel') {
      out.push(`${pad}state "${child.key}" as ${id} {`);
      renderChildren(machine, child, depth + 1, out);
      out.push(`${pad}}`);
    } else {
      out.push(`${pad}state "${child.key}" as ${id}`);
    }
  }
  const initial = node.initial?.target[0];
  if (initial) out.push(`${pad}[*] --> ${mermaidId(initial)}`);
  for (const child of children) {
    for (const t of transitionsOf(child)) {
      const target = t.target?.[0];
      if (!target) continue; // handled in place: listed in the states table
      const guard = guardName(t.guard);
      const label = `${eventLabel(machine, t.eventType)}${guard ? ` [${guard}]` : ''}`;
      out.push(`${pad}${mermaidId(child)} --> ${mermaidId(target)} : ${escapeLabel(label)}`);
    }
    if (child.type === 'final') out.push(`${pad}${mermaidId(child)} --> [*]`);
  }
}

export function mermaidOf(machine: AnyStateMachine): string {
  const out = ['stateDiagram-v2'];
  renderChildren(machine, machine.root, 1, out);
  return out.join('\n');
}

function allNodes(node: StateNode): StateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...allNodes(child)]);
}

const cell = (text: string) =>
  text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, ' ');

function statesTable(entry: MachineEntry): string[] {
  const rows = allNodes(entry.machine.root).map((node) => {
    const handled = transitionsOf(node)
      .filter((t) => !t.target?.length && t.eventType)
      .map((t) => eventLabel(entry.machine, t.eventType));
    const notes = [
      ...invokesOf(node).map((src) => `calls \`${src}\``),
      ...node.tags.map((tag) => `tag \`${tag}\``),
      ...[...new Set(handled)].map((e) => `handles \`${e}\` in place`),
    ];
    const description = entry.testMap.states[stateKey(node)] ?? '';
    return `| \`${stateKey(node)}\` | ${cell(description)} | ${cell(notes.join('; '))} |`;
  });
  return ['| State | What the user sees | Notes |', '| --- | --- | --- |', ...rows];
}

function eventsTable(entry: MachineEntry): string[] {
  const rows = Object.entries(entry.testMap.events).map(
    ([type, how]) => `| ${cell(eventLabel(entry.machine, type))} | ${cell(how)} |`,
  );
  return ['| Event | How it happens |', '| --- | --- |', ...rows];
}

const GENERATED = '<!-- Generated by `npm run statecharts` from src/machines/registry.ts. Do not edit. -->';

export function renderStatechart(entry: MachineEntry): string {
  return [
    `# ${entry.title}`,
    '',
    GENERATED,
    '',
    entry.description,
    '',
    '```mermaid',
    mermaidOf(entry.machine),
    '```',
    '',
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

export function renderIndex(entries: readonly MachineEntry[]): string {
  return [
    '# Statecharts',
    '',
    GENERATED,
    '',
    'Every workflow of the console is an XState machine (`src/machines/`). These pages are drawn',
    'from the machines themselves; the model-based tests (`tests/machines/`) walk every transition',
    'shown here.',
    '',
    '| Workflow | What it is |',
    '| --- | --- |',
    ...entries.map((e) => `| [${e.title}](${e.name}.md) | ${cell(e.description)} |`),
    '',
  ].join('\n');
}

/** Every page, by path relative to the repository root. */
export function statechartFiles(entries: readonly MachineEntry[]): Record<string, string> {
  return {
    [`${STATECHART_DIR}/README.md`]: renderIndex(entries),
    ...Object.fromEntries(entries.map((e) => [`${STATECHART_DIR}/${e.name}.md`, renderStatechart(e)])),
  };
}
