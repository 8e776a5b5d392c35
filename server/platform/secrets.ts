import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkSandboxKey } from '../connectors/sandboxKey';

/**
 * Channel keys and the pay secret at rest: AES-256-GCM, a fresh 12-byte IV per value,
 * stored as `v1:` + base64(iv | tag | ciphertext). The key comes from KESSAI_SECRET_KEY or,
 * unset, from `<dataDir>/secret.key`, generated once with mode 0600.
 */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
}

const VERSION = 'v1:';

/** 32 bytes from 64 hex characters or base64 (44 characters). */
export function parseSecretKey(raw: string): Buffer {
  const s = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(s) ? Buffer.from(s, 'hex') : Buffer.from(s, 'base64');
  if (key.length !== 32) throw new Error('KESSAI_SECRET_KEY must be 32 bytes as 64 hex characters or base64');
  return key;
}

/** The configured key, or the data folder's key file (created on first use). */
export function resolveSecretKey(configured: string | null, dataDir: string): Buffer {
  if (configured) return parseSecretKey(configured);
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return parseSecretKey(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

/**
 * The key the sandbox brands sign their notifications with: the configured one, or the data
 * folder's `sandbox.key` (32 random bytes as hex, created on first use with mode 0600).
 */
export function resolveSandboxKey(configured: string | null, dataDir: string): string {
  if (configured) return checkSandboxKey(configured);
  const file = path.join(dataDir, 'sandbox.key');
  if (existsSync(file)) return checkSandboxKey(readFileSync(file, 'utf8').trim());
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(stored) {
      if (!stored.startsWith(VERSION)) throw new Error('unknown secret format');
      const raw = Buffer.from(stored.slice(VERSION.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** SHA-256 hex: how tokens are found and kept unique without storing them. */
export const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** A random token of URL-safe characters. */
export const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url');
