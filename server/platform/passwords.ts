import { createHash } from 'node:crypto';
import argon2 from 'argon2';
import type { Argon2Cost } from '../config';

/** The form the console sends a password in (spec point 5): uppercase hex MD5. */
export const md5Upper = (plain: string) =>
  createHash('md5').update(plain, 'utf8').digest('hex').toUpperCase();

export interface PasswordHasher {
  /** Argon2id of an MD5 digest. */
  hash(digest: string): Promise<string>;
  verify(hash: string | null | undefined, digest: string): Promise<boolean>;
  /** Spend the time of one verification, so an unknown login id answers as slowly as a known one. */
  burn(digest: string): Promise<void>;
}

export function createHasher(cost: Argon2Cost): PasswordHasher {
  const options = { type: argon2.argon2id as 0 | 1 | 2, ...cost };
  let dummy: Promise<string> | null = null;
  return {
    hash: (digest) => argon2.hash(digest, options),
    async verify(hash, digest) {
      if (!hash) return false;
      try {
        return await argon2.verify(hash, digest);
      } catch {
        return false;
      }
    },
    async burn(digest) {
      dummy ??= argon2.hash('kessai-timing-equaliser', options);
      await argon2.verify(await dummy, digest).catch(() => false);
    },
  };
}
