import { preordersCalls } from '../../../src/contract/calls/preorders';
import { PRE_ORDER_COLUMNS, PreOrderRowInput } from '../../../src/contract/preorders';
import type { Api } from '../../platform/api';
import { consoleWrite, uploadBatch } from '../../platform/batch';
import { notFound } from '../../platform/envelope';
import { placementFor } from '../../platform/placement';
import { scopeOf } from '../../platform/scope';
import { limitAtField, PaymentLimitExceeded } from '../payments';
import { lockPreOrder, preOrderPage, preOrderRow, preOrderState } from './queries';
import { closePreOrder, createPreOrder } from './service';

export function preorderRoutes(api: Api) {
  api.call(preordersCalls.page, async (c) => ({
    result: await preOrderPage(c.deps.db, scopeOf(c.principal), c.t, c.deps.config, c.input),
  }));

  api.call(preordersCalls.create, async (c) => {
    const { companyId, branchUnitId, ...row } = c.input;
    const place = await placementFor(c, 'preOrder', { companyId, branchUnitId });
    const outcome = await consoleWrite(c, 'preOrder', row.clientPayNo, async (tx, audit) => {
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
    }).catch(limitAtField(c.t, 'orderAmount'));
    const result = await preOrderRow(
      c.deps.db,
      c.deps.config.publicUrl,
      scopeOf(c.principal),
      outcome.preOrder.id,
    );
    return {
      result: { ...result, created: outcome.created },
      messageKey: outcome.created ? 'server.preorders.created' : 'server.preorders.alreadyCreated',
    };
  });

  api.call(preordersCalls.upload, (c) =>
    uploadBatch(c, {
      objectType: 'preOrder',
      columns: PRE_ORDER_COLUMNS,
      required: ['orderAmount'],
      schema: PreOrderRowInput,
      numberField: 'clientPayNo',
      refusedAt: (err) => (err instanceof PaymentLimitExceeded ? 'orderAmount' : undefined),
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
    const closed = await consoleWrite(c, 'preOrder', c.input.gatewayPayNo, async (tx, audit) => {
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
      messageKey: 'server.preorders.closed',
    };
  });
}
