import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { summaryDifferences } from './modules/summaries';

/**
 * `npm run check-summaries`: recomputes the order and refund summaries from the raw tables
 * (orders, refunds, audits, settlements) and prints every cell where what the summaries hold
 * differs, measure by measure; exits 1 when there is any (docs/reports.md). It reads only, in
 * one statement, so it may run beside a working console.
 */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const started = performance.now();
  const differences = await summaryDifferences(database.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (differences.length === 0) {
    process.stdout.write(`The summaries equal the raw tables in every cell (checked in ${seconds} s).\n`);
  } else {
    process.stdout.write(`${differences.length} cells of the summaries differ from the raw tables:\n`);
    for (const d of differences) {
      const c = d.cell;
      const measures = Object.keys(d.held)
        .filter((m) => d.held[m as keyof typeof d.held] !== d.expected[m as keyof typeof d.expected])
        .map(
          (m) => `${m} ${d.held[m as keyof typeof d.held]} (raw ${d.expected[m as keyof typeof d.expected]})`,
        );
      process.stdout.write(
        `  ${c.day} company ${c.company_id} branch ${c.branch_unit_id || '-'} ${c.brand || '(no brand)'} ` +
          `${c.currency} ${c.payment_type} proof ${c.proof}: ${measures.join(', ')}\n`,
      );
    }
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
