import { useEffect, useMemo } from 'react';
import { navigate } from 'wouter/use-browser-location';
import type { ListUrl } from '../machines/listQuery';

/**
 * A list's filters live in the page's query string (DESIGN): the listQuery machine reads and
 * writes them through this; each search is a history entry, so back/forward step through them.
 */
export function useListUrl(): ListUrl {
  return useMemo(
    () => ({
      read: () => Object.fromEntries(new URLSearchParams(window.location.search)),
      write: (params: Record<string, string>) => {
        const query = new URLSearchParams(params).toString();
        const url = `${window.location.pathname}${query ? `?${query}` : ''}`;
        if (url !== `${window.location.pathname}${window.location.search}`) navigate(url);
      },
    }),
    [],
  );
}

/** Back/forward inside a list page: the machine re-reads the URL. */
export function useUrlChanges(onChange: () => void) {
  useEffect(() => {
    window.addEventListener('popstate', onChange);
    return () => window.removeEventListener('popstate', onChange);
  }, [onChange]);
}
