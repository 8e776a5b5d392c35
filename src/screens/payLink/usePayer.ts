import { useCallback, useEffect, useRef, useState } from 'react';
import { ResultType } from '../../contract/envelope';
import type { WorkingLanguage } from '../../contract/locale';
import type { PayerDecision } from '../../contract/merchant';
import { isApiError } from '../../services/client';
import { decidePayment, getPayerView, type PayerRef } from '../../services/payer';
import { shownOf, type PayerShown } from './payerShown';

/** How often the page asks again while the brand settles a payment, and for how long. */
export const POLL_MS = 1500;
const POLL_LIMIT = 80;

export type PayerState =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'loadFailed'; message: string }
  | {
      kind: 'ready';
      view: PayerShown;
      /** A decision is on its way to the server. */
      deciding: boolean;
      /** The page asks the server again until the status settles. */
      polling: boolean;
      /** The page stopped asking before the status settled. */
      stale: boolean;
      error: string | null;
    };

export type Decision = Pick<PayerDecision, 'brand' | 'subBrand' | 'action'>;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Still moving: the brand is settling it, or the wallet has it open after "pay". */
const unsettled = (v: PayerShown, afterPay: boolean) =>
  v.phase === 'processing' || (afterPay && v.status === 'customerPaying');

/**
 * The payer's page for an order (`orderNo`) or a pre-order (`code`): load it, send the
 * payer's decision, then ask again (`/pay/qrcode/get`) until the brand has settled it.
 * The server's messages come in `locale`, the payer's choice on the page.
 */
export function usePayer(ref: PayerRef | null, locale: WorkingLanguage) {
  const [state, setState] = useState<PayerState>(ref ? { kind: 'loading' } : { kind: 'invalid' });
  const polls = useRef(0);
  const [attempt, setAttempt] = useState(0);
  /** The order this visit follows (a pre-order's payment once made). */
  const [following, setFollowing] = useState('');
  const orderNo = ref?.orderNo ?? '';
  const code = ref?.code ?? '';
  const hasRef = ref !== null;
  // Read when a call is sent: a change of language alone does not load the page again.
  const localeRef = useRef(locale);
  useEffect(() => {
    localeRef.current = locale;
  }, [locale]);

  useEffect(() => {
    if (!hasRef) return;
    let current = true;
    getPayerView({ orderNo: orderNo || following, code }, localeRef.current).then(
      (reply) => {
        if (!current) return;
        const view = shownOf(reply);
        polls.current = 0;
        setState({
          kind: 'ready',
          view,
          deciding: false,
          polling: unsettled(view, false),
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
    // `following` changes only with a decision, whose reply is the state already.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasRef, orderNo, code, attempt]);

  const polling = state.kind === 'ready' && state.polling;
  useEffect(() => {
    if (!polling) return;
    let current = true;
    const timer = setTimeout(() => {
      getPayerView({ orderNo: orderNo || following, code }, localeRef.current).then(
        (reply) => {
          if (!current) return;
          const view = shownOf(reply);
          polls.current += 1;
          const settled = !unsettled(view, true);
          const giveUp = !settled && polls.current >= POLL_LIMIT;
          setState((s) =>
            s.kind === 'ready' ? { ...s, view, polling: !settled && !giveUp, stale: giveUp } : s,
          );
        },
        // A failed poll is tried again on the next tick.
        () => current && setState((s) => (s.kind === 'ready' ? { ...s } : s)),
      );
    }, POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [polling, orderNo, following, code, state]);

  const decide = useCallback(
    (decision: Decision) => {
      setState((s) => (s.kind === 'ready' ? { ...s, deciding: true, error: null } : s));
      decidePayment({ orderNo: orderNo || following, code, ...decision }, localeRef.current).then(
        (reply) => {
          const view = shownOf(reply);
          polls.current = 0;
          if (view.orderNo) setFollowing(view.orderNo);
          const payingNow = decision.action === 'pay' && view.phase === 'payable';
          setState({
            kind: 'ready',
            view,
            deciding: false,
            polling: unsettled(view, true) || payingNow,
            stale: false,
            error: null,
          });
        },
        (e: unknown) =>
          setState((s) => (s.kind === 'ready' ? { ...s, deciding: false, error: messageOf(e) } : s)),
      );
    },
    [orderNo, following, code],
  );

  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  /** A pre-order whose payment failed can be paid again: forget this visit's order. */
  const again = useCallback(() => {
    setFollowing('');
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, decide, reload, again };
}
