import md5 from 'md5';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { RefundInput } from '../../src/contract/refunds';
import { refundMachine } from '../../src/machines/refund';
import { syncOrder } from '../../src/services/orders';
import { newClientRefundNo, refundActors, submitRefund } from '../../src/services/refunds';
import { json, serveApi } from './httpServer';

/** The order and refund services against a real local HTTP server: what they send and return. */
const served = serveApi();
const { errors } = served;

const reply = {
  gatewayRefundNo: 'RF1',
  clientRefundNo: 'C1',
  refundStatus: 'success',
  amount: 400,
  currency: 'JPY',
  orderStatus: 'partlyRefunded',
  created: true,
};

describe('refund service', () => {
  it('sends the refund password as uppercase MD5 with a client refund number the contract accepts', async () => {
    served.server.on('/pay/refund/refund', (_req, res) =>
      json(res, 200, { resultType: 'SUCCESS', result: reply }),
    );
    const clientRefundNo = newClientRefundNo();
    await expect(
      submitRefund({
        gatewayOrderNo: 'G1',
        refundAmount: 400,
        fullRefund: false,
        refundPassword: 'secret-1',
        remark: 'damaged',
        clientRefundNo,
      }),
    ).resolves.toEqual(reply);
    const body = served.server.seen[0].body as Record<string, unknown>;
    expect(body).toEqual({
      gatewayOrderNo: 'G1',
      refundAmount: 400,
      fullRefund: false,
      refundPassword: md5('secret-1').toUpperCase(),
      remark: 'damaged',
      clientRefundNo,
    });
    expect(RefundInput.isValidSync(body)).toBe(true);
    expect(newClientRefundNo()).not.toBe(clientRefundNo);
  });

  it('a refusal reaches the refund machine with its tries left and shows no toast', async () => {
    served.server.on('/pay/refund/refund', (_req, res) =>
      json(res, 200, {
        resultType: 'FAIL',
        resultMessage: 'Wrong refund password',
        result: { triesLeft: 2 },
      }),
    );
    const actor = createActor(refundMachine.provide({ actors: refundActors }), {
      input: { gatewayOrderNo: 'G1', refundableAmount: 1000, currency: 'JPY', clientRefundNo: 'C1' },
    }).start();
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'SUBMIT', password: 'nope' });
    const snapshot = await waitFor(actor, (s) => s.matches('rejected'));
    expect(snapshot.matches({ rejected: 'wrongPassword' })).toBe(true);
    expect(snapshot.context.rejection).toMatchObject({ reason: 'wrongPassword', triesLeft: 2 });
    expect(errors).toEqual([]);
  });
});

describe('order service', () => {
  it('getOrderSync returns the order and the server’s message', async () => {
    served.server.on('/history/orderInfo/getOrderSync', (_req, res) =>
      json(res, 200, {
        resultType: 'SUCCESS',
        resultMessage: 'The payment brand reports no change',
        result: { gatewayOrderNo: 'G1', status: 'success' },
      }),
    );
    await expect(syncOrder('G1')).resolves.toEqual({
      result: { gatewayOrderNo: 'G1', status: 'success' },
      message: 'The payment brand reports no change',
    });
    expect(served.server.seen[0].body).toEqual({ gatewayOrderNo: 'G1' });
  });
});
