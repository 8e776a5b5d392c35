import { useCallback, useEffect, useRef, useState } from 'react';
import { ResultType } from '../../contract/envelope';
import type { PayerDecision, PayerView } from '../../contract/merchant';
import type { OrderStatus } from '../../contract/orders';
import { isApiError } from '../../services/client';
import { decidePayment, getPayerView } from '../../services/payer';

/** How the payer's page shows an order's status. */
export type PayerPhase = 'payable' | 'processing' | 'paid' | 'failed' | 'expired' | 'closed';

const PHASES: Record<OrderStatus, PayerPhase> = {
  pendingPayment: 'payable',
  paying: 'payable',
  customerPaying: 'payable',
  inPayment: 'processing',
  pendingClose: 'processing',
  success: 'paid',
  refunding: 'paid',
  partlyRefunded: 'paid',
  refunded: 'paid',
  failed: 'failed',
  timeout: 'expired',
  closed: 'closed',
};
export const phaseOf = (status: OrderStatus): PayerPhase => PHASES[status] ?? 'processing';

/** How often the page asks again while the brand settles a payment, and for how long. */
export const POLL_MS = 1500;
const POLL_LIMIT = 80;

export type PayerState =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'loadFailed'; message: string }
  | {
      kind: 'ready';
      view: PayerView;
      /** A decision is on its way to the server. */
      deciding: boolean;
      /** The page asks the server again until the status settles. */
      polling: boolean;
      /** The page stopped asking before the status settled. */
      stale: boolean;
      error: string | null;
    };

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The payer's page for one order: load it, send the payer's decision, then ask again
 * (`/pay/qrcode/get`) until the brand has settled the payment.
 */
export function usePayer(orderNo: string | null) {
  const [state, setState] = useState<PayerState>(orderNo ? { kind: 'loading' } : { kind: 'invalid' });
  const polls = useRef(0);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!orderNo) return;
    let current = true;
    getPayerView(orderNo).then(
      (view) => {
        if (!current) return;
        polls.current = 0;
        setState({
          kind: 'ready',
          view,
          deciding: false,
          polling: phaseOf(view.status) === 'processing',
          stale: false,
          error: null,
        });
      },
      (e: unknown) => {
        if (!current) return;
        const missing =
          isApiError(e) && (e.resultType === ResultType.NOT_FOUND || e.resultType === ResultType.INVALID);
        setState(missing ? { kind: 'invalid' } : { kind: 'loadFailed', message: messageOf(e) });
      },
    );
    return () => {
      current = false;
    };
  }, [orderNo, attempt]);

  const polling = state.kind === 'ready' && state.polling;
  useEffect(() => {
    if (!polling || !orderNo) return;
    let current = true;
    const timer = setTimeout(() => {
      getPayerView(orderNo).then(
        (view) => {
          if (!current) return;
          polls.current += 1;
          const settled = phaseOf(view.status) !== 'processing' && !waitsForBrand(view);
          const giveUp = !settled && polls.current >= POLL_LIMIT;
          setState((s) =>
            s.kind === 'ready' ? { ...s, view, polling: !settled && !giveUp, stale: giveUp } : s,
          );
        },
        // A failed poll is tried again on the next tick.
        () => current && setState((s) => (s.kind === 'ready' ? { ...s, view: { ...s.view } } : s)),
      );
    }, POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [polling, orderNo, state]);

  const decide = useCallback(
    (decision: Omit<PayerDecision, 'orderNo'>) => {
      if (!orderNo) return;
      setState((s) => (s.kind === 'ready' ? { ...s, deciding: true, error: null } : s));
      decidePayment({ orderNo, ...decision }).then(
        (view) => {
          polls.current = 0;
          const payingNow = decision.action === 'pay' && phaseOf(view.status) === 'payable';
          setState({
            kind: 'ready',
            view,
            deciding: false,
            polling: phaseOf(view.status) === 'processing' || payingNow,
            stale: false,
            error: null,
          });
        },
        (e: unknown) =>
          setState((s) => (s.kind === 'ready' ? { ...s, deciding: false, error: messageOf(e) } : s)),
      );
    },
    [orderNo],
  );

  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, decide, reload };
}

/** After "pay", a payment the wallet still shows as open is waiting for the brand's answer. */
const waitsForBrand = (view: PayerView) => view.status === 'customerPaying';
