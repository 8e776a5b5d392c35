import { merchantCalls } from '../../../src/contract/calls/merchant';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MERCHANT_HEADERS, type MerchantRefundResult } from '../../../src/contract/merchant';
import { OPEN_STATUSES } from '../../../src/contract/orders';
import { hasForbiddenCharacters } from '../../../src/contract/validation';
import { orders, refunds } from '../../db/schema';
import type { Api, ServerOptions } from '../../platform/api';
import type { AuditActor } from '../../platform/audit';
import { clientIp } from '../../platform/session';
import { fail, notFound } from '../../platform/envelope';
import { fieldError, iso } from '../../platform/lists';
import type { Deps } from '../../platform/deps';
import {
  closeOrder,
  createPayment,
  payerUrl,
  syncOrder,
  toMerchantOrder,
  type OrderRecord,
} from '../payments';
import { refundFailedError, refundOrder } from '../refunds';
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

/** The calling merchant's order of the call's client order number, and the call's audit actor. */
async function orderOfCall(
  c: { req: FastifyRequest; deps: Deps; input: { clientOrderNo: string } },
  path: string,
): Promise<{ order: OrderRecord; actor: AuditActor }> {
  const m = merchantOf(c.req);
  const order = await merchantOrder(c.deps, m.companyId, c.input.clientOrderNo);
  return { order, actor: merchantActor(m.companyId, path, clientIp(c.req)) };
}

/** The merchant API (the payer page's calls are server/modules/payer's). */
/** A refund as the merchant API shows it, with its order's status now. */
const merchantRefundResult = (
  order: Pick<typeof orders.$inferSelect, 'clientOrderNo' | 'status'>,
  refund: Pick<
    typeof refunds.$inferSelect,
    'clientRefundNo' | 'gatewayRefundNo' | 'brandRefundNo' | 'amount' | 'currency' | 'status'
  >,
): MerchantRefundResult => ({
  clientOrderNo: order.clientOrderNo,
  clientRefundNo: refund.clientRefundNo,
  gatewayRefundNo: refund.gatewayRefundNo,
  brandRefundNo: refund.brandRefundNo,
  amount: refund.amount,
  currency: refund.currency,
  status: refund.status,
  orderStatus: order.status,
});

export function merchantRoutes(api: Api) {
  /** The merchant API's calls are public, authenticated by their signature. */
  const signed: ServerOptions = { authenticate: authenticateMerchant };

  api.call(merchantCalls.payCreate, signed, async (c) => {
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
        paymentType: c.input.paymentType,
        brand: c.input.brand || '',
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

  api.call(merchantCalls.payQuery, signed, async (c) => {
    const { order, actor } = await orderOfCall(c, '/merchant/pay/query');
    const now = (OPEN_STATUSES as readonly string[]).includes(order.status)
      ? await syncOrder(c.deps, order, 'merchant', actor).catch(() => order)
      : order;
    return { result: toMerchantOrder(now, c.deps.config.publicUrl) };
  });

  api.call(merchantCalls.payClose, signed, async (c) => {
    const { order, actor } = await orderOfCall(c, '/merchant/pay/close');
    const after = await closeOrder(c.deps, order, 'merchant', actor);
    return { result: toMerchantOrder(after, c.deps.config.publicUrl) };
  });

  api.call(merchantCalls.refund, signed, async (c) => {
    const { order, actor } = await orderOfCall(c, '/merchant/refund/refund');
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
      actor,
    );
    if (outcome.refund.status === 'failed' && outcome.created) throw refundFailedError(outcome);
    return { result: merchantRefundResult(outcome.order, outcome.refund) };
  });

  api.call(merchantCalls.refundQuery, signed, async (c) => {
    const m = merchantOf(c.req);
    const [row] = await c.deps.db
      .select({ refund: refunds, order: orders })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(eq(refunds.companyId, m.companyId), eq(refunds.clientRefundNo, c.input.clientRefundNo)));
    if (!row) throw notFound('server.payments.noSuchRefund');
    return { result: merchantRefundResult(row.order, row.refund) };
  });

  // Spec point 7: no session; url, access token and signature headers; JSON { clientOrderNo }.
  api.call(merchantCalls.payUrl, signed, async (c) => {
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
}

/** The merchant API's OpenAPI document (a plain route, no envelope). */
export function merchantDocsRoutes(app: FastifyInstance) {
  app.get('/api/docs', async (_req, reply) => reply.type('application/json').send(openApiDocument()));
}
