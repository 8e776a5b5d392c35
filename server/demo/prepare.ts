import type { Config } from '../config';
import { seedRoleRoutes } from '../modules/access';
import { setBusinessZone } from '../modules/summaries';
import { createHasher } from '../platform/passwords';
import { createSecretBox, resolveSecretKey, type SecretBox } from '../platform/secrets';
import { and, count, isNotNull, ne } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { companies, operators } from '../db/schema';
import { seedDemo } from './seed';
import { generateDemoOrders } from './orders';
import { seedDemoLinks } from './links';
import { seedDemoSettlements } from './settlements';
import { seedDemoStatements } from './statements';
import { seedDemoPayouts } from './payouts';

/** The steps of preparing the database, for the terminal (server/main.ts) on a first start. */
export type PrepareStep =
  | { step: 'migrating' }
  | { step: 'accounts' }
  | { step: 'orders'; done: number; total: number }
  | { step: 'links' }
  | { step: 'statements' }
  | { step: 'payouts' }
  | { step: 'settlements' };

/**
 * Migrations, then the default role routes and the demo data on an empty database; one
 * server process at a time, so several started together on one PostgreSQL do not race.
 */
export function prepareDatabase(
  database: DatabaseHandle,
  config: Config,
  onStep: (step: PrepareStep) => void = () => {},
) {
  return database.exclusive(() => prepareNow(database, config, onStep));
}

async function prepareNow(database: DatabaseHandle, config: Config, onStep: (step: PrepareStep) => void) {
  onStep({ step: 'migrating' });
  await database.migrate();
  await seedRoleRoutes(database.db);
  // The summaries cut business days in the configured zone (rebuilt if it changed).
  await setBusinessZone(database.db, config.timeZone);
  const box = createSecretBox(resolveSecretKey(config.secretKey, config.dataDir));
  const [{ n: accounts }] = await database.db.select({ n: count() }).from(operators);
  if (accounts === 0) onStep({ step: 'accounts' });
  const seeded = await seedDemo(database.db, createHasher(config.argon2), config.demoPassword, box);
  await checkSecretKey(database, box);
  // A fresh demo database gets 90 days of orders with refunds and every status.
  if (seeded && config.demoOrders > 0) {
    const total = config.demoOrders;
    onStep({ step: 'orders', done: 0, total });
    await generateDemoOrders(database.db, {
      count: total,
      days: 90,
      events: true,
      zone: config.timeZone,
      onProgress: (done) => onStep({ step: 'orders', done, total }),
    });
    // A few URL payments and pre-orders in every state for the demo company.
    onStep({ step: 'links' });
    await seedDemoLinks(database.db, config.timeZone);
    // 90 days of the brands' statements, matched: the exceptions hold their orders back.
    if (config.demoStatements) {
      onStep({ step: 'statements' });
      await seedDemoStatements(database.db);
    }
    // 90 days of periods closed from those orders, the older ones paid out.
    onStep({ step: 'settlements' });
    await seedDemoSettlements(database.db, config.timeZone);
    // The brands' payment statements of those settlements and the bank's deposits, matched.
    if (config.demoStatements) {
      onStep({ step: 'payouts' });
      await seedDemoPayouts(database.db, config.timeZone);
    }
  }
  return seeded;
}

/**
 * The secrets already in the database must open with this process's key: a second server
 * process on the same database with another KESSAI_SECRET_KEY (or its own generated key
 * file) would otherwise start and fail on every merchant call. It does not start instead.
 */
async function checkSecretKey(database: DatabaseHandle, box: SecretBox) {
  const [sample] = await database.db
    .select({ stored: companies.paySecretEnc })
    .from(companies)
    .where(and(isNotNull(companies.paySecretEnc), ne(companies.paySecretEnc, '')))
    .limit(1);
  if (!sample?.stored) return;
  try {
    box.decrypt(sample.stored);
  } catch {
    throw new Error(
      'the secrets in this database were encrypted with another key: every server process on one database needs the same KESSAI_SECRET_KEY',
    );
  }
}
