import { PAY_BRANDS, type PayBrand } from '../../src/contract/brands';
import type { Db } from '../db/client';
import { SandboxConnector, type Deliver } from './sandbox';
import { checkSandboxKey } from './sandboxKey';
import type { BrandConnector } from './types';

export * from './types';

/**
 * The connectors of one app. Which one serves a company's brand is configuration
 * (brand_settings.connector); only the sandbox exists so far, so every setting resolves to it.
 */
export interface Connectors {
  get(brand: PayBrand, companyId?: number): BrandConnector;
  sandbox(brand: PayBrand): SandboxConnector;
  /** Resolves when every notification sent so far has been delivered (tests, shutdown). */
  settled(): Promise<void>;
  /** Sends the brand's notification in the background, as a brand does after a state change. */
  notifyLater(brand: PayBrand, brandOrderNo: string): void;
}

export function createConnectors(opts: {
  db: Db;
  sandboxKey: string;
  /** Round trip of each sandbox brand call (config.sandboxLatencyMs). */
  latencyMs?: number;
  payerUrl: (gatewayOrderNo: string) => string;
  deliver: Deliver;
  onError: (err: unknown) => void;
}): Connectors {
  checkSandboxKey(opts.sandboxKey);
  const sandboxes = new Map<PayBrand, SandboxConnector>(
    PAY_BRANDS.map((b) => [
      b,
      new SandboxConnector(b, opts.db, opts.sandboxKey, opts.payerUrl, opts.deliver, opts.latencyMs ?? 0),
    ]),
  );
  const pending = new Set<Promise<unknown>>();
  return {
    get: (brand) => sandboxes.get(brand)!,
    sandbox: (brand) => sandboxes.get(brand)!,
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    notifyLater(brand, brandOrderNo) {
      const p = new Promise((r) => setImmediate(r))
        .then(() => sandboxes.get(brand)!.notify(brandOrderNo))
        .catch(opts.onError)
        .finally(() => pending.delete(p));
      pending.add(p);
    },
  };
}
