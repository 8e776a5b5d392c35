import { ordersCalls } from '../../../src/contract/calls/orders';
import type { Api } from '../../platform/api';
import { actorOf } from '../../platform/audit';
import { scopeOf } from '../../platform/scope';
import { findOrder, orderDetail, orderPage } from './queries';
import { syncOrder } from '../payments';
import { syncRefunds } from '../refunds';

export function orderRoutes(api: Api) {
  api.call(ordersCalls.page, async (c) => ({
    result: await orderPage(c.deps.db, scopeOf(c.principal), c.t, c.deps.config.timeZone, c.input),
  }));
  api.call(ordersCalls.get, async (c) => ({
    result: await orderDetail(c.deps.db, scopeOf(c.principal), c.input),
  }));
  // Asks the brand again; whoever may see the order may bring it up to date (it records, never decides).
  api.call(ordersCalls.sync, async (c) => {
    const scope = scopeOf(c.principal);
    const order = await findOrder(c.deps.db, scope, c.input);
    // Each move the brand's answer causes is audited in its own transaction, as this caller.
    const actor = actorOf(c.principal, c.req);
    let after = await syncOrder(c.deps, order, 'sync', actor);
    if (after.status === 'refunding' && (await syncRefunds(c.deps, after, actor).catch(() => 0)) > 0)
      after = await findOrder(c.deps.db, scope, { id: order.id });
    return {
      result: await orderDetail(c.deps.db, scope, { id: order.id }),
      messageKey: after.status !== order.status ? 'server.orders.synced' : 'server.orders.unchanged',
    };
  });
}
