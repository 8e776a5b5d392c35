import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { sign as sandboxSign } from '../../server/connectors/sandbox';
import { resolveSandboxKey } from '../../server/platform/secrets';
import { backends, startHarness, type Harness } from './harness';
import { orgIds } from './fixtures';
import { merchantClient, orderByGateway, type MerchantClient } from './payments-support';

/** The key earlier READMEs printed as the default: it must sign nothing any more. */
const OLD_DEFAULT_KEY = 'kessai-sandbox-notification-key';

describe('sandbox notification key', () => {
  it('is generated into the data folder (32 random bytes, mode 0600) and kept across starts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kessai-sandbox-key-'));
    try {
      const key = resolveSandboxKey(null, dir);
      const file = path.join(dir, 'sandbox.key');
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(readFileSync(file, 'utf8').trim()).toBe(key);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(resolveSandboxKey(null, dir)).toBe(key);
      expect(resolveSandboxKey(null, mkdtempSync(path.join(tmpdir(), 'kessai-sandbox-key-')))).not.toBe(key);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a configured key shorter than 32 bytes, the old default among them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kessai-sandbox-key-'));
    expect(() => resolveSandboxKey(OLD_DEFAULT_KEY, dir)).toThrow(/at least 32 bytes/);
    expect(() => resolveSandboxKey('x'.repeat(31), dir)).toThrow(/at least 32 bytes/);
    expect(resolveSandboxKey('x'.repeat(32), dir)).toBe('x'.repeat(32));
    rmSync(dir, { recursive: true, force: true });
  });
});

describe.each(backends)('sandbox notifications without a configured key on $name', (backend) => {
  let h: Harness;
  let m: MerchantClient;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kessai-sandbox-app-'));
    h = await startHarness(backend, { captcha: false, demoOrders: 0, sandboxKey: null, dataDir });
    m = await merchantClient(h, (await orgIds(h.db)).company('株式会社ひのき珈琲'));
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const notify = (key: string, body: string) => {
    const ts = String(Math.floor(Date.now() / 1000));
    return h.app.inject({
      method: 'POST',
      url: '/api/notify/paypay',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': ts,
        'x-sandbox-signature': sandboxSign(key, ts, body),
      },
      payload: body,
    });
  };

  it('refuses a notice signed with the old documented default; the generated key signs', async () => {
    const o = (
      await m.create({
        clientOrderNo: `key-${Date.now()}`,
        amount: 500,
        currency: 'JPY',
        paymentType: 'link',
      })
    ).body.result!;
    const paid = JSON.stringify({
      brandOrderNo: o.brandOrderNo,
      merchantOrderNo: o.gatewayOrderNo,
      state: 'COMPLETED',
    });
    const forged = await notify(OLD_DEFAULT_KEY, paid);
    expect(forged.statusCode).toBe(401);
    expect((await orderByGateway(h, o.gatewayOrderNo)).status).not.toBe('success');

    const key = readFileSync(path.join(dataDir, 'sandbox.key'), 'utf8').trim();
    expect(key).not.toBe(OLD_DEFAULT_KEY);
    const real = await notify(key, paid);
    expect(real.statusCode).toBe(200);
  });

  it('does not start on a configured key shorter than 32 bytes', async () => {
    await expect(
      buildApp({ db: h.db, config: { ...h.config, sandboxKey: OLD_DEFAULT_KEY } }),
    ).rejects.toThrow(/at least 32 bytes/);
  });
});
