import type { Config } from '../config';
import type { Db } from '../db/client';
import type { CaptchaStore } from './captcha';
import type { PasswordHasher } from './passwords';

/** What the handlers need, built once per app (tests build their own). */
export interface Deps {
  db: Db;
  config: Config;
  hasher: PasswordHasher;
  captchas: CaptchaStore;
}
