/**
 * The per-address rate limit of /login and /captcha (hardening issue #12) and the captchas
 * kept in the database: both shared by every server process on the database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { captchas, loginHistory, rateLimits } from '../../server/db/schema';
import {
  backends,
  CAPTCHA_TEXT,
  DEMO_PASSWORD,
  md5Upper,
  startHarness,
  type Harness,
  type Reply,
} from './harness';

/** A window of a day: a test never straddles its end unless it starts right before it. */
const WINDOW_SECONDS = 86_400;
async function awayFromWindowEnd() {
  const left = WINDOW_SECONDS * 1000 - (Date.now() % (WINDOW_SECONDS * 1000));
  if (left < 60_000) await new Promise((r) => setTimeout(r, left + 1000));
}

/** A call from a given client address (inject's remoteAddress). */
async function callFrom(
  h: Harness,
  address: string,
  path: string,
  body?: unknown,
  lang = 'ja',
): Promise<Reply> {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api${path}`,
    remoteAddress: address,
    headers: { 'content-type': 'application/json', 'accept-language': lang },
    payload: JSON.stringify(body ?? {}),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const badLogin = {
  login_id: 'sysop',
  password: md5Upper('wrong-password-1'),
  verycode: 'zzzz',
  captchaId: 'x',
};

describe.each(backends)('rate limits and captchas on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, {
      loginRateLimit: 3,
      captchaRateLimit: 4,
      rateWindowSeconds: WINDOW_SECONDS,
    });
  });
  afterAll(() => h?.close());

  it('refuses the 4th login of an address in a window, in its language, and counts other addresses apart', async () => {
    await awayFromWindowEnd();
    const address = '192.0.2.10';
    for (let i = 0; i < 3; i++) {
      const r = await callFrom(h, address, '/login', badLogin);
      expect(r.body.resultMessage).toBe('認証コードが正しくありません。新しい認証コードを入力してください');
    }
    const before = await h.db.select().from(loginHistory).where(eq(loginHistory.ip, address));
    const ja = await callFrom(h, address, '/login', badLogin);
    expect(ja.body).toMatchObject({ resultType: 'FAIL', result: { retryAfterSeconds: expect.any(Number) } });
    expect(ja.body.resultMessage).toMatch(
      /^このアドレスからの試行が多すぎます。\d+ 秒後にもう一度お試しください$/,
    );
    const en = await callFrom(h, address, '/login', badLogin, 'en');
    expect(en.body.resultMessage).toMatch(
      /^Too many attempts from this address; please try again in \d+ seconds$/,
    );
    const zh = await callFrom(h, address, '/login', badLogin, 'zh-CN');
    expect(zh.body.resultMessage).toMatch(/^来自此地址的尝试过多，请在 \d+ 秒后重试$/);
    // Refused before anything is read: no history row, and the right password does not help.
    const captcha = await callFrom(h, address, '/captcha');
    const right = await callFrom(h, address, '/login', {
      login_id: 'sysop',
      password: md5Upper(DEMO_PASSWORD),
      verycode: CAPTCHA_TEXT,
      captchaId: (captcha.body.result as { captchaId: string }).captchaId,
    });
    expect(right.body.resultType).toBe('FAIL');
    expect(right.body.submitToken).toBe('');
    expect(await h.db.select().from(loginHistory).where(eq(loginHistory.ip, address))).toHaveLength(
      before.length,
    );

    const other = await callFrom(h, '192.0.2.11', '/login', badLogin);
    expect(other.body.resultMessage).toMatch(/認証コード/);
  });

  it('limits /captcha per address on its own counter', async () => {
    await awayFromWindowEnd();
    const address = '192.0.2.20';
    for (let i = 0; i < 4; i++)
      expect((await callFrom(h, address, '/captcha')).body.resultType).toBe('SUCCESS');
    const fifth = await callFrom(h, address, '/captcha', undefined, 'en');
    expect(fifth.body).toMatchObject({
      resultType: 'FAIL',
      result: { retryAfterSeconds: expect.any(Number) },
    });
    expect(fifth.body.resultMessage).toMatch(/^Too many attempts from this address/);
    // The login counter of the address is untouched.
    expect((await callFrom(h, address, '/login', badLogin)).body.resultMessage).toMatch(/認証コード/);
  });

  it('counts concurrent calls atomically: of 20 at once, exactly the limit get through', async () => {
    await awayFromWindowEnd();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => callFrom(h, '192.0.2.30', '/captcha')),
    );
    expect(replies.filter((r) => r.body.resultType === 'SUCCESS')).toHaveLength(4);
  });

  it('lets an address in again in the next window and deletes the rows of windows gone by', async () => {
    await awayFromWindowEnd();
    const address = '192.0.2.40';
    for (let i = 0; i < 4; i++) await callFrom(h, address, '/login', badLogin);
    expect((await callFrom(h, address, '/login', badLogin)).body.result).toHaveProperty('retryAfterSeconds');
    // Its window (and another address's) is over.
    const past = new Date(Date.now() - 2 * WINDOW_SECONDS * 1000);
    await h.db.update(rateLimits).set({ windowStart: past }).where(eq(rateLimits.address, address));
    await h.db
      .insert(rateLimits)
      .values({ bucket: 'login', address: '192.0.2.41', windowStart: past, hits: 9 });
    expect((await callFrom(h, address, '/login', badLogin)).body.resultMessage).toMatch(/認証コード/);
    const left = await h.db.select().from(rateLimits).where(eq(rateLimits.address, '192.0.2.41'));
    expect(left).toHaveLength(0);
  });

  it('stores only a hash of the captcha answer, uses it up once, and deletes expired ones', async () => {
    const [one, two] = ['192.0.2.50', '192.0.2.51'];
    const idOf = (r: Reply) => (r.body.result as { captchaId: string }).captchaId;
    const captchaId = idOf(await callFrom(h, one, '/captcha'));
    const [row] = await h.db.select().from(captchas).where(eq(captchas.id, captchaId));
    expect(row.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.answerHash.toLowerCase()).not.toContain(CAPTCHA_TEXT.toLowerCase());
    const login = { login_id: 'sysop', password: md5Upper(DEMO_PASSWORD), verycode: CAPTCHA_TEXT, captchaId };
    // Two attempts at once with one captcha: exactly one gets past it.
    const both = await Promise.all([callFrom(h, one, '/login', login), callFrom(h, one, '/login', login)]);
    expect(both.map((r) => r.body.resultType).sort()).toEqual(['FAIL', 'SUCCESS']);
    expect(await h.db.select().from(captchas).where(eq(captchas.id, captchaId))).toHaveLength(0);

    // An expired captcha is refused, and the next one issued deletes it.
    const oldId = idOf(await callFrom(h, two, '/captcha'));
    await h.db
      .update(captchas)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchas.id, oldId));
    const late = await callFrom(h, two, '/login', { ...login, captchaId: oldId }, 'en');
    expect(late.body.resultMessage).toBe('The verification code is incorrect; please enter the new one');
    const staleId = idOf(await callFrom(h, two, '/captcha'));
    await h.db
      .update(captchas)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchas.id, staleId));
    await callFrom(h, two, '/captcha');
    expect(await h.db.select().from(captchas).where(eq(captchas.id, staleId))).toHaveLength(0);
  });
});

describe.each(backends)('client address behind a reverse proxy on $name', (backend) => {
  const via = (h: Harness, proxy: string, forwardedFor: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/captcha',
      remoteAddress: proxy,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      payload: '{}',
    });

  it('counts each client behind a trusted proxy apart, and ignores X-Forwarded-For from anyone else', async () => {
    await awayFromWindowEnd();
    // No demo orders: the harness starts inside the test's 30 s (the demo's orders, statements
    // and settlements took longer than that on a loaded machine).
    const h = await startHarness(backend, {
      demoOrders: 0,
      captchaRateLimit: 2,
      rateWindowSeconds: WINDOW_SECONDS,
      trustProxy: '10.0.0.0/8',
    });
    try {
      // Two clients behind the proxy 10.0.0.5: two captchas each.
      for (const client of ['198.51.100.1', '198.51.100.2'])
        for (let i = 0; i < 2; i++)
          expect((await via(h, '10.0.0.5', client)).json().resultType).toBe('SUCCESS');
      expect((await via(h, '10.0.0.5', '198.51.100.1')).json().resultType).toBe('FAIL');
      const rows = await h.db.select().from(rateLimits);
      expect(rows.map((r) => r.address).sort()).toEqual(['198.51.100.1', '198.51.100.2']);
      // A client that is not a trusted proxy cannot name another address to escape its count.
      for (let i = 0; i < 2; i++)
        expect((await via(h, '203.0.113.9', `198.51.100.${10 + i}`)).json().resultType).toBe('SUCCESS');
      expect((await via(h, '203.0.113.9', '198.51.100.99')).json().resultType).toBe('FAIL');
    } finally {
      await h.close();
    }
  });

  it('refuses to start on a KESSAI_TRUST_PROXY that is not addresses, ranges or a hop count', () => {
    expect(() => loadConfig({ KESSAI_TRUST_PROXY: 'true' })).toThrow(/KESSAI_TRUST_PROXY/);
    expect(loadConfig({ KESSAI_TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).trustProxy).toBe(
      '10.0.0.0/8,192.168.1.1',
    );
    expect(loadConfig({ KESSAI_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});
