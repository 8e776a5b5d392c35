import type { Config } from '../config';
import { seedRoleRoutes } from '../modules/access/queries';
import { createHasher } from '../platform/passwords';
import { createSecretBox, resolveSecretKey } from '../platform/secrets';
import type { DatabaseHandle } from './client';
import { seedDemo } from './demo/seed';
import { generateDemoOrders } from './demo/orders';
import { seedDemoLinks } from './demo/links';

/**
 * Migrations, then the default role routes and the demo data on an empty database; one
 * server process at a time, so several started together on one PostgreSQL do not race.
 */
export function prepareDatabase(database: DatabaseHandle, config: Config) {
  return database.exclusive(() => prepareNow(database, config));
}

async function prepareNow(database: DatabaseHandle, config: Config) {
  await database.migrate();
  await seedRoleRoutes(database.db);
  const box = createSecretBox(resolveSecretKey(config.secretKey, config.dataDir));
  const seeded = await seedDemo(database.db, createHasher(config.argon2), config.demoPassword, box);
  // A fresh demo database gets 90 days of orders with refunds and every status.
  if (seeded && config.demoOrders > 0) {
    await generateDemoOrders(database.db, { count: config.demoOrders, days: 90, events: true });
    // A few URL payments and pre-orders in every state for the demo company.
    await seedDemoLinks(database.db, config.timeZone);
  }
  return seeded;
}
