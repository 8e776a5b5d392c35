import path from 'node:path';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH_DEFAULT,
  PASSWORD_MIN_LENGTH_FLOOR,
} from '../src/contract/passwords';

/** Argon2id cost; tests lower it so the suite stays fast. */
export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects node-postgres; otherwise embedded PGlite under dataDir. */
  databaseUrl: string | null;
  demoPassword: string;
  captcha: boolean;
  passwordMinLength: number;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  /**
   * Calls of /login and of /captcha allowed per client address in each rate window (0: no
   * limit), counted in the database so the limit holds across server processes.
   */
  loginRateLimit: number;
  captchaRateLimit: number;
  rateWindowSeconds: number;
  timeZone: string;
  logLevel: string;
  staticDir: string;
  argon2: Argon2Cost;
  /** KESSAI_SECRET_KEY (32 bytes, hex or base64); unset: `<dataDir>/secret.key`, generated once. */
  secretKey: string | null;
  /**
   * HMAC key of the sandbox brands' notifications (KESSAI_SANDBOX_KEY, at least 32 bytes);
   * unset: `<dataDir>/sandbox.key`, generated once. There is no default: a key printed in the
   * README would let anybody forge a brand's notice.
   */
  sandboxKey: string | null;
  /** Base of the links given to payers ('': relative, /qrcode?orderNo=…). */
  publicUrl: string;
  /**
   * KESSAI_SMTP_URL (smtp://user:pass@host:port, smtps://…): scheduled reports are also sent by
   * e-mail; '' (default): they are only listed in the console.
   */
  smtpUrl: string;
  /** KESSAI_SMTP_FROM: the sender of those e-mails. */
  smtpFrom: string;
  /** Demo orders generated on an empty database (90 days). */
  demoOrders: number;
  /**
   * KESSAI_DEMO_STATEMENTS (default on): a fresh demo database also gets 90 days of brand
   * statements, matched (docs/reconciliation.md, "Demo statements"). The server tests' harness
   * turns it off unless a test asks for it (it is most of a demo database's preparation time).
   */
  demoStatements: boolean;
  /**
   * KESSAI_NOTIFY_PRIVATE=allow: merchant notifications may go to loopback and private
   * addresses (development, a merchant system on the same network). Off by default: a
   * notifyUrl cannot make the server call into its own network.
   */
  notifyPrivate: boolean;
  /** KESSAI_UPLOAD_TIMEOUT_MS: time a worker has to read an uploaded file before it is refused. */
  uploadTimeoutMs: number;
  /**
   * KESSAI_RECOVERY_AFTER_MS: a refund, payment or close that has not moved for this long is
   * asked about at its brand by the recovery job (docs/api.md, "Work in flight").
   */
  recoveryAfterMs: number;
  /** KESSAI_RECOVERY_EVERY_MS: how often the recovery job runs. */
  recoveryEveryMs: number;
  /**
   * KESSAI_STATEMENT_FETCH_DAYS: how many business days back (up to yesterday in each brand's
   * time zone) the statement fetching schedules (docs/reconciliation.md, "Import").
   */
  statementFetchDays: number;
  /**
   * KESSAI_IMPORT_LEASE_MS: a statement import that has not moved for this long was left by a
   * process that died: another takes it over.
   */
  importLeaseMs: number;
  /**
   * KESSAI_SANDBOX_LATENCY_MS: each sandbox brand call takes between half this and this long,
   * before and again after the brand books it, as a real brand's round trip does (0: instant).
   */
  sandboxLatencyMs: number;
  /**
   * KESSAI_TRUST_PROXY: the reverse proxies whose X-Forwarded-For names the client (the client
   * address of rate limits, login history and audit rows): a comma-separated list of addresses
   * or CIDR ranges, or a number of hops; unset: none, the socket's address is the client's.
   */
  trustProxy: string | number | false;
  /**
   * KESSAI_REFUND_APPROVAL_THRESHOLD: console refunds above this amount (minor units of the
   * order's currency) wait for a second user's approval, unless the company sets its own.
   */
  refundApprovalThreshold: number;
}

type Env = Record<string, string | undefined>;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

function num(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`${key} must be a number, got "${raw}"`);
  return clamp(Math.floor(n), min, max);
}

function str(env: Env, key: string, fallback: string): string {
  const raw = env[key]?.trim();
  return raw ? raw : fallback;
}

/** `true` (trust every sender) is refused: any client could then name its own address. */
function trustProxyOf(raw: string | undefined): string | number | false {
  const value = raw?.trim() ?? '';
  if (value === '') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const parts = value.split(',').map((p) => p.trim());
  const address = /^(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(?:\/\d{1,3})?$/;
  const bad = parts.find((p) => !address.test(p));
  if (bad !== undefined)
    throw new Error(
      `KESSAI_TRUST_PROXY must list proxy addresses or CIDR ranges, or a hop count; got "${bad}"`,
    );
  return parts.join(',');
}

/** Reads the environment; `overrides` lets tests set any field directly. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const captchaRaw = str(env, 'KESSAI_CAPTCHA', 'on').toLowerCase();
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const config: Config = {
    port: num(env, 'PORT', 8080, 0, 65535),
    host: str(env, 'HOST', '0.0.0.0'),
    dataDir: path.resolve(str(env, 'KESSAI_DATA_DIR', './data')),
    databaseUrl,
    demoPassword: str(env, 'KESSAI_DEMO_PASSWORD', 'kessai-demo-2026'),
    captcha: !['off', 'false', '0', 'no'].includes(captchaRaw),
    // The contract's password rules (src/contract/passwords.ts) bound the configured minimum.
    passwordMinLength: num(
      env,
      'KESSAI_PASSWORD_MIN_LENGTH',
      PASSWORD_MIN_LENGTH_DEFAULT,
      PASSWORD_MIN_LENGTH_FLOOR,
      PASSWORD_MAX_LENGTH,
    ),
    sessionIdleMinutes: num(env, 'KESSAI_SESSION_IDLE_MINUTES', 15, 1, 24 * 60),
    sessionMaxHours: num(env, 'KESSAI_SESSION_MAX_HOURS', 12, 1, 24 * 7),
    loginMaxFailures: num(env, 'KESSAI_LOGIN_MAX_FAILURES', 5, 1, 100),
    loginLockMinutes: num(env, 'KESSAI_LOGIN_LOCK_MINUTES', 30, 1, 24 * 60),
    loginRateLimit: num(env, 'KESSAI_LOGIN_RATE_LIMIT', 60, 0, 1_000_000),
    captchaRateLimit: num(env, 'KESSAI_CAPTCHA_RATE_LIMIT', 120, 0, 1_000_000),
    rateWindowSeconds: num(env, 'KESSAI_RATE_WINDOW_SECONDS', 60, 1, 24 * 3600),
    timeZone: str(env, 'KESSAI_TIME_ZONE', 'Asia/Tokyo'),
    logLevel: str(env, 'KESSAI_LOG_LEVEL', 'info'),
    staticDir: path.resolve(str(env, 'KESSAI_STATIC_DIR', './dist')),
    // OWASP's Argon2id minimum (19 MiB, t=2).
    argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    secretKey: env.KESSAI_SECRET_KEY?.trim() || null,
    sandboxKey: env.KESSAI_SANDBOX_KEY?.trim() || null,
    publicUrl: str(env, 'KESSAI_PUBLIC_URL', '').replace(/\/+$/, ''),
    smtpUrl: str(env, 'KESSAI_SMTP_URL', ''),
    smtpFrom: str(env, 'KESSAI_SMTP_FROM', 'Kessai <no-reply@kessai.invalid>'),
    demoOrders: num(env, 'KESSAI_DEMO_ORDERS', 3000, 0, 1_000_000),
    demoStatements: !['off', 'false', '0', 'no'].includes(
      str(env, 'KESSAI_DEMO_STATEMENTS', 'on').toLowerCase(),
    ),
    notifyPrivate: ['allow', 'on', 'true', '1', 'yes'].includes(
      str(env, 'KESSAI_NOTIFY_PRIVATE', 'deny').toLowerCase(),
    ),
    uploadTimeoutMs: num(env, 'KESSAI_UPLOAD_TIMEOUT_MS', 20_000, 1_000, 600_000),
    recoveryAfterMs: num(env, 'KESSAI_RECOVERY_AFTER_MS', 120_000, 0, 86_400_000),
    recoveryEveryMs: num(env, 'KESSAI_RECOVERY_EVERY_MS', 15_000, 200, 3_600_000),
    statementFetchDays: num(env, 'KESSAI_STATEMENT_FETCH_DAYS', 7, 0, 366),
    importLeaseMs: num(env, 'KESSAI_IMPORT_LEASE_MS', 60_000, 1_000, 3_600_000),
    sandboxLatencyMs: num(env, 'KESSAI_SANDBOX_LATENCY_MS', 0, 0, 10_000),
    trustProxy: trustProxyOf(env.KESSAI_TRUST_PROXY),
    refundApprovalThreshold: num(env, 'KESSAI_REFUND_APPROVAL_THRESHOLD', 100_000, 0, 999_999_999_999),
  };
  const merged = { ...config, ...overrides };
  merged.passwordMinLength = clamp(merged.passwordMinLength, PASSWORD_MIN_LENGTH_FLOOR, PASSWORD_MAX_LENGTH);
  return merged;
}
