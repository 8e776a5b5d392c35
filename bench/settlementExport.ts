/**
 * One settlement's lines export (exportNewDetail, XLSX) in a process of its own, for
 * bench/settlements.ts: prints `rows=N seconds=S`; the parent reads this process's peak RSS.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { operators, settlements } from '../server/db/schema';
import { settlementLinesExport } from '../server/modules/settlements';
import { translatorFor } from '../server/platform/i18n';
import { findPrincipal } from '../server/platform/principal';

const id = Number(process.argv[2]);
const config = loadConfig(process.env, { captcha: false, logLevel: 'warn' });
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ db: database.db, config });
const principal = (await findPrincipal(database.db, eq(operators.loginId, 'admin')))!;
const [s] = await database.db
  .select({ orders: settlements.orderCount, refunds: settlements.refundCount })
  .from(settlements)
  .where(eq(settlements.id, id));
// The call's context as the API would give it to the system admin (no HTTP in between).
const req = {
  url: '/api/history/platformCheckoutInfo/exportNewDetail',
  ip: '127.0.0.1',
  headers: {},
} as FastifyRequest;
const t0 = performance.now();
const file = await settlementLinesExport(
  {
    input: { id, format: 'xlsx' },
    principal,
    session: null!,
    lang: 'jp',
    t: translatorFor('jp'),
    req,
    deps: app.deps(),
  },
  'merchant',
);
let bytes = 0;
await pipeline(
  file.body,
  new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done();
    },
  }),
);
const seconds = (performance.now() - t0) / 1000;
process.stdout.write(`rows=${s.orders + s.refunds} seconds=${seconds.toFixed(2)} bytes=${bytes}\n`);
await app.close();
await database.close();
