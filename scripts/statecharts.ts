/**
 * `npm run statecharts`: writes docs/statecharts/ from the machines in src/machines/registry.ts
 * and the server's status tables in src/machines/statusCharts.ts (one Mermaid page per machine and an index). Pages no machine produces any more are removed.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STATECHART_DIR, statechartFiles } from '../src/machines/diagram';
import { MACHINES } from '../src/machines/registry';
import { STATUS_CHARTS } from '../src/machines/statusCharts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = statechartFiles(MACHINES, STATUS_CHARTS);
const dir = join(root, STATECHART_DIR);
mkdirSync(dir, { recursive: true });
for (const name of readdirSync(dir)) {
  if (name.endsWith('.md') && !(`${STATECHART_DIR}/${name}` in files)) rmSync(join(dir, name));
}
for (const [path, text] of Object.entries(files)) {
  writeFileSync(join(root, path), text);
  console.log(`wrote ${path}`);
}
