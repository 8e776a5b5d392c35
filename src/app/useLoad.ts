import { useCallback, useEffect, useState } from 'react';
import { ResultType } from '../contract/envelope';
import { isApiError } from '../services/client';

export type LoadState<T> =
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'loaded'; data: T; error: null }
  | { status: 'failed'; data: null; error: string };

/**
 * A one-shot read of server data for display (a profile, a role's routes). No workflow:
 * lists go through listQuery, writes through their machines or the form's submit.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading', data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ status: 'loading', data: s.data, error: null }));
    load().then(
      (data) => current && setState({ status: 'loaded', data, error: null }),
      (e: unknown) =>
        current &&
        setState({ status: 'failed', data: null, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      current = false;
    };
    // The caller lists what the load depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}

/**
 * A read of one object by id: another tenant's id (or an unknown one) is simply not there,
 * so NOT_FOUND becomes the value 'notFound' (the screen shows its not-found page, no retry).
 */
export function orNotFound<T>(load: Promise<T>): Promise<T | 'notFound'> {
  return load.catch((e: unknown) => {
    if (isApiError(e) && e.resultType === ResultType.NOT_FOUND) return 'notFound' as const;
    throw e;
  });
}
