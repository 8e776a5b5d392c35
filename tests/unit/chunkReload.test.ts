import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_KEY, reloadingOnce, type PageDeps } from '../../src/app/chunkReload';

/** A tab: its session storage, its URL and the reloads asked of it. */
function tab(url = '/history/order?page=2', stored: Record<string, string> = {}) {
  const store = new Map(Object.entries(stored));
  const reloads: string[] = [];
  const deps: PageDeps = {
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    url: () => url,
    reload: () => void reloads.push(url),
  };
  return { deps, store, reloads };
}

const gone = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Orders-Old.js'));
const settled = async (p: Promise<unknown>) => {
  let state = 'pending';
  p.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((r) => setTimeout(r, 10));
  return state;
};

describe('a screen whose chunk does not load', () => {
  it('reloads the page once, at the same URL, and waits for it', async () => {
    const t = tab();
    const load = reloadingOnce(gone, { deps: t.deps });
    expect(await settled(load())).toBe('pending');
    expect(t.reloads).toEqual(['/history/order?page=2']);
    expect(t.store.get(CHUNK_RELOAD_KEY)).toBe('/history/order?page=2');
  });

  it('after that reload, failing again, gives the failure to the error page instead of reloading again', async () => {
    const t = tab('/history/order?page=2', { [CHUNK_RELOAD_KEY]: '/history/order?page=2' });
    await expect(reloadingOnce(gone, { deps: t.deps })()).rejects.toThrow(/dynamically imported module/);
    expect(t.reloads).toEqual([]);
  });

  it('reloads once again for another page the user opens later', async () => {
    const t = tab('/setup/operate', { [CHUNK_RELOAD_KEY]: '/history/order?page=2' });
    expect(await settled(reloadingOnce(gone, { deps: t.deps })())).toBe('pending');
    expect(t.reloads).toEqual(['/setup/operate']);
  });

  it('forgets the reload once a screen has loaded; the frame around the screens does not count', async () => {
    const screen = tab('/history/order', { [CHUNK_RELOAD_KEY]: '/history/order' });
    await expect(reloadingOnce(async () => 'Orders', { deps: screen.deps })()).resolves.toBe('Orders');
    expect(screen.store.has(CHUNK_RELOAD_KEY)).toBe(false);
    const shell = tab('/history/order', { [CHUNK_RELOAD_KEY]: '/history/order' });
    await reloadingOnce(async () => 'AppShell', { deps: shell.deps, screen: false })();
    expect(shell.store.get(CHUNK_RELOAD_KEY)).toBe('/history/order');
  });

  it('never reloads when it cannot remember having done so (storage refused)', async () => {
    const t = tab();
    t.deps.storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    await expect(reloadingOnce(gone, { deps: t.deps })()).rejects.toThrow(/dynamically imported module/);
    expect(t.reloads).toEqual([]);
  });
});
