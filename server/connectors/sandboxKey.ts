/** The shortest sandbox notification key accepted, in bytes (as HMAC-SHA256's block asks). */
export const SANDBOX_KEY_MIN_BYTES = 32;

/** A sandbox key too short to sign with: start refused. */
export function checkSandboxKey(key: string): string {
  if (Buffer.byteLength(key, 'utf8') < SANDBOX_KEY_MIN_BYTES) {
    throw new Error(`KESSAI_SANDBOX_KEY must be at least ${SANDBOX_KEY_MIN_BYTES} bytes`);
  }
  return key;
}
