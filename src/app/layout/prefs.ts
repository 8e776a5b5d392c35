import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { MOBILE_QUERY } from '../system';

/** Layout settings remembered in cookies (spec point 2): sidebar open state and size. */
export type UiSize = 'small' | 'medium' | 'large';
export const UI_SIZES: readonly UiSize[] = ['small', 'medium', 'large'];
const SIZE_ROOT_PX: Record<UiSize, number> = { small: 14, medium: 16, large: 18 };

const COOKIE = { sidebar: 'kessai_sidebar', size: 'kessai_size' } as const;
const YEAR_SECONDS = 365 * 24 * 3600;

function readCookie(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

function writeCookie(name: string, value: string) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

/** Desktop sidebar open state, persisted; default open. */
export function useSidebarOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => readCookie(COOKIE.sidebar) !== 'closed');
  const set = useCallback((next: boolean) => {
    writeCookie(COOKIE.sidebar, next ? 'open' : 'closed');
    setOpen(next);
  }, []);
  return [open, set];
}

/** Display size, persisted; default medium. Applied as the root font size (all sizes are rem). */
export function useUiSize(): [UiSize, (size: UiSize) => void] {
  const [size, setSize] = useState<UiSize>(() => {
    const stored = readCookie(COOKIE.size);
    return UI_SIZES.includes(stored as UiSize) ? (stored as UiSize) : 'medium';
  });
  useEffect(() => {
    document.documentElement.style.fontSize = `${SIZE_ROOT_PX[size]}px`;
  }, [size]);
  const set = useCallback((next: UiSize) => {
    writeCookie(COOKIE.size, next);
    setSize(next);
  }, []);
  return [size, set];
}

function subscribeMobile(onChange: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Below 992 px the layout is mobile (spec point 2); follows window resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeMobile,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
