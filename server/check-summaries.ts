import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { companyRollupDifferences, summaryDifferences } from './modules/summaries';

/**
 * `npm run check-summaries`: recomputes the order and refund summaries from the raw tables
 * (orders, refunds, audits, settlements) and prints every cell where what the summaries hold
 * differs, measure by measure, then every company cell of the roll-up that differs from the
 * folded totals summed per company; exits 1 when there is any (docs/reports.md). It reads only,
 * a statement each, so it may run beside a working console.
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
  const rollup = await companyRollupDifferences(database.db);
  if (rollup.length > 0) {
    process.stdout.write(
      `${rollup.length} cells of the company roll-up differ from the totals summed per company:\n`,
    );
    for (const r of rollup)
      process.stdout.write(
        `  ${r.day} company ${r.company_id} ${r.brand || '(no brand)'} ${r.currency} proof ${r.proof}: ` +
          `paid_amount ${r.held_paid_amount} (totals ${r.expected_paid_amount}), orders ${r.held_orders} (totals ${r.expected_orders})\n`,
      );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
