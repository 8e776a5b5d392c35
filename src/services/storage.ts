import { DEFAULT_LANGUAGE, isWorkingLanguage } from '../contract/locale';
import type { UserInfo } from '../contract/auth';
import type { SessionStore } from '../machines/session';

/** The part of the Web Storage API the session store needs (localStorage, or a Map in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const STORAGE_KEYS = {
  token: 'kessai.submitToken',
  locale: 'kessai.locale',
  user: 'kessai.user',
  menu: 'kessai.menu',
} as const;

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function createSessionStore(storage: KeyValueStorage): SessionStore {
  return {
    getToken: () => storage.getItem(STORAGE_KEYS.token) || null,
    setToken: (token) => storage.setItem(STORAGE_KEYS.token, token),
    getLocale: () => {
      const stored = storage.getItem(STORAGE_KEYS.locale);
      return isWorkingLanguage(stored) ? stored : DEFAULT_LANGUAGE;
    },
    setLocale: (locale) => storage.setItem(STORAGE_KEYS.locale, locale),
    getUser: () => {
      const user = parseJson(storage.getItem(STORAGE_KEYS.user));
      return user && typeof user === 'object' ? (user as UserInfo) : null;
    },
    setUser: (user) => storage.setItem(STORAGE_KEYS.user, JSON.stringify(user)),
    getMenu: () => {
      const menu = parseJson(storage.getItem(STORAGE_KEYS.menu));
      return Array.isArray(menu) ? menu.filter((m): m is string => typeof m === 'string') : [];
    },
    setMenu: (menu) => storage.setItem(STORAGE_KEYS.menu, JSON.stringify(menu)),
    clear: () => {
      storage.removeItem(STORAGE_KEYS.token);
      storage.removeItem(STORAGE_KEYS.user);
      storage.removeItem(STORAGE_KEYS.menu);
    },
  };
}

/** A storage that lives in memory: for tests and for environments without localStorage. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  snapshot(): Record<string, string>;
} {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    snapshot: () => Object.fromEntries([...items].sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** The console's session store, over localStorage in the browser. */
export const sessionStore: SessionStore = createSessionStore(
  typeof localStorage !== 'undefined' ? localStorage : createMemoryStorage(),
);
