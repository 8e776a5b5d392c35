import type { Config } from '../config';
import type { Connectors } from '../connectors';
import type { Db } from '../db/client';
import type { Scheduler } from './jobTypes';
import type { CaptchaStore } from './captcha';
import type { PasswordHasher } from './passwords';
import type { SecretBox } from './secrets';

/**
 * Delivers merchant notifications (server/modules/notifications), run by the job scheduler;
 * tests run it by hand.
 */
export interface Notifier {
  /** Delivers the notifications due at `now`; resolves with how many were tried. */
  runOnce(now?: Date): Promise<number>;
}

/** What the handlers need, built once per app (tests build their own). */
export interface Deps {
  db: Db;
  config: Config;
  hasher: PasswordHasher;
  captchas: CaptchaStore;
  /** Encrypts channel keys and secrets at rest. */
  secrets: SecretBox;
  /** The brands (sandbox connectors so far). */
  connectors: Connectors;
  /** Delivers merchant notifications (a job of `jobs`; tests run it by hand). */
  notifier: Notifier;
  /** The periodic jobs: notifications and recovery (started by the listening server). */
  jobs: Scheduler;
}
