import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Envelope } from '../../src/contract/envelope';
import type { MerchantOrder } from '../../src/contract/merchant';
import { brandSettings, orders } from '../../server/db/schema';
import type { Harness, Reply } from './harness';

/** A merchant request's signature: HMAC-SHA256 over `timestamp \n path \n body` (docs/merchant-api.md). */
export const sign = (secret: string, timestamp: string, path: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}\n${path}\n${body}`).digest('hex');

/** A notification's signature (gateway → merchant): over `timestamp \n body`. */
export const notificationSign = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}\n${body}`).digest('hex');

export interface MerchantClient {
  companyId: number;
  accessToken: string;
  paySecret: string;
  call<T = unknown>(
    path: string,
    body: unknown,
    opts?: { timestamp?: number; sign?: string; token?: string; headers?: Record<string, string> },
  ): Promise<Reply<T>>;
  create(body: Record<string, unknown>): Promise<Reply<MerchantOrder>>;
}

/** New credentials for a company (as the admin), and a client that signs its requests. */
export async function merchantClient(h: Harness, companyId: number): Promise<MerchantClient> {
  const admin = await h.token('admin');
  const r = await h.call<{ credentials: { accessToken: string; paySecret: string } }>(
    '/org/company/regenerateSecret',
    { id: companyId },
    { token: admin },
  );
  if (r.body.resultType !== 'SUCCESS') throw new Error(r.body.resultMessage);
  const { accessToken, paySecret } = r.body.result!.credentials;
  // A signature is accepted once: a retry of the same body signs another second of the window.
  const used = new Set<string>();
  const client: MerchantClient = {
    companyId,
    accessToken,
    paySecret,
    async call<T>(path: string, body: unknown, opts: Parameters<MerchantClient['call']>[2] = {}) {
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      let ts = opts.timestamp ?? Math.floor(Date.now() / 1000);
      if (opts.timestamp === undefined) while (used.has(`${ts}\n${payload}`)) ts -= 1;
      used.add(`${ts}\n${payload}`);
      const timestamp = String(ts);
      const res = await h.app.inject({
        method: 'POST',
        url: `/api${path}`,
        headers: {
          'content-type': 'application/json',
          accesstoken: opts.token ?? accessToken,
          timestamp,
          sign: opts.sign ?? sign(paySecret, timestamp, path, payload),
          ...opts.headers,
        },
        payload,
      });
      return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers };
    },
    create: (body) =>
      client.call<MerchantOrder>('/merchant/pay/create', {
        amount: 1200,
        currency: 'JPY',
        paymentType: 'dynamicQr',
        brand: 'paypay',
        ...body,
      }),
  };
  return client;
}

export async function setBehaviour(h: Harness, companyId: number, brand: string, behaviour: string) {
  await h.db
    .insert(brandSettings)
    .values({ companyId, brand, sandboxBehaviour: behaviour })
    .onConflictDoUpdate({
      target: [brandSettings.companyId, brandSettings.brand],
      set: { sandboxBehaviour: behaviour },
    });
}

export async function orderByGateway(h: Harness, gatewayOrderNo: string) {
  const [o] = await h.db.select().from(orders).where(eq(orders.gatewayOrderNo, gatewayOrderNo));
  return o;
}

/** Waits until every sandbox notification sent so far has been delivered. */
export const notificationsDelivered = (h: Harness) => h.app.deps().connectors.settled();

export async function count(h: Harness, table: string): Promise<number> {
  const res = await h.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
}
