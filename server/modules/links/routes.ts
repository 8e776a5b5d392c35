import { linksCalls } from '../../../src/contract/calls/links';
import { preordersCalls } from '../../../src/contract/calls/preorders';
import type { AnyObjectSchema, InferType } from 'yup';
import { ResultType } from '../../../src/contract/envelope';
import { PAY_LINK_COLUMNS, PayLinkRowInput } from '../../../src/contract/links';
import { PRE_ORDER_COLUMNS, PreOrderRowInput } from '../../../src/contract/preorders';
import { UploadInput, type UploadReply, type UploadRowError } from '../../../src/contract/uploads';
import type { Tx } from '../../db/client';
import type { Api, CallContext, CallReply } from '../../platform/api';
import { actorOf, recordAudit, recordDenied, systemActor, type Audit } from '../../platform/audit';
import { ApiError, fail, notFound } from '../../platform/envelope';
import type { Principal } from '../../platform/principal';
import { scopeOf } from '../../platform/scope';
import { badRows, readUpload, validateRows } from '../../platform/uploads';
import { closeOrder, PaymentLimitExceeded } from '../payments';
import {
  assertClosable,
  createPayLink,
  expireOverdue,
  findPayLink,
  payLinkPage,
  payLinkRow,
  RowConflict,
} from './payLinks';
import { placementFor, type Placement } from './placement';
import {
  closePreOrder,
  createPreOrder,
  lockPreOrder,
  preOrderPage,
  preOrderRow,
  preOrderState,
} from './preOrders';

type Ctx = Pick<CallContext<unknown, 'session'>, 'deps' | 't' | 'req'> & { principal: Principal };

/** A payment limit's refusal of a console form: INVALID on its amount field, naming the limit. */
const atAmountField =
  (c: Ctx, field: string) =>
  (err: unknown): never => {
    if (err instanceof PaymentLimitExceeded) throw err.asFieldError(c.t, field);
    throw err;
  };

/**
 * One write in one transaction with its audit rows; a refusal for scope (NOT_FOUND) or access
 * is recorded as a denied row after the rollback. (The organisation's writeTransaction also
 * refuses operator-type roles; these screens are granted to the system operator.)
 */
async function write<T>(
  c: Ctx,
  objectType: string,
  objectId: string,
  work: (tx: Tx, audit: Audit) => Promise<T>,
) {
  const actor = actorOf(c.principal, c.req);
  try {
    return await c.deps.db.transaction((tx) => work(tx, (e) => recordAudit(tx, actor, e)));
  } catch (err) {
    if (err instanceof RowConflict) throw fail(err.key);
    if (
      err instanceof ApiError &&
      (err.resultType === ResultType.NOT_FOUND || err.resultType === ResultType.NO_ACCESS)
    )
      await recordDenied(c.deps.db, actor, objectType, objectId, err.resultType);
    throw err;
  }
}

/** Denied rows for a refused placement too (another tenant's company or branch). */
async function placement(
  c: Ctx,
  objectType: string,
  input: { companyId: number | null; branchUnitId: number | null },
) {
  try {
    return await placementFor(c.deps.db, scopeOf(c.principal), c.t, input);
  } catch (err) {
    if (err instanceof ApiError && err.resultType === ResultType.NOT_FOUND)
      await recordDenied(
        c.deps.db,
        actorOf(c.principal, c.req),
        objectType,
        `company:${input.companyId ?? ''}/branch:${input.branchUnitId ?? ''}`,
        err.resultType,
      );
    throw err;
  }
}

/**
 * Creates every valid row in one transaction; a row refused there (number conflict, payment
 * limit) fails the whole file.
 */
async function createAll<I, R>(
  c: Ctx,
  rows: { row: number; input: I }[],
  fields: { number: string; amount: string },
  create: (input: I) => Promise<R>,
): Promise<R[]> {
  const errors: UploadRowError[] = [];
  const out: R[] = [];
  for (const r of rows) {
    try {
      out.push(await create(r.input));
    } catch (err) {
      if (err instanceof RowConflict)
        errors.push({ row: r.row, field: fields.number, message: c.t(err.key) });
      else if (err instanceof PaymentLimitExceeded)
        errors.push({ row: r.row, field: fields.amount, message: c.t(err.key, err.values) });
      else throw err;
    }
  }
  if (errors.length) throw badRows(c.t, errors);
  return out;
}

/**
 * A batch upload of URL payments or pre-orders: every bad row reported with its row number,
 * nothing written unless every row is good; all rows created in one transaction with one
 * audit row naming the numbers made.
 */
async function uploadAll<S extends AnyObjectSchema>(
  c: Ctx & { input: InferType<typeof UploadInput> },
  spec: {
    objectType: 'payLink' | 'preOrder';
    columns: readonly string[];
    required: readonly string[];
    schema: S;
    /** The client's number, unique within the file and per company. */
    numberField: string;
    /** The amount column (a payment limit's refusal is reported there). */
    amountField: string;
    create: (tx: Tx, place: Placement, input: InferType<S>) => Promise<{ created: boolean; number: string }>;
  },
): Promise<CallReply<UploadReply>> {
  const place = await placement(c, spec.objectType, c.input);
  const rows = await readUpload(c.t, c.input.file, spec.columns, spec.required, {
    timeoutMs: c.deps.config.uploadTimeoutMs,
    log: c.req.log,
  });
  const valid = await validateRows(c.t, spec.schema, rows, spec.numberField);
  const numbers = await write(c, spec.objectType, 'upload', async (tx, audit) => {
    const made = await createAll(c, valid, { number: spec.numberField, amount: spec.amountField }, (input) =>
      spec.create(tx, place, input),
    );
    const numbers = made.map((m) => m.number);
    await audit({
      objectType: spec.objectType,
      objectId: 'upload',
      action: 'create',
      after: { count: numbers.length, created: made.filter((m) => m.created).length, numbers, ...place },
    });
    return numbers;
  });
  return {
    result: { count: numbers.length, numbers },
    messageKey: 'server.links.uploaded',
    messageValues: { count: numbers.length },
  };
}

export function linkRoutes(api: Api) {
  api.call(linksCalls.create, async (c) => {
    const { companyId, branchUnitId, ...row } = c.input;
    const place = await placement(c, 'payLink', { companyId, branchUnitId });
    const outcome = await write(c, 'payLink', row.clientOrderNo, async (tx, audit) => {
      const o = await createPayLink(c.deps, tx, place, row, {
        operatorId: c.principal.operatorId,
        source: 'console',
        actor: actorOf(c.principal, c.req),
      });
      if (o.created)
        await audit({
          objectType: 'payLink',
          objectId: o.order.gatewayOrderNo,
          action: 'create',
          after: { ...row, clientOrderNo: o.order.clientOrderNo, ...place },
        });
      return o;
    }).catch(atAmountField(c, 'amount'));
    const result = await payLinkRow(
      c.deps.db,
      c.deps.config.publicUrl,
      scopeOf(c.principal),
      outcome.order.id,
    );
    return {
      result: { ...result, created: outcome.created },
      messageKey: outcome.created ? 'server.links.created' : 'server.links.alreadyCreated',
    };
  });

  api.call(linksCalls.close, async (c) => {
    const scope = scopeOf(c.principal);
    let order;
    try {
      order = await findPayLink(c.deps.db, scope, c.input.gatewayOrderNo);
    } catch (err) {
      await recordDenied(
        c.deps.db,
        actorOf(c.principal, c.req),
        'payLink',
        c.input.gatewayOrderNo,
        ResultType.NOT_FOUND,
      );
      throw err;
    }
    assertClosable(order);
    // The close's audit rows are written by each of its moves, in their own transactions.
    await closeOrder(c.deps, order, 'console', actorOf(c.principal, c.req));
    return {
      result: await payLinkRow(c.deps.db, c.deps.config.publicUrl, scope, order.id),
      messageKey: 'server.links.closed',
    };
  });

  api.call(linksCalls.upload, (c) =>
    uploadAll(c, {
      objectType: 'payLink',
      columns: PAY_LINK_COLUMNS,
      required: ['amount', 'subject'],
      schema: PayLinkRowInput,
      numberField: 'clientOrderNo',
      amountField: 'amount',
      create: async (tx, place, input) => {
        const made = await createPayLink(c.deps, tx, place, input, {
          operatorId: c.principal.operatorId,
          source: 'upload',
          actor: actorOf(c.principal, c.req),
        });
        return { created: made.created, number: made.order.gatewayOrderNo };
      },
    }),
  );

  api.call(linksCalls.page, async (c) => {
    const scope = scopeOf(c.principal);
    await expireOverdue(c.deps.db, scope, systemActor('/history/urlOrderPay/page'));
    return { result: await payLinkPage(c.deps.db, scope, c.t, c.deps.config, c.input) };
  });

  api.call(preordersCalls.page, async (c) => ({
    result: await preOrderPage(c.deps.db, scopeOf(c.principal), c.t, c.deps.config, c.input),
  }));

  api.call(preordersCalls.create, async (c) => {
    const { companyId, branchUnitId, ...row } = c.input;
    const place = await placement(c, 'preOrder', { companyId, branchUnitId });
    const outcome = await write(c, 'preOrder', row.clientPayNo, async (tx, audit) => {
      const o = await createPreOrder(c.deps, tx, place, row, {
        operatorId: c.principal.operatorId,
        source: 'console',
      });
      if (o.created)
        await audit({
          objectType: 'preOrder',
          objectId: o.preOrder.gatewayPayNo,
          action: 'create',
          after: { ...row, clientPayNo: o.preOrder.clientPayNo, ...place },
        });
      return o;
    }).catch(atAmountField(c, 'orderAmount'));
    const result = await preOrderRow(
      c.deps.db,
      c.deps.config.publicUrl,
      scopeOf(c.principal),
      outcome.preOrder.id,
    );
    return {
      result: { ...result, created: outcome.created },
      messageKey: outcome.created ? 'server.preOrders.created' : 'server.preOrders.alreadyCreated',
    };
  });

  api.call(preordersCalls.upload, (c) =>
    uploadAll(c, {
      objectType: 'preOrder',
      columns: PRE_ORDER_COLUMNS,
      required: ['orderAmount'],
      schema: PreOrderRowInput,
      numberField: 'clientPayNo',
      amountField: 'orderAmount',
      create: async (tx, place, input) => {
        const made = await createPreOrder(c.deps, tx, place, input, {
          operatorId: c.principal.operatorId,
          source: 'upload',
        });
        return { created: made.created, number: made.preOrder.gatewayPayNo };
      },
    }),
  );

  api.call(preordersCalls.close, async (c) => {
    const scope = scopeOf(c.principal);
    const closed = await write(c, 'preOrder', c.input.gatewayPayNo, async (tx, audit) => {
      const p = await lockPreOrder(tx, scope, c.input.gatewayPayNo);
      if (!p) throw notFound();
      const before = preOrderState(p);
      const after = await closePreOrder(tx, p);
      await audit({
        objectType: 'preOrder',
        objectId: p.gatewayPayNo,
        action: 'update',
        before: { state: before, usedTimes: p.usedTimes },
        after: { state: preOrderState(after), closedAt: after.closedAt },
      });
      return after;
    });
    return {
      result: await preOrderRow(c.deps.db, c.deps.config.publicUrl, scope, closed.id),
      messageKey: 'server.preOrders.closed',
    };
  });
}
