import { useCallback, useState } from 'react';

/** A user's choice of a list's columns: their order and the ones switched off. */
export interface ColumnPrefs {
  order: string[];
  hidden: string[];
}

const EMPTY: ColumnPrefs = { order: [], hidden: [] };

/** localStorage key of one list's columns for one user. */
export const columnPrefsKey = (listId: string, userId: string | number) =>
  `kessai.columns.${listId}.${userId}`;

function read(key: string | undefined): ColumnPrefs {
  if (!key) return EMPTY;
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(key) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return EMPTY;
    const strings = (v: unknown) =>
      Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
    return {
      order: 'order' in raw ? strings(raw.order) : [],
      hidden: 'hidden' in raw ? strings(raw.hidden) : [],
    };
  } catch {
    return EMPTY;
  }
}

/** The stored choice of `key` (none without a key), its setter and a reset to the list's default. */
export function useColumnPrefs(key: string | undefined) {
  const [state, setState] = useState(() => ({ key, prefs: read(key) }));
  const prefs = state.key === key ? state.prefs : read(key);
  if (state.key !== key) setState({ key, prefs });
  const save = useCallback(
    (next: ColumnPrefs) => {
      setState({ key, prefs: next });
      if (!key) return;
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        /* storage full or off: the choice lasts for this page */
      }
    },
    [key],
  );
  const reset = useCallback(() => {
    setState({ key, prefs: EMPTY });
    if (key) window.localStorage.removeItem(key);
  }, [key]);
  return { prefs, save, reset };
}

/** Keys in the user's order: the stored ones that still exist, then new ones in the list's order. */
export function orderedKeys(defaults: readonly string[], prefs: ColumnPrefs): string[] {
  const known = prefs.order.filter((k) => defaults.includes(k));
  return [...known, ...defaults.filter((k) => !known.includes(k))];
}
