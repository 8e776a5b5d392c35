import { createMachine, type AnyStateMachine } from 'xstate';

/**
 * Reading a generated `stateDiagram-v2` back the way Mermaid reads it, and a machine's own state
 * tree to compare it with (tests/machines/diagrams.test.ts). Written apart from the generator, so
 * a generator that nests states wrongly cannot also read them back wrongly.
 */

type StateNode = AnyStateMachine['root'];

export interface DrawnArrow {
  source: string;
  target: string;
  label: string;
  /** The composite block the arrow is written in (null: the top level). */
  block: string | null;
}

export interface DrawnChart {
  /** Mermaid id → the id of the box it is drawn in (null: the top level). */
  parentOf: Record<string, string | null>;
  arrows: DrawnArrow[];
}

const DECLARE = /^state "[^"]*" as (\w+)( \{)?$/;
const ARROW = /^(\[\*\]|\w+) --> (\[\*\]|\w+)(?: : (.*))?$/;

/**
 * Mermaid (stateDiagram-v2, as of 12.3) puts a state into the last composite block that mentions
 * it, by a `state` line or as either end of an arrow; a mention at the top level puts a state
 * there only if nothing else ever mentions it (its renderer sets a node's parent on every mention
 * inside a block and never clears it). `[*]` is a start or end marker of the block it is in.
 */
export function parseMermaid(text: string): DrawnChart {
  const lines = text.split('\n').map((l) => l.trim());
  if (lines[0] !== 'stateDiagram-v2') throw new Error(`not a stateDiagram-v2: ${lines[0]}`);
  const parentOf: Record<string, string | null> = {};
  const arrows: DrawnArrow[] = [];
  const blocks: string[] = [];
  const current = () => blocks.at(-1) ?? null;
  const mention = (id: string) => {
    if (id !== '[*]' && (current() !== null || !(id in parentOf))) parentOf[id] = current();
  };
  for (const line of lines.slice(1)) {
    let m: RegExpExecArray | null;
    if (!line) continue;
    if (line === '}') {
      if (!blocks.pop()) throw new Error('unbalanced }');
    } else if ((m = DECLARE.exec(line))) {
      mention(m[1]);
      if (m[2]) blocks.push(m[1]);
    } else if ((m = ARROW.exec(line))) {
      mention(m[1]);
      mention(m[2]);
      if (m[1] !== '[*]' && m[2] !== '[*]') {
        arrows.push({ source: m[1], target: m[2], label: m[3] ?? '', block: current() });
      }
    } else {
      throw new Error(`line the reader does not know: ${line}`);
    }
  }
  if (blocks.length) throw new Error(`unclosed blocks: ${blocks.join(', ')}`);
  return { parentOf, arrows };
}

const idOf = (node: StateNode) => node.path.join('__');

export function allStates(machine: AnyStateMachine): StateNode[] {
  const walk = (node: StateNode): StateNode[] =>
    Object.values(node.states).flatMap((child) => [child, ...walk(child)]);
  return walk(machine.root);
}

/** Every state of the machine → its parent state (null: a top-level state), as Mermaid ids. */
export function stateTreeOf(machine: AnyStateMachine): Record<string, string | null> {
  return Object.fromEntries(
    allStates(machine).map((node) => [idOf(node), node.parent === machine.root ? null : idOf(node.parent!)]),
  );
}

/** The composites a state's box must be drawn inside: all its ancestors but the machine. */
export function compositesAround(machine: AnyStateMachine): Record<string, string[]> {
  const around = (node: StateNode): string[] =>
    node.parent && node.parent !== machine.root ? [...around(node.parent), idOf(node.parent)] : [];
  return Object.fromEntries(allStates(machine).map((node) => [idOf(node), around(node)]));
}

export interface Transition {
  eventType: string;
  target?: readonly StateNode[];
  guard?: unknown;
}

/** Every alternative of every transition, with its source (null: the machine itself, in any state). */
export function transitionsOf(
  machine: AnyStateMachine,
): { source: StateNode | null; transition: Transition }[] {
  return [machine.root, ...allStates(machine)].flatMap((node) => {
    const always = ((node as unknown as { always?: Transition[] }).always ?? []).map((t) => ({
      ...t,
      eventType: '',
    }));
    const on = [...node.transitions.values()].flat() as Transition[];
    return [...always, ...on].map((transition) => ({
      source: node === machine.root ? null : node,
      transition,
    }));
  });
}

/**
 * No console machine nests deeper than one composite yet: this one does, with arrows across
 * levels, so the diagrams of a deeper machine are checked before one exists.
 */
export const nestedExample = createMachine({
  id: 'nested',
  initial: 'a',
  on: { RESET: '.a' },
  states: {
    a: {
      initial: 'x',
      on: { LEAVE: 'out' },
      states: {
        x: {
          initial: 'y',
          states: {
            y: { on: { GO: 'w', JUMP: '#nested.a.z', OUT: { target: '#nested.out', guard: 'done' } } },
            w: { on: { UP: '#nested.a' } },
          },
        },
        z: { on: { BACK: '#nested.a.x.w' } },
      },
    },
    out: { type: 'final' },
  },
});
