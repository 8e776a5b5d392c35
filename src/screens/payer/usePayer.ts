import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { WorkingLanguage } from '../../contract/locale';
import { payerMachine, type Decision, type PayerCall, type PayerRef } from '../../machines/payer';
import { shownOf, type PayerShown } from '../../machines/payerShown';
import { decidePayment, getPayerView } from '../../services/payer';

export type { Decision };

/** What the page shows, read off the payer machine's state. */
export type PayerState =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'loadFailed'; message: string }
  | {
      kind: 'ready';
      view: PayerShown;
      /** A decision is on its way to the server. */
      deciding: boolean;
      /** The page waits for the brand to settle the payment. */
      polling: boolean;
      /** The page stopped asking before the status settled. */
      stale: boolean;
      error: string | null;
      /** A pre-order whose payment failed may be paid again. */
      canPayAgain: boolean;
    };

/**
 * The payer machine (load → choose → decide → watch until settled) with the real payer
 * calls. The server answers in `locale`, the payer's choice on the page, read when a call is
 * sent: a change of language alone does not load the payment again. The link (`ref`) is
 * fixed for the machine's life: the page mounts a new one for another link.
 */
export function usePayer(ref: PayerRef | null, locale: WorkingLanguage) {
  const localeRef = useRef(locale);
  useEffect(() => {
    localeRef.current = locale;
  }, [locale]);
  const machine = useMemo(() => {
    const load = fromPromise<PayerShown, PayerCall>(({ input }) =>
      getPayerView({ orderNo: input.orderNo, code: input.code }, localeRef.current).then(shownOf),
    );
    return payerMachine.provide({
      actors: {
        loadView: load,
        askAgain: load,
        decide: fromPromise<PayerShown, PayerCall>(({ input }) =>
          decidePayment(
            { orderNo: input.orderNo, code: input.code, ...input.decision! },
            localeRef.current,
          ).then(shownOf),
        ),
      },
    });
  }, []);
  const [snapshot, send] = useMachine(machine, { input: { ref } });
  const { view, error, loadError } = snapshot.context;

  const state: PayerState = snapshot.matches('invalid')
    ? { kind: 'invalid' }
    : snapshot.matches('loadFailed')
      ? { kind: 'loadFailed', message: loadError ?? '' }
      : snapshot.matches('ready') && view
        ? {
            kind: 'ready',
            view,
            deciding: snapshot.matches({ ready: 'deciding' }),
            polling: snapshot.hasTag('waiting'),
            stale: snapshot.matches({ ready: 'stale' }),
            error,
            canPayAgain: snapshot.can({ type: 'AGAIN' }),
          }
        : { kind: 'loading' };

  return {
    state,
    decide: (decision: Decision) => send({ type: 'DECIDE', decision }),
    reload: () => send({ type: 'RETRY' }),
    again: () => send({ type: 'AGAIN' }),
  };
}
