import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { prepareDatabase } from '../prepare';

/** `npm run seed`: migrate and seed the configured database (a no-op when it has operators). */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  const seeded = await prepareDatabase(database, config);
  process.stdout.write(
    seeded
      ? `Demo data created in ${database.kind} (${database.location}); password "${config.demoPassword}".\n`
      : `The database (${database.kind}, ${database.location}) already has operators; nothing seeded.\n`,
  );
} finally {
  await database.close();
}
