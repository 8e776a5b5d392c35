import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STATECHART_DIR, mermaidOf, statechartFiles } from '../../src/machines/diagram';
import { MACHINES } from '../../src/machines/registry';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const files = statechartFiles(MACHINES);

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
    expect(statechartFiles(MACHINES)).toEqual(files);
  });

  it('every machine page draws every state of its machine', () => {
    for (const { machine } of MACHINES) {
      const diagram = mermaidOf(machine);
      const walk = (node: typeof machine.root): string[] =>
        Object.values(node.states).flatMap((c) => [c.path.join('__'), ...walk(c)]);
      for (const id of walk(machine.root)) expect(diagram).toMatch(new RegExp(`as ${id}\\b`));
    }
  });
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
    const names = MACHINES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z][A-Za-z0-9-]*$/);
  });
});
