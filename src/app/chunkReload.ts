import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A tab left open across a deploy still runs the old build: its next screen asks for a chunk
 * the server no longer has (404, server/platform/static.ts). Every lazy screen's import goes
 * through `reloadingOnce`: the first such failure reloads the page at the same URL, which
 * fetches the new build; if the chunk still does not load after that reload, the failure
 * reaches the error boundary (src/app/ErrorBoundary.tsx), which shows it with a reload button.
 * The tab's session storage remembers the URL reloaded for, so the page never reloads in a loop.
 */
export const CHUNK_RELOAD_KEY = 'kessai.chunkReload';

export interface PageDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The page's URL within the console (path and query). */
  url: () => string;
  reload: () => void;
}

const browserPage: PageDeps = {
  get storage() {
    return window.sessionStorage;
  },
  url: () => `${window.location.pathname}${window.location.search}`,
  reload: () => window.location.reload(),
};

/** Whether a reload is remembered for this URL; a storage that refuses counts as remembered. */
function reloadedFor(deps: PageDeps, url: string): boolean {
  try {
    if (deps.storage.getItem(CHUNK_RELOAD_KEY) === url) return true;
    deps.storage.setItem(CHUNK_RELOAD_KEY, url);
    return false;
  } catch {
    // Without a memory of it a reload could repeat forever: the error page instead.
    return true;
  }
}

function forget(deps: PageDeps) {
  try {
    deps.storage.removeItem(CHUNK_RELOAD_KEY);
  } catch {
    // Nothing remembered then.
  }
}

/**
 * The import of a lazy component that reloads the page once when it fails. `screen`: a routed
 * screen, whose arrival ends the episode (the frame around the screens loads before them and
 * does not).
 */
export function reloadingOnce<T>(
  load: () => Promise<T>,
  { deps = browserPage, screen = true }: { deps?: PageDeps; screen?: boolean } = {},
): () => Promise<T> {
  return () =>
    load().then(
      (module) => {
        if (screen) forget(deps);
        return module;
      },
      (error: unknown) => {
        const url = deps.url();
        if (reloadedFor(deps, url)) throw error;
        deps.reload();
        // The page is going: the progress bar stays until it has.
        return new Promise<T>(() => undefined);
      },
    );
}

/** React.lazy over `reloadingOnce`: every lazily loaded screen and the frame around them. */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  options?: { screen?: boolean },
): LazyExoticComponent<ComponentType<P>> {
  return lazy(reloadingOnce(load, options));
}
