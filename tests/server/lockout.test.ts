/**
 * The login lockout under concurrency (hardening issue #12, fault 2): counting and locking are
 * one atomic step on the account's row, taken before the password is checked, so a burst of
 * wrong passwords gets at most KESSAI_LOGIN_MAX_FAILURES checks, the account ends locked, and
 * a right password in the burst is refused. A failure never shortens or clears a lock.
 * PGlite serialises the statements (one connection); PostgreSQL runs them concurrently.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginHistory, operators } from '../../server/db/schema';
import type { PasswordHasher } from '../../server/platform/passwords';
import { backends, DEMO_PASSWORD, md5Upper, operatorByLogin, startHarness, type Harness } from './harness';

const WRONG = md5Upper('not-the-password-1');
const RIGHT = md5Upper(DEMO_PASSWORD);

const reasonsOf = async (h: Harness, loginId: string) =>
  (await h.db.select().from(loginHistory).where(eq(loginHistory.loginId, loginId))).map((r) =>
    r.success ? 'success' : r.reason,
  );

const countOf = (list: (string | null)[], value: string) => list.filter((v) => v === value).length;

/** Waits for a condition the test itself brings about (bounded, so a bug fails instead of hanging). */
async function until(condition: () => boolean, what: string) {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 60_000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Replaces the app's password hasher with one that counts the checks and, while `hold` is on,
 * keeps each check waiting until `release()`: a check "in flight" for as long as the test needs.
 */
function watchChecks(h: Harness, hold = false) {
  const deps = h.app.deps();
  const original = deps.hasher;
  let release!: () => void;
  const gate = hold ? new Promise<void>((r) => (release = r)) : Promise.resolve();
  const watch = { started: 0, release: () => release(), restore: () => (deps.hasher = original) };
  const watched: PasswordHasher = {
    ...original,
    async verify(hash, digest) {
      watch.started += 1;
      await gate;
      return original.verify(hash, digest);
    },
  };
  deps.hasher = watched;
  return watch;
}

describe.each(backends)('login lockout under concurrency on $name', (backend) => {
  let h: Harness;
  const answered = { count: 0 };
  const attempt = (loginId: string, password: string, lang?: string) =>
    h.call('/login', { login_id: loginId, password }, { lang }).then((r) => {
      answered.count += 1;
      return r;
    });

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false });
  });
  afterAll(() => h?.close());

  it('50 concurrent wrong passwords get at most 5 checks and leave the account locked', async () => {
    await h.createOperator({ loginId: 'burst-50', operatorType: 30 });
    const watch = watchChecks(h);
    try {
      const replies = await Promise.all(Array.from({ length: 50 }, () => attempt('burst-50', WRONG)));
      expect(watch.started).toBeLessThanOrEqual(5);
      expect(replies.every((r) => r.body.resultType === 'FAIL')).toBe(true);
    } finally {
      watch.restore();
    }
    const account = await operatorByLogin(h.db, 'burst-50');
    expect(account.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    // One history row per attempt: the checked ones as wrong passwords, the rest as locked.
    const reasons = await reasonsOf(h, 'burst-50');
    expect(reasons).toHaveLength(50);
    expect(countOf(reasons, 'badCredentials')).toBeLessThanOrEqual(5);
    expect(countOf(reasons, 'badCredentials') + countOf(reasons, 'locked')).toBe(50);
    // Locked for everybody now, the right password too.
    const after = await attempt('burst-50', RIGHT, 'en');
    expect(after.body.resultMessage).toMatch(/^Too many failed logins: the account is locked until /);
  });

  it('refuses the right password sent behind 29 wrong ones while their checks are in flight', async () => {
    await h.createOperator({ loginId: 'burst-right', operatorType: 30 });
    const watch = watchChecks(h, true);
    answered.count = 0;
    try {
      const first = Array.from({ length: 29 }, () => attempt('burst-right', WRONG));
      // Every one of the 29 is either being checked (held) or already answered.
      await until(() => watch.started + answered.count >= 29, 'the first 29 attempts');
      const right = attempt('burst-right', RIGHT, 'en');
      const rest = Array.from({ length: 20 }, () => attempt('burst-right', WRONG));
      await until(() => watch.started + answered.count >= 50, 'all 50 attempts');
      watch.release();
      const [rightReply] = await Promise.all([right, ...first, ...rest]);
      expect(rightReply.body.resultType).toBe('FAIL');
      expect(rightReply.body.resultMessage).toMatch(/the account is locked until/);
      expect(rightReply.body.submitToken).toBe('');
      expect(watch.started).toBeLessThanOrEqual(5);
    } finally {
      watch.release();
      watch.restore();
    }
    const account = await operatorByLogin(h.db, 'burst-right');
    expect(account.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(countOf(await reasonsOf(h, 'burst-right'), 'success')).toBe(0);
  });

  it('a late wrong password neither shortens nor clears a lock set while it was checked', async () => {
    await h.createOperator({ loginId: 'late-failure', operatorType: 30 });
    const watch = watchChecks(h, true);
    const farAway = new Date(Date.now() + 6 * 3_600_000);
    try {
      const late = attempt('late-failure', WRONG);
      await until(() => watch.started === 1, 'the check to start');
      // Meanwhile the account is locked for longer than a login lock (another process's burst).
      await h.db.update(operators).set({ lockedUntil: farAway }).where(eq(operators.loginId, 'late-failure'));
      watch.release();
      await late;
    } finally {
      watch.release();
      watch.restore();
    }
    expect((await operatorByLogin(h.db, 'late-failure')).lockedUntil).toEqual(farAway);
  });

  it('a right password whose account locks while it is checked is refused', async () => {
    await h.createOperator({ loginId: 'locked-meanwhile', operatorType: 30 });
    const watch = watchChecks(h, true);
    const lock = new Date(Date.now() + 30 * 60_000);
    try {
      const pending = attempt('locked-meanwhile', RIGHT);
      await until(() => watch.started === 1, 'the check to start');
      await h.db
        .update(operators)
        .set({ lockedUntil: lock })
        .where(eq(operators.loginId, 'locked-meanwhile'));
      watch.release();
      const reply = await pending;
      expect(reply.body.resultType).toBe('FAIL');
      expect(reply.body.submitToken).toBe('');
    } finally {
      watch.release();
      watch.restore();
    }
    expect((await operatorByLogin(h.db, 'locked-meanwhile')).lockedUntil).toEqual(lock);
    expect(await reasonsOf(h, 'locked-meanwhile')).toEqual(['locked']);
  });

  it('4 wrong passwords one after the other, then the right one, still signs in', async () => {
    await h.createOperator({ loginId: 'four-then-right', operatorType: 30 });
    for (let i = 0; i < 4; i++) await attempt('four-then-right', WRONG);
    const reply = await attempt('four-then-right', RIGHT);
    expect(reply.body.resultType).toBe('SUCCESS');
    expect(await operatorByLogin(h.db, 'four-then-right')).toMatchObject({
      failedLoginCount: 0,
      lockedUntil: null,
    });
  });
});
