import { merchantCalls } from '../../../src/contract/calls/merchant';
import { payerCalls } from '../../../src/contract/calls/payer';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPayBrand, type PayBrand, type PaymentType } from '../../../src/contract/brands';
import {
  MERCHANT_HEADERS,
  type MerchantRefundResult,
  type PayerPreOrderView,
  type PayerView,
} from '../../../src/contract/merchant';
import { OPEN_STATUSES, type OrderStatus } from '../../../src/contract/orders';
import { hasForbiddenCharacters } from '../../../src/contract/validation';
import { orders, refunds } from '../../db/schema';
import type { Api, CallReply } from '../../platform/api';
import { actorOf, systemActor, type AuditActor } from '../../platform/audit';
import { clientIp } from '../../platform/session';
import { fail, notFound } from '../../platform/envelope';
import { fieldError, iso } from '../../platform/lists';
import type { Deps } from '../../platform/deps';
import { IllegalTransition, type OrderRecord } from '../orders/engine';
import { closeOrder, createPayment, reconcile, syncOrder } from '../orders/payments';
import { payerUrl, toMerchantOrder } from '../orders/merchantView';
import { preOrderPayerDecide, preOrderPayerGet } from '../links/payer';
import { freshOrder, payOrder, payerView } from './payer';
import { refundFailedError, refundOrder } from '../orders/refunds';
import { authenticateMerchant, branchOfCompany, merchantOf } from './auth';
import { openApiDocument } from './openapi';

async function merchantOrder(deps: Deps, companyId: number, clientOrderNo: string): Promise<OrderRecord> {
  const [o] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.clientOrderNo, clientOrderNo)));
  if (!o) throw notFound('server.payments.noSuchOrder');
  return o;
}

const merchantActor = (companyId: number, path: string, ip: string): AuditActor => ({
  operatorId: null,
  loginId: `merchant:${companyId}`,
  callPath: path,
  ip,
});

/** The payer on the /qrcode page: nobody logged in, known by the address only. */
const payerActor = (req: FastifyRequest): AuditActor => ({ ...actorOf(null, req), loginId: 'payer' });

/** The merchant API, the payer page's calls and the brands' notifications. */
export function merchantRoutes(api: Api) {
  const merchant = { access: 'public' as const, authenticate: authenticateMerchant };

  api.call(merchantCalls.payCreate, { authenticate: merchant.authenticate }, async (c) => {
    const m = merchantOf(c.req);
    if (c.input.branchUnitId && !(await branchOfCompany(c.deps, m.companyId, c.input.branchUnitId)))
      throw fieldError(c.t, 'branchUnitId', 'validation.branchOfCompany');
    const actor = merchantActor(m.companyId, '/merchant/pay/create', clientIp(c.req));
    const { order, created } = await createPayment(
      c.deps,
      {
        companyId: m.companyId,
        branchUnitId: c.input.branchUnitId ?? null,
        clientOrderNo: c.input.clientOrderNo,
        amount: c.input.amount,
        currency: c.input.currency,
        paymentType: c.input.paymentType as PaymentType,
        brand: (c.input.brand || '') as PayBrand | '',
        subject: c.input.subject,
        expireMinutes: c.input.expireMinutes,
        notifyUrl: c.input.notifyUrl,
      },
      actor,
    );
    return {
      result: toMerchantOrder(order, c.deps.config.publicUrl),
      messageKey: created ? 'server.payments.created' : 'server.payments.alreadyCreated',
    };
  });

  api.call(merchantCalls.payQuery, { authenticate: merchant.authenticate }, async (c) => {
    const m = merchantOf(c.req);
    const order = await merchantOrder(c.deps, m.companyId, c.input.clientOrderNo);
    const actor = merchantActor(m.companyId, '/merchant/pay/query', clientIp(c.req));
    const now = (OPEN_STATUSES as readonly string[]).includes(order.status)
      ? await syncOrder(c.deps, order, 'merchant', actor).catch(() => order)
      : order;
    return { result: toMerchantOrder(now, c.deps.config.publicUrl) };
  });

  api.call(merchantCalls.payClose, { authenticate: merchant.authenticate }, async (c) => {
    const m = merchantOf(c.req);
    const order = await merchantOrder(c.deps, m.companyId, c.input.clientOrderNo);
    const after = await closeOrder(
      c.deps,
      order,
      'merchant',
      merchantActor(m.companyId, '/merchant/pay/close', clientIp(c.req)),
    );
    return { result: toMerchantOrder(after, c.deps.config.publicUrl) };
  });

  api.call(merchantCalls.refund, { authenticate: merchant.authenticate }, async (c) => {
    const m = merchantOf(c.req);
    const order = await merchantOrder(c.deps, m.companyId, c.input.clientOrderNo);
    const outcome = await refundOrder(
      c.deps,
      order,
      {
        orderId: order.id,
        amount: c.input.amount,
        fullRefund: false,
        remark: c.input.remark,
        clientRefundNo: c.input.clientRefundNo,
        operatorId: null,
        source: 'merchant',
      },
      c.t,
      merchantActor(m.companyId, '/merchant/refund/refund', clientIp(c.req)),
    );
    if (outcome.refund.status === 'failed' && outcome.created) throw refundFailedError(outcome);
    const result: MerchantRefundResult = {
      clientOrderNo: order.clientOrderNo,
      clientRefundNo: outcome.refund.clientRefundNo,
      gatewayRefundNo: outcome.refund.gatewayRefundNo,
      brandRefundNo: outcome.refund.brandRefundNo,
      amount: outcome.refund.amount,
      currency: outcome.refund.currency,
      status: outcome.refund.status as MerchantRefundResult['status'],
      orderStatus: outcome.order.status as OrderStatus,
    };
    return { result };
  });

  api.call(merchantCalls.refundQuery, { authenticate: merchant.authenticate }, async (c) => {
    const m = merchantOf(c.req);
    const [row] = await c.deps.db
      .select({ refund: refunds, order: orders })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(eq(refunds.companyId, m.companyId), eq(refunds.clientRefundNo, c.input.clientRefundNo)));
    if (!row) throw notFound('server.payments.noSuchRefund');
    const result: MerchantRefundResult = {
      clientOrderNo: row.order.clientOrderNo,
      clientRefundNo: row.refund.clientRefundNo,
      gatewayRefundNo: row.refund.gatewayRefundNo,
      brandRefundNo: row.refund.brandRefundNo,
      amount: row.refund.amount,
      currency: row.refund.currency,
      status: row.refund.status as MerchantRefundResult['status'],
      orderStatus: row.order.status as OrderStatus,
    };
    return { result };
  });

  // Spec point 7: no session; url, access token and signature headers; JSON { clientOrderNo }.
  api.call(merchantCalls.payUrl, { authenticate: merchant.authenticate }, async (c) => {
    const order = await merchantOrder(c.deps, merchantOf(c.req).companyId, c.input.clientOrderNo);
    if (!(OPEN_STATUSES as readonly string[]).includes(order.status))
      throw fail('server.payments.notPayable');
    const back = c.req.headers[MERCHANT_HEADERS.url];
    const returnUrl = typeof back === 'string' ? back.trim() : '';
    if (returnUrl && (!/^https?:\/\/[^\s]+$/i.test(returnUrl) || hasForbiddenCharacters(returnUrl)))
      throw fieldError(c.t, 'url', 'validation.url');
    const link = payerUrl(c.deps.config.publicUrl, order.gatewayOrderNo);
    return {
      result: {
        clientOrderNo: order.clientOrderNo,
        gatewayOrderNo: order.gatewayOrderNo,
        url: returnUrl ? `${link}&returnUrl=${encodeURIComponent(returnUrl)}` : link,
        expiresAt: order.expiresAt ? iso(order.expiresAt) : null,
      },
    };
  });

  api.call(payerCalls.get, async (c): Promise<CallReply<PayerView | PayerPreOrderView>> => {
    const actor = payerActor(c.req);
    if (c.input.code) return { result: await preOrderPayerGet(c.deps, c.input.code, c.input.orderNo, actor) };
    const [order] = await c.deps.db.select().from(orders).where(eq(orders.gatewayOrderNo, c.input.orderNo));
    if (!order) throw notFound('server.payments.noSuchOrder');
    return { result: await payerView(c.deps, await freshOrder(c.deps, order, actor)) };
  });

  api.call(payerCalls.decide, async (c): Promise<CallReply<PayerView | PayerPreOrderView>> => {
    const actor = payerActor(c.req);
    if (c.input.code) return { result: await preOrderPayerDecide(c.deps, c.input.code, c.input, actor) };
    const [found] = await c.deps.db.select().from(orders).where(eq(orders.gatewayOrderNo, c.input.orderNo));
    if (!found) throw notFound('server.payments.noSuchOrder');
    return { result: await payerView(c.deps, await payOrder(c.deps, found, c.input, actor)) };
  });
}

/**
 * POST /api/notify/:brand: a brand's asynchronous notification. A bad signature is 401; an
 * unknown order 404; a notice the transition table refuses (the order moved on) is
 * acknowledged and changes nothing, so the brand stops resending it.
 */
export function notifyRoutes(app: FastifyInstance, deps: Deps) {
  app.post<{ Params: { brand: string } }>('/api/notify/:brand', async (req, reply) => {
    const { brand } = req.params;
    if (!isPayBrand(brand)) return reply.status(404).send({ code: 'NOT_FOUND' });
    const connector = deps.connectors.get(brand);
    const raw = req.rawBody ?? '';
    if (!connector.verifyNotification(req.headers, raw)) {
      req.log.warn({ brand }, 'notification with a bad signature refused');
      return reply.status(401).send({ code: 'FAIL', message: 'bad signature' });
    }
    let p;
    try {
      p = connector.parseNotification(raw);
    } catch {
      return reply.status(400).send({ code: 'FAIL', message: 'malformed' });
    }
    // Signed, but text the database cannot hold (NUL, a lone surrogate) is no notice either.
    if (Object.values(p).some((v) => typeof v === 'string' && hasForbiddenCharacters(v)))
      return reply.status(400).send({ code: 'FAIL', message: 'malformed' });
    const [order] = await deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.gatewayOrderNo, p.merchantOrderNo), eq(orders.brand, brand)));
    if (!order) return reply.status(404).send({ code: 'FAIL', message: 'no such order' });
    try {
      await reconcile(deps, order.id, p, 'notify', systemActor(`/notify/${brand}`));
    } catch (err) {
      if (!(err instanceof IllegalTransition)) throw err;
      req.log.info({ brand, order: order.gatewayOrderNo, state: p.state }, 'late notification ignored');
    }
    return reply.send({ code: 'SUCCESS' });
  });

  app.get('/api/docs', async (_req, reply) => reply.type('application/json').send(openApiDocument()));
}
