import type { Config } from '../config';
import type { Connectors } from '../connectors';
import type { Notifier } from '../modules/orders/notifications';
import type { Db } from '../db/client';
import type { Scheduler } from './jobs';
import type { CaptchaStore } from './captcha';
import type { PasswordHasher } from './passwords';
import type { SecretBox } from './secrets';

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
