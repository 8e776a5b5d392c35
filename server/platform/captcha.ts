import { createHash, randomUUID } from 'node:crypto';
import { eq, lte } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/client';
import { captchas } from '../db/schema';

export interface CaptchaImage {
  text: string;
  data: string;
}
export type CaptchaGenerator = () => CaptchaImage;

const LIFETIME_MS = 5 * 60_000;

/** Case-insensitive; salted with the captcha's id so equal answers do not share a hash. */
const digest = (captchaId: string, answer: string) =>
  createHash('sha256').update(`${captchaId}:${answer.trim().toLowerCase()}`).digest('hex');

/**
 * Captchas in the database, so a captcha issued by one server process is answered on any
 * other. Only a hash of the answer is stored; expired rows are deleted as new ones are
 * issued (and the per-address rate limit on /captcha bounds how fast rows can be made).
 */
export class CaptchaStore {
  constructor(
    private readonly db: Db,
    private readonly generate: CaptchaGenerator = () =>
      svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true }),
    private readonly now: () => number = Date.now,
  ) {}

  async issue(): Promise<{ captchaId: string; image: string }> {
    const now = this.now();
    await this.db.delete(captchas).where(lte(captchas.expiresAt, new Date(now)));
    const { text, data } = this.generate();
    const captchaId = randomUUID();
    await this.db
      .insert(captchas)
      .values({ id: captchaId, answerHash: digest(captchaId, text), expiresAt: new Date(now + LIFETIME_MS) });
    return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
  }

  /**
   * A captcha is used up by any attempt, right or wrong: the row is deleted by the statement
   * that reads it, so of two concurrent attempts (on any processes) only one gets it.
   */
  async consume(captchaId: string, answer: string): Promise<boolean> {
    if (!captchaId) return false;
    const [row] = await this.db
      .delete(captchas)
      .where(eq(captchas.id, captchaId))
      .returning({ answerHash: captchas.answerHash, expiresAt: captchas.expiresAt });
    return !!row && row.expiresAt.getTime() > this.now() && row.answerHash === digest(captchaId, answer);
  }
}
