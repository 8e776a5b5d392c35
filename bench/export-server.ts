/**
 * The app alone in a process (started by bench/run.ts), so an export's peak memory is this
 * process's VmHWM. Prints `{"port":…}` once it listens; ends on SIGTERM.
 */
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

const config = loadConfig(process.env, { captcha: false, logLevel: 'warn' });
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ db: database.db, config });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
