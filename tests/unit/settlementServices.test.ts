import md5 from 'md5';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { CheckoutInput, CheckoutPreviewInput } from '../../src/contract/settlements';
import { settlementCheckoutMachine } from '../../src/machines/settlementCheckout';
import {
  checkout,
  checkoutPreview,
  downloadBatchFile,
  newBatchKey,
  settlementCheckoutActors,
} from '../../src/services/settlements';
import { json, serveApi } from './httpServer';

/** The settlement checkout services against a real local HTTP server: what they send and return. */
const served = serveApi();
const { errors } = served;

const preview = {
  items: [
    {
      id: 11,
      settlementNo: 'SM1',
      partyName: 'Merchant',
      currency: 'JPY',
      transferAmount: 11438,
      payee: {},
      unpayable: [],
      held: { count: 0, amount: 0 },
    },
  ],
  totals: [{ currency: 'JPY', count: 1, amount: 11438 }],
  transferDates: ['2026-11-24'],
  defaultTransferDate: '2026-11-24',
};
const batch = { id: 7, kind: 'agent', files: [{ currency: 'JPY', fileName: 'zengin-7-JPY.txt' }] };

describe('settlement checkout services', () => {
  it('asks the kind’s own calls; the refund password leaves hashed, with a batch key the contract accepts', async () => {
    served.server.on('/history/agentCheckoutInfo/checkoutPreview', (_req, res) =>
      json(res, 200, { resultType: 'SUCCESS', result: preview }),
    );
    served.server.on('/history/agentCheckoutInfo/checkout', (_req, res) =>
      json(res, 200, { resultType: 'SUCCESS', result: { batch, created: true } }),
    );
    await expect(checkoutPreview({ kind: 'agent', ids: [11, 12] })).resolves.toEqual(preview);
    expect(served.server.seen[0].body).toEqual({ ids: [11, 12] });
    expect(CheckoutPreviewInput.isValidSync(served.server.seen[0].body)).toBe(true);

    const batchKey = newBatchKey();
    await checkout({ kind: 'agent', ids: [11], transferDate: '2026-11-24', batchKey, password: 'secret-1' });
    const body = served.server.seen[1].body;
    expect(body).toEqual({
      ids: [11],
      transferDate: '2026-11-24',
      refundPassword: md5('secret-1').toUpperCase(),
      batchKey,
    });
    expect(CheckoutInput.isValidSync(body)).toBe(true);
    expect(newBatchKey()).not.toBe(batchKey);
  });

  it('a conflict reaches the machine with what was taken, and shows no toast', async () => {
    served.server.on('/history/platformCheckoutInfo/checkoutPreview', (_req, res) =>
      json(res, 200, { resultType: 'SUCCESS', result: preview }),
    );
    served.server.on('/history/platformCheckoutInfo/checkout', (_req, res) =>
      json(res, 200, {
        resultType: 'CONFLICT',
        resultMessage: 'Another operator paid some of these out first: SM1',
        result: { taken: ['SM1'] },
      }),
    );
    const actor = createActor(settlementCheckoutMachine.provide({ actors: settlementCheckoutActors }), {
      input: { kind: 'merchant', ids: [11], batchKey: newBatchKey() },
    }).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SUBMIT', password: 'secret-1' });
    const snapshot = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(snapshot.value).toBe('conflict');
    expect(snapshot.context.conflict).toEqual({
      message: 'Another operator paid some of these out first: SM1',
      taken: ['SM1'],
    });
    expect(errors).toEqual([]);
  });

  it('downloads a batch’s bank file of one currency from the kind’s own call', async () => {
    served.server.on('/history/platformCheckoutInfo/batch/file', (_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/plain',
        'content-disposition': 'attachment; filename="zengin-7-JPY.txt"',
      });
      res.end('1210000000000');
    });
    const file = await downloadBatchFile('merchant', { id: 7, currency: 'JPY' });
    expect(file.fileName).toBe('zengin-7-JPY.txt');
    expect(await file.blob.text()).toBe('1210000000000');
    expect(served.server.seen[0].body).toEqual({ id: 7, currency: 'JPY' });
  });
});
