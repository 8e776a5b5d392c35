/**
 * Runs tasks of one key one after another in this process (tasks of other keys are not held
 * up), so concurrent requests wait in a queue instead of polling the database. Across
 * processes a lease in the database still decides; this only keeps one process's waiters off it.
 */
export class KeyedQueue<K> {
  private readonly queues = new Map<K, { tail: Promise<unknown>; size: number }>();

  /** fn's result once every earlier task of `key` has finished; `busy` when `max` already wait. */
  async run<T>(
    key: K,
    max: number,
    fn: () => Promise<T>,
  ): Promise<{ busy: false; value: T } | { busy: true }> {
    const queue = this.queues.get(key) ?? { tail: Promise.resolve(), size: 0 };
    if (queue.size >= max) return { busy: true };
    queue.size += 1;
    this.queues.set(key, queue);
    const mine = queue.tail.then(fn);
    queue.tail = mine.catch(() => undefined);
    try {
      return { busy: false, value: await mine };
    } finally {
      queue.size -= 1;
      if (queue.size === 0) this.queues.delete(key);
    }
  }
}
