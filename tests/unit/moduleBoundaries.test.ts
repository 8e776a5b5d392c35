import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The house's rules (docs/architecture.md, "Layers"): every file of src/ and server/ belongs to a
 * layer, and imports only files of its own layer or of the layers below it on its side (the
 * contract and i18n are shared by both sides; the console never imports the server, nor the
 * server the console's machines, services or screens); no import circle, file to file, anywhere;
 * a module under server/modules is used from outside only through its index.ts, and the modules'
 * imports of each other form no cycle. Every import is read: static, re-exports, type-only and
 * dynamic ones alike.
 */
const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'server');
const MODULES = path.join(SERVER, 'modules');
const SOURCE = /\.(ts|mts|cts|tsx|js|mjs)$/;

type Side = 'shared' | 'server' | 'console';
interface Layer {
  name: string;
  side: Side;
  /** Paths (from the repository's root) of the files and folders it holds. */
  holds: string[];
}

/** Bottom to top: a layer imports its own and the ones before it (on its side or shared). */
const LAYERS: Layer[] = [
  { name: 'contract', side: 'shared', holds: ['src/contract'] },
  { name: 'i18n', side: 'shared', holds: ['src/i18n'] },
  { name: 'config', side: 'server', holds: ['server/config.ts'] },
  { name: 'db', side: 'server', holds: ['server/db'] },
  { name: 'formats', side: 'server', holds: ['server/formats'] },
  { name: 'connectors', side: 'server', holds: ['server/connectors'] },
  { name: 'platform', side: 'server', holds: ['server/platform'] },
  { name: 'modules', side: 'server', holds: ['server/modules'] },
  { name: 'demo', side: 'server', holds: ['server/demo'] },
  {
    name: 'server app',
    side: 'server',
    holds: [
      'server/app.ts',
      'server/main.ts',
      'server/settle.ts',
      'server/check-rates.ts',
      'server/check-summaries.ts',
    ],
  },
  { name: 'machines', side: 'console', holds: ['src/machines'] },
  { name: 'services', side: 'console', holds: ['src/services'] },
  {
    name: 'screens',
    side: 'console',
    holds: ['src/components', 'src/lists', 'src/app', 'src/screens', 'src/main.tsx'],
  },
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : filesUnder(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names (with its extension or as a folder's index), or null. */
function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts', '.js', '.mjs'].map((ext) => base + ext),
    ...['index.ts', 'index.tsx'].map((index) => path.join(base, index)),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** The files a file imports (relative specifiers, resolved), from its source. */
function importsOf(file: string, source = readFileSync(file, 'utf8')): string[] {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolveImport(file, spec) ?? path.resolve(path.dirname(file), spec));
}

function layerOf(file: string, layers = LAYERS): number {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  return layers.findIndex((l) => l.holds.some((h) => rel === h || rel.startsWith(h + '/')));
}

interface Violation {
  file: string;
  imports: string;
  why: string;
}
const shown = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');

/** Imports that go up a layer or across to the other side. */
function layerViolations(graph: Map<string, string[]>, layers = LAYERS): Violation[] {
  const out: Violation[] = [];
  for (const [file, imports] of graph) {
    const from = layerOf(file, layers);
    for (const target of imports) {
      const to = layerOf(target, layers);
      if (from < 0 || to < 0 || to === from) continue;
      const a = layers[from];
      const b = layers[to];
      if (to > from)
        out.push({ file: shown(file), imports: shown(target), why: `${a.name} is under ${b.name}` });
      else if (b.side !== 'shared' && b.side !== a.side)
        out.push({
          file: shown(file),
          imports: shown(target),
          why: `${a.name} (${a.side}) never imports ${b.name} (${b.side})`,
        });
    }
  }
  return out;
}

/** Files in no layer (a new top-level folder must be given its place). */
const unplaced = (files: string[]) => files.filter((f) => layerOf(f) < 0).map(shown);

/** The module a path belongs to (null outside server/modules), and whether it is the module's index. */
function moduleOf(target: string): { name: string; viaIndex: boolean } | null {
  const rel = path.relative(MODULES, target).replace(SOURCE, '');
  if (rel.startsWith('..') || path.isAbsolute(rel) || rel === '') return null;
  const [name, ...rest] = rel.split(path.sep);
  return { name, viaIndex: rest.length === 0 || (rest.length === 1 && rest[0] === 'index') };
}

/** Deep imports of a module from outside it, and the module graph (module → modules it imports). */
function moduleImports(graph: Map<string, string[]>) {
  const violations: Violation[] = [];
  const modules = new Map<string, Set<string>>();
  for (const [file, imports] of graph) {
    const from = moduleOf(file);
    if (from && !modules.has(from.name)) modules.set(from.name, new Set());
    for (const target of imports) {
      const to = moduleOf(target);
      if (!to || to.name === from?.name) continue;
      if (!to.viaIndex)
        violations.push({
          file: shown(file),
          imports: shown(target),
          why: `another module is imported through its index ('modules/${to.name}')`,
        });
      if (from) modules.get(from.name)!.add(to.name);
    }
  }
  return { violations, modules };
}

/** Every import circle (strongly connected files, Tarjan), each as its files sorted. */
function circles(graph: Map<string, string[]>, label: (node: string) => string = shown): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const circle: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      circle.push(w);
    } while (w !== v);
    if (circle.length > 1 || graph.get(v)!.includes(v)) found.push(circle.map(label).sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

const moduleGraphOf = (modules: Map<string, Set<string>>) =>
  new Map([...modules].map(([m, to]) => [m, [...to]]));

const graphOf = (files: { file: string; imports: string[] }[]) =>
  new Map(files.map(({ file, imports }) => [file, imports]));

describe('the house: layers, circles, module boundaries', () => {
  const files = ['src', 'server'].flatMap((d) => filesUnder(path.join(ROOT, d)));
  const graph = graphOf(files.map((file) => ({ file, imports: importsOf(file) })));

  it('every file of src/ and server/ has its layer', () => {
    expect(unplaced(files)).toEqual([]);
  });

  it('a layer imports only itself and the layers under it, on its side', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it('no import circle, file to file, anywhere in src/ and server/', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(circles(graph)).toEqual([]);
  });

  it('a module is imported from outside only through its index.ts', () => {
    expect(moduleImports(graph).violations).toEqual([]);
  });

  it('every module has an index.ts', () => {
    const modules = readdirSync(MODULES).filter((m) => statSync(path.join(MODULES, m)).isDirectory());
    expect(modules.filter((m) => !existsSync(path.join(MODULES, m, 'index.ts')))).toEqual([]);
  });

  it('the modules import each other without a cycle', () => {
    const { modules } = moduleImports(graph);
    expect(modules.size).toBeGreaterThan(10);
    expect(circles(moduleGraphOf(modules), String)).toEqual([]);
  });

  it('the checks themselves find an upward import, a crossing, a deep import and a circle', () => {
    const at = (p: string) => path.join(ROOT, p);
    expect(
      importsOf(
        at('server/modules/orders/x.ts'),
        "export type { Y } from '../../platform/api';\nconst z = import('../payments');",
      ).map(shown),
    ).toEqual(['server/platform/api.ts', 'server/modules/payments/index.ts']);
    const fake = graphOf([
      { file: at('server/platform/a.ts'), imports: [at('server/modules/b/queries.ts')] },
      { file: at('server/modules/b/queries.ts'), imports: [at('server/platform/a.ts')] },
      { file: at('src/machines/m.ts'), imports: [at('server/db/client.ts')] },
    ]);
    expect(layerViolations(fake).map((v) => [v.file, v.why])).toEqual([
      ['server/platform/a.ts', 'platform is under modules'],
      ['src/machines/m.ts', 'machines (console) never imports db (server)'],
    ]);
    expect(circles(fake)).toEqual([['server/modules/b/queries.ts', 'server/platform/a.ts']]);
    const deep = graphOf([
      { file: at('server/modules/a/service.ts'), imports: [at('server/modules/b/queries.ts')] },
      { file: at('server/modules/b/routes.ts'), imports: [at('server/modules/a/index.ts')] },
    ]);
    const { violations, modules } = moduleImports(deep);
    expect(violations.map((v) => v.imports)).toEqual(['server/modules/b/queries.ts']);
    expect(circles(moduleGraphOf(modules), String)).toEqual([['a', 'b']]);
    expect(unplaced([at('src/elsewhere/x.ts')])).toEqual(['src/elsewhere/x.ts']);
  });
});
