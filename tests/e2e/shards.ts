import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The browser specs split into `count` shards of about equal time (scripts/test.ts): each spec's
 * seconds from tests/e2e/durations.json (a spec not listed there counts as the median), the
 * longest first, each to the shard with the least time so far. Playwright's own `--shard` splits
 * by test count, which left one shard ten minutes behind the other: the accessibility and
 * session specs are few tests of many seconds each.
 *
 * A shard is its files' paths from the repository's root (`tests/e2e/orders.spec.ts`): Playwright
 * takes its arguments as patterns over paths, and a bare `orders` would also run orderSync and
 * preorders.
 */
export function planShards(count: number, dir = 'tests/e2e'): { files: string[]; seconds: number }[] {
  const specs = readdirSync(dir)
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
  const known: Record<string, number> = JSON.parse(
    readFileSync(path.join(dir, 'durations.json'), 'utf8'),
  ).seconds;
  const listed = Object.values(known).sort((a, b) => a - b);
  const median = listed.length ? listed[Math.floor(listed.length / 2)] : 1;
  const weighed = specs
    .map((f) => ({ file: `${dir}/${f}`, seconds: known[f.replace(/\.spec\.ts$/, '')] ?? median }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const shards = Array.from({ length: Math.max(1, count) }, () => ({ files: [] as string[], seconds: 0 }));
  for (const spec of weighed) {
    const least = shards.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    least.files.push(spec.file);
    least.seconds += spec.seconds;
  }
  return shards.filter((s) => s.files.length > 0);
}
