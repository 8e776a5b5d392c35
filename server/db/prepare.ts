import type { Config } from '../config';
import { seedRoleRoutes } from '../modules/access/queries';
import { createHasher } from '../platform/passwords';
import { createSecretBox, resolveSecretKey } from '../platform/secrets';
import type { DatabaseHandle } from './client';
import { seedDemo } from './demo/seed';

/** Migrations, then the default role routes and the demo data on an empty database. */
export async function prepareDatabase(database: DatabaseHandle, config: Config) {
  await database.migrate();
  await seedRoleRoutes(database.db);
  const box = createSecretBox(resolveSecretKey(config.secretKey, config.dataDir));
  return seedDemo(database.db, createHasher(config.argon2), config.demoPassword, box);
}
