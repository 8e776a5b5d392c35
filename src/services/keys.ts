/**
 * Keys a dialog makes once and sends with every try of the same write (a refund, a payout),
 * so the server makes it once however often it is retried. `crypto.getRandomValues`: it works
 * on plain HTTP too, where `crypto.randomUUID` does not.
 */
export function newRetryKey(prefix: string, bytes: number): string {
  const random = new Uint8Array(bytes);
  crypto.getRandomValues(random);
  return `${prefix}${Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
