// `npx tsx scripts/vitest-durations.ts <report.json>`: writes tests/vitest-durations.json — the
// seconds each test file took in a vitest JSON report (`vitest run --reporter=json
// --outputFile.json=…`; npm test writes one to its temporary folder) — which
// tests/setup/sequencer.ts reads to start the longest files first.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const report = process.argv[2];
if (!report) throw new Error('usage: tsx scripts/vitest-durations.ts <vitest JSON report>');
const r = JSON.parse(readFileSync(report, 'utf8')) as {
  testResults: { name: string; startTime: number; endTime: number }[];
};
const seconds = Object.fromEntries(
  r.testResults
    .map(
      (f) =>
        [path.relative(process.cwd(), f.name), Math.round((f.endTime - f.startTime) / 100) / 10] as const,
    )
    .sort((a, b) => b[1] - a[1]),
);
writeFileSync(
  'tests/vitest-durations.json',
  `${JSON.stringify(
    {
      about:
        'Seconds each vitest file took in one full run (CI=true, TEST_DATABASE_URL set: the server suites on both databases). tests/setup/sequencer.ts starts the longest first; refresh with scripts/vitest-durations.ts from a run’s JSON report.',
      seconds,
    },
    null,
    2,
  )}\n`,
);
