import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { prepareDatabase } from './prepare';
import { generateDemoOrders } from './orders';

/**
 * `npm run seed`: migrate and seed the configured database (a no-op when it has operators).
 * `npm run seed -- --orders N [--days D] [--seed S]`: then add N demo orders (bulk, no timelines).
 */
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return null;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} needs a whole number`);
  return n;
};
const extra = flag('orders');
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  const seeded = await prepareDatabase(database, config);
  process.stdout.write(
    seeded
      ? `Demo data created in ${database.kind} (${database.location}); password "${config.demoPassword}".\n`
      : `The database (${database.kind}, ${database.location}) already has operators; nothing seeded.\n`,
  );
  if (extra) {
    const started = Date.now();
    let last = 0;
    await generateDemoOrders(database.db, {
      count: extra,
      days: flag('days') ?? 90,
      seed: flag('seed') ?? undefined,
      batchSize: 2000,
      onProgress(done) {
        if (done - last >= 100_000 || done === extra) {
          last = done;
          process.stdout.write(`  ${done} orders (${Math.round((Date.now() - started) / 1000)} s)\n`);
        }
      },
    });
    process.stdout.write(`${extra} demo orders added in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  }
} finally {
  await database.close();
}
