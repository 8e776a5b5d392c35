import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's module rule (docs/architecture.md, "The server"): a module under server/modules is
 * used by anything outside it only through its index.ts, the platform uses no module, and the
 * modules' imports of each other never form a cycle. Every import of every file under server/
 * is read (static, re-exports, type-only and dynamic imports alike).
 */
const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'server');
const MODULES = path.join(SERVER, 'modules');
const SOURCE = /\.(ts|mts|cts|tsx|js|mjs)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Relative import specifiers of a file, resolved to paths without their extension. */
function importsOf(file: string, source = readFileSync(file, 'utf8')): string[] {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.resolve(path.dirname(file), spec).replace(SOURCE, ''));
}

/** The module a path belongs to (null outside server/modules), and whether it is the module's index. */
function moduleOf(target: string): { name: string; viaIndex: boolean } | null {
  const rel = path.relative(MODULES, target);
  if (rel.startsWith('..') || path.isAbsolute(rel) || rel === '') return null;
  const [name, ...rest] = rel.split(path.sep);
  return { name, viaIndex: rest.length === 0 || (rest.length === 1 && rest[0] === 'index') };
}

interface Violation {
  file: string;
  imports: string;
  why: string;
}

/** Imports that break the rule, and the module graph (module → modules it imports). */
function checkImports(files: { file: string; imports: string[] }[]) {
  const violations: Violation[] = [];
  const graph = new Map<string, Set<string>>();
  for (const { file, imports } of files) {
    const from = moduleOf(file);
    const inPlatform = !path.relative(path.join(SERVER, 'platform'), file).startsWith('..');
    if (from && !graph.has(from.name)) graph.set(from.name, new Set());
    for (const target of imports) {
      const to = moduleOf(target);
      if (!to || to.name === from?.name) continue;
      const shown = { file: path.relative(ROOT, file), imports: path.relative(ROOT, target) };
      if (inPlatform) violations.push({ ...shown, why: 'the platform imports no module' });
      else if (!to.viaIndex)
        violations.push({
          ...shown,
          why: `another module is imported through its index ('modules/${to.name}')`,
        });
      if (from) graph.get(from.name)!.add(to.name);
    }
  }
  return { violations, graph };
}

/** One cycle of the graph as its path (first module repeated at the end), or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

describe('server module boundaries', () => {
  const files = filesUnder(SERVER).map((file) => ({ file, imports: importsOf(file) }));
  const { violations, graph } = checkImports(files);

  it('a module is imported from outside only through its index.ts; the platform imports none', () => {
    expect(violations).toEqual([]);
  });

  it('every module has an index.ts', () => {
    const modules = readdirSync(MODULES).filter((m) => statSync(path.join(MODULES, m)).isDirectory());
    expect(modules.filter((m) => !existsSync(path.join(MODULES, m, 'index.ts')))).toEqual([]);
  });

  it('the modules import each other without a cycle', () => {
    expect(graph.size).toBeGreaterThan(10);
    expect(findCycle(graph)).toBeNull();
  });

  it('the check itself finds a deep import and a cycle', () => {
    const a = path.join(MODULES, 'a', 'service.ts');
    const b = path.join(MODULES, 'b', 'routes.ts');
    const found = checkImports([
      { file: a, imports: importsOf(a, "import { x } from '../b/queries';") },
      { file: b, imports: importsOf(b, "export type { Y } from '../a';\nconst z = import('../c/index');") },
    ]);
    expect(found.violations.map((v) => v.imports)).toEqual(['server/modules/b/queries']);
    expect(findCycle(found.graph)).toEqual(['a', 'b', 'a']);
    expect(findCycle(new Map([['a', new Set(['b'])]]))).toBeNull();
  });
});
