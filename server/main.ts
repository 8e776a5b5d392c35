import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';
import { buildApp } from './app';
import { DEMO_LOGINS } from './db/demo/data';

/** Start: config, database (migrate, seed), app, listen; stop cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database, config);
  const app = await buildApp({ db: database.db, config });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close().catch((err) => app.log.error({ err }, 'close failed'));
    await database.close().catch((err) => app.log.error({ err }, 'database close failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  await app.deps().jobs.start();
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `Kessai console: http://${shownHost}:${config.port}/`,
    `Database: ${database.kind} (${database.location})`,
    `Captcha: ${config.captcha ? 'on' : 'off'}`,
    `Demo logins (password "${config.demoPassword}"): ${DEMO_LOGINS.join(', ')}`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Kessai failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
