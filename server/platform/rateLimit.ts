import { lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { fail } from './envelope';
import { clientIp } from './session';

/** The calls limited per client address, each with its own counter. */
export type RateBucket = 'login' | 'captcha';

export interface RateVerdict {
  allowed: boolean;
  hits: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/**
 * Counts one call of `address` into the fixed window `now` falls in, with one atomic upsert
 * (the row of the address and bucket is locked for the statement), so calls on any number of
 * server processes count into the same window. A row of an earlier window starts again at 1;
 * a process whose clock is behind never moves a window back. When a window starts, rows of
 * windows already over are deleted, so the table holds at most the addresses of two windows.
 */
export async function countCall(
  db: Db,
  bucket: RateBucket,
  address: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<RateVerdict> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, address, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.address],
      set: {
        hits: sql`CASE WHEN excluded.window_start <= ${rateLimits.windowStart} THEN ${rateLimits.hits} + 1 ELSE 1 END`,
        windowStart: sql`greatest(${rateLimits.windowStart}, excluded.window_start)`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
  if (row.hits === 1) await db.delete(rateLimits).where(lt(rateLimits.windowStart, windowStart));
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((row.windowStart.getTime() + windowMs - now.getTime()) / 1000),
  );
  return { allowed: row.hits <= limit, hits: row.hits, retryAfterSeconds };
}

/** Refuses the call when its client address has used up the bucket's calls in this window. */
export async function limitAddress(
  db: Db,
  config: Config,
  bucket: RateBucket,
  req: FastifyRequest,
): Promise<void> {
  const limit = bucket === 'login' ? config.loginRateLimit : config.captchaRateLimit;
  if (limit <= 0) return;
  const verdict = await countCall(db, bucket, clientIp(req), limit, config.rateWindowSeconds);
  if (!verdict.allowed) {
    throw fail(
      'server.auth.rateLimited',
      { seconds: verdict.retryAfterSeconds },
      { retryAfterSeconds: verdict.retryAfterSeconds },
    );
  }
}
