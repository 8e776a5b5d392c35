import { linksCalls } from '../../../src/contract/calls/links';
import { PAY_LINK_COLUMNS, PayLinkRowInput } from '../../../src/contract/links';
import { ResultType } from '../../../src/contract/envelope';
import type { Api } from '../../platform/api';
import { actorOf, recordDenied, systemActor } from '../../platform/audit';
import { consoleWrite, uploadBatch } from '../../platform/batch';
import { placementFor } from '../../platform/placement';
import { scopeOf } from '../../platform/scope';
import { closeOrder, limitAtField, PaymentLimitExceeded } from '../payments';
import { findPayLink, payLinkPage, payLinkRow } from './queries';
import { assertClosable, createPayLink, expireOverdue } from './service';

export function linkRoutes(api: Api) {
  api.call(linksCalls.create, async (c) => {
    const { companyId, branchUnitId, ...row } = c.input;
    const place = await placementFor(c, 'payLink', { companyId, branchUnitId });
    const outcome = await consoleWrite(c, 'payLink', row.clientOrderNo, async (tx, audit) => {
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
    }).catch(limitAtField(c.t, 'amount'));
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
    uploadBatch(c, {
      objectType: 'payLink',
      columns: PAY_LINK_COLUMNS,
      required: ['amount', 'subject'],
      schema: PayLinkRowInput,
      numberField: 'clientOrderNo',
      refusedAt: (err) => (err instanceof PaymentLimitExceeded ? 'amount' : undefined),
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
}
