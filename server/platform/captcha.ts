import { createHash, randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

export interface CaptchaImage {
  text: string;
  data: string;
}
export type CaptchaGenerator = () => CaptchaImage;

const LIFETIME_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

const digest = (answer: string) => createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');

/** Single process, so an in-memory store with a time to live is enough. */
export class CaptchaStore {
  private readonly entries = new Map<string, { answerHash: string; expiresAt: number }>();

  constructor(
    private readonly generate: CaptchaGenerator = () =>
      svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true }),
    private readonly now: () => number = Date.now,
  ) {}

  issue(): { captchaId: string; image: string } {
    this.sweep();
    const { text, data } = this.generate();
    const captchaId = randomUUID();
    this.entries.set(captchaId, { answerHash: digest(text), expiresAt: this.now() + LIFETIME_MS });
    return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
  }

  /** Case-insensitive; a captcha is used up by any attempt, right or wrong. */
  consume(captchaId: string, answer: string): boolean {
    const entry = this.entries.get(captchaId);
    if (!entry) return false;
    this.entries.delete(captchaId);
    return entry.expiresAt > this.now() && entry.answerHash === digest(answer);
  }

  private sweep() {
    const now = this.now();
    for (const [id, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(id);
    // A flood of unanswered captchas must not grow memory without bound.
    while (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
