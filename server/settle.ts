import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { closePeriods, isDate, yesterday } from './modules/settlements';
import { systemActor } from './platform/audit';

/**
 * `npm run settle -- [--through yyyy-MM-dd]`: the scheduler's closing run from the command line
 * (docs/settlement.md, "Closing periods"): every period that ended on or before the day given
 * (yesterday in the business time zone by default) is closed; a second run changes nothing. It
 * may run beside the server: each party's closing is serialised by its cursor row.
 */
const args = process.argv.slice(2);
const at = args.indexOf('--through');
const config = loadConfig();
const zone = config.timeZone;
const through = at >= 0 ? (args[at + 1] ?? '') : yesterday(zone);
if (!isDate(through) || through > yesterday(zone)) {
  process.stderr.write(
    `--through needs a date (yyyy-MM-dd) up to yesterday (${yesterday(zone)}), not "${through}"\n`,
  );
  process.exit(2);
}
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  process.stdout.write(`Closing through ${through}…\n`);
  const started = Date.now();
  const r = await closePeriods(database.db, { through, zone, actor: systemActor('npm run settle') });
  process.stdout.write(
    `Closed through ${through}: ${r.settlements} settlements for ${r.parties} parties ` +
      `(${r.orders} orders, ${r.refunds} refunds) in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
  );
} finally {
  await database.close();
}
