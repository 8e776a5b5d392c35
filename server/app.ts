import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { API_TIMEOUT_MS } from '../src/contract/envelope';
import type { Config } from './config';
import type { Db } from './db/client';
import { createApi, type Api } from './platform/api';
import { CaptchaStore, type CaptchaGenerator } from './platform/captcha';
import type { Deps } from './platform/deps';
import { installErrorHandling } from './platform/errors';
import { installRequestLog, loggingOptions } from './platform/logger';
import { BODY_LIMIT, installParsers } from './platform/parsers';
import { createHasher } from './platform/passwords';
import { installSecurityHeaders } from './platform/security';
import { installStatic } from './platform/static';
import { createSecretBox, resolveSandboxKey, resolveSecretKey } from './platform/secrets';
import { accessRoutes } from './modules/access';
import { accountRoutes } from './modules/account';
import { authRoutes } from './modules/auth';
import { healthRoutes } from './modules/health';
import { loginHistoryRoutes } from './modules/loginHistory';
import { orgRoutes } from './modules/org';
import { operatorRoutes } from './modules/operators';
import { terminalRoutes } from './modules/terminals';
import { commissionRoutes } from './modules/commission';
import { auditRoutes } from './modules/audit';
import { checkRoutes } from './modules/checks';
import { orderRoutes } from './modules/orders';
import { refundJobs, refundRoutes } from './modules/refunds';
import { merchantDocsRoutes, merchantRoutes } from './modules/merchant';
import { payerRoutes } from './modules/payer';
import { linkRoutes } from './modules/links';
import { preorderRoutes } from './modules/preorders';
import { searchRoutes } from './modules/search';
import { exportRoutes } from './modules/exports';
import { brandNotifyRoutes, payerUrl } from './modules/payments';
import { createConnectors } from './connectors';
import { createNotifier, notificationJobs, NOTIFY_INTERVAL_MS } from './modules/notifications';
import { recoveryJobs } from './modules/recovery';
import { settlementJobs, settlementRoutes } from './modules/settlements';
import {
  brandTransactionRoutes,
  holdingPoolJobs,
  importRoutes,
  importsSettled,
  reconciliationRoutes,
  statementImportJobs,
} from './modules/reconciliation';
import { payoutJobs, payoutRoutes } from './modules/payouts';
import { summaryJobs } from './modules/summaries';
import { reportJobs, reportRoutes } from './modules/reports';
import { createScheduler, type ModuleJobs } from './platform/jobs';

export interface AppOptions {
  db: Db;
  config: Config;
  /** Where the log goes (tests capture it); stdout otherwise. */
  logStream?: DestinationStream;
  /** Tests replace the captcha image generator to know the answer. */
  captchaGenerator?: CaptchaGenerator;
}

/** Every module's calls, in one list. */
const MODULES: ((api: Api) => void)[] = [
  authRoutes,
  accountRoutes,
  accessRoutes,
  loginHistoryRoutes,
  orgRoutes,
  operatorRoutes,
  terminalRoutes,
  commissionRoutes,
  auditRoutes,
  checkRoutes,
  orderRoutes,
  refundRoutes,
  exportRoutes,
  merchantRoutes,
  payerRoutes,
  linkRoutes,
  preorderRoutes,
  settlementRoutes,
  brandTransactionRoutes,
  reconciliationRoutes,
  importRoutes,
  payoutRoutes,
  searchRoutes,
  reportRoutes,
];

/** Every module's periodic jobs, in one list (in this order when due together). */
const JOBS: ModuleJobs[] = [
  notificationJobs,
  recoveryJobs,
  refundJobs,
  // Before the closings: a day whose holding pool ended holds its 300 orders back from a closing due with it.
  holdingPoolJobs,
  settlementJobs,
  statementImportJobs,
  payoutJobs,
  summaryJobs,
  reportJobs,
];

/** A hop count becomes proxy-addr's rule: the nearest `hops` senders are proxies. */
const trustedProxies = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, i: number) => i < trust : trust;

/** The app: platform plugins first, then the modules. Does not listen (tests use inject). */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { db, config } = opts;
  const app = Fastify({
    ...loggingOptions(config.logLevel, opts.logStream),
    bodyLimit: BODY_LIMIT,
    requestTimeout: API_TIMEOUT_MS,
    connectionTimeout: API_TIMEOUT_MS,
    genReqId: () => randomUUID(),
    trustProxy: trustedProxies(config.trustProxy),
  });
  installRequestLog(app);
  installSecurityHeaders(app);
  installErrorHandling(app);
  await installParsers(app);

  const secrets = createSecretBox(resolveSecretKey(config.secretKey, config.dataDir));
  const deps: Deps = {
    db,
    config,
    hasher: createHasher(config.argon2),
    captchas: new CaptchaStore(db, opts.captchaGenerator),
    secrets,
    notifier: createNotifier({
      db,
      paySecretOf: (encrypted) => secrets.decrypt(encrypted),
      publicUrl: config.publicUrl,
      allowPrivate: config.notifyPrivate,
      onError: (err) => app.log.error({ err }, 'merchant notification not delivered'),
    }),
    jobs: createScheduler({
      db,
      tickMs: Math.min(NOTIFY_INTERVAL_MS, config.recoveryEveryMs),
      onError: (err, job) => app.log.error({ err, job }, 'job failed'),
    }),
    // Sandbox notifications go over HTTP to our own listening address (inject before listen).
    connectors: createConnectors({
      db,
      sandboxKey: resolveSandboxKey(config.sandboxKey, config.dataDir),
      latencyMs: config.sandboxLatencyMs,
      payerUrl: (no) => payerUrl(config.publicUrl, no),
      onError: (err) => app.log.error({ err }, 'sandbox notification not delivered'),
      async deliver(brand, body, headers) {
        const address = app.server.listening ? app.server.address() : null;
        if (address && typeof address === 'object') {
          const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          const target = ['0.0.0.0', '[::]'].includes(host) ? '127.0.0.1' : host;
          const res = await fetch(`http://${target}:${address.port}/api/notify/${brand}`, {
            method: 'POST',
            headers,
            body,
          });
          return res.status;
        }
        const res = await app.inject({ method: 'POST', url: `/api/notify/${brand}`, headers, payload: body });
        return res.statusCode;
      },
    }),
  };
  for (const jobsOf of JOBS) for (const job of jobsOf(deps, app.log)) deps.jobs.register(job);
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    await importsSettled(db);
    await deps.connectors.settled();
  });
  const api = createApi(app, deps);
  for (const register of MODULES) register(api);
  app.decorate('apiCalls', api.calls);
  app.decorate('deps', () => deps);

  brandNotifyRoutes(app, deps);
  merchantDocsRoutes(app);
  healthRoutes(app, db);
  await installStatic(app, config.staticDir);
  return app;
}
