import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawnsOf } from '../../src/machines/diagram';
import { rootMachine, rootTestMap } from '../../src/machines/root';

describe('docs/statecharts/root.md: which child each event spawns', () => {
  const workflows = Object.keys(rootMachine.implementations.actors).filter((a) => a !== 'session');
  const spawns = spawnsOf(rootMachine, Object.keys(rootTestMap.events));

  it('finds, from the machine alone, that each workflow’s open spawns it and nothing else spawns', () => {
    expect(Object.fromEntries(spawns)).toEqual(Object.fromEntries(workflows.map((w) => [`${w}.open`, [w]])));
  });

  it('shows it in the events table', () => {
    const page = readFileSync('docs/statecharts/root.md', 'utf8');
    for (const w of workflows) expect(page).toMatch(new RegExp(`\\| ${w}\\.open \\|[^\\n]*\\| \`${w}\` \\|`));
  });
});
