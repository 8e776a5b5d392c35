import { useSyncExternalStore } from 'react';

/** The theme's `md` breakpoint (src/app/system.ts): below it a list shows cards. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** Whether a media query matches now, updated as the window changes (no first render of the wrong kind). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const m = window.matchMedia(query);
      m.addEventListener('change', onChange);
      return () => m.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
