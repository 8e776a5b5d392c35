/**
 * The order vitest starts the test files in (vitest.config.ts `sequence.sequencer`): the longest
 * first, by the seconds each took in one full run (tests/vitest-durations.json), so the two
 * workers end together instead of one finishing a two-minute suite alone while the other core
 * idles. vitest does the same from its own cache, but a clean clone (CI) has none and would start
 * the largest files first whatever they cost. A file missing from the list (a new one) counts as
 * short; refresh the list with `npx tsx scripts/vitest-durations.ts <vitest JSON report>`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS = path.resolve(import.meta.dirname, '../vitest-durations.json');

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { seconds } = JSON.parse(readFileSync(DURATIONS, 'utf8')) as { seconds: Record<string, number> };
    const root = this.ctx.config.root;
    const cost = (f: TestSpecification) => seconds[path.relative(root, f.moduleId)] ?? 1;
    return [...files].sort((a, b) => cost(b) - cost(a));
  }
}
