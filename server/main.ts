import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase, type PrepareStep } from './demo/prepare';
import { buildApp } from './app';
import { DEMO_LOGINS } from './demo/data';

const say = (line: string) => process.stdout.write(`Kessai: ${line}\n`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** What the terminal shows while the database is prepared (a first start takes a while). */
function showStep(step: PrepareStep) {
  switch (step.step) {
    case 'migrating':
      return say('migrating the database…');
    case 'accounts':
      return say('first start: demo organisations and accounts…');
    case 'orders':
      return say(`first start: demo orders ${step.done}/${step.total}…`);
    case 'links':
      return say('first start: demo URL payments and pre-orders…');
    case 'statements':
      return say('first start: demo brand statements (90 days fetched from the sandboxes and matched)…');
    case 'settlements':
      return say('first start: demo settlements (90 days of periods closed, older ones paid out)…');
    case 'payouts':
      return say('first start: demo brand payouts (payment statements and bank deposits, matched)…');
  }
}

/** Start: config, database (migrate, seed), app, listen; stop cleanly on SIGINT/SIGTERM. */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  if (config.databaseUrl) say('connecting to PostgreSQL…');
  else if (existsSync(path.join(config.dataDir, 'pglite'))) say(`opening the database in ${config.dataDir}…`);
  else say(`creating the database in ${config.dataDir}…`);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database, config, showStep);
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

  // The banner below names the address; Fastify's own line per network interface would come
  // out around it (one of them after it), so listen is quiet.
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.log.level = level;
  await app.deps().jobs.start();
  // The log lines written so far come out before the banner, which stays the last thing shown.
  // (Fastify's logger is pino, whose flush the base logger type leaves out.)
  await new Promise<void>((resolve) => (app.log as unknown as Logger).flush(() => resolve()));
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `Kessai console: http://${shownHost}:${config.port}/  (ready in ${seconds(started)})`,
    `Database: ${database.kind} (${database.location})`,
    `Captcha: ${config.captcha ? 'on' : 'off'}`,
    `Demo logins (password "${config.demoPassword}"): ${DEMO_LOGINS.join(', ')}`,
    `Log level: ${config.logLevel}${config.logLevel === 'debug' || config.logLevel === 'trace' ? '' : ' (KESSAI_LOG_LEVEL=debug adds a line per request)'}`,
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
