import type { Catalogue } from '../contract/locale';
import type { AreaCatalogue, Dict, Leaves } from './define';
import { registerCatalogue } from './translator';
import common from './common';
import menu from './menu';
import shell from './shell';
import validation from './validation';
import server from './server';
import auth from './auth';
import account from './account';
import access from './access';
import org from './org';
import operators from './operators';
import terminals from './terminals';
import orders from './orders';
import refunds from './refunds';
import preorders from './preorders';
import links from './links';
import payer from './payer';
import audit from './audit';
import fileExports from './exports';
import settlements from './settlements';
import reconciliation from './reconciliation';
import payouts from './payouts';
import payoutBatches from './payoutBatches';
import search from './search';
import reports from './reports';

/**
 * One catalogue per area (DESIGN.md's area names), plus the words every screen uses (common),
 * the frame (menu, shell), the generic validation rules and the server platform's replies.
 * An area's catalogue holds its screens' strings, its field labels (`fields.<name>`) and its
 * server messages (`server.<area>.…`); the catalogues are merged key by key, and the catalogue
 * test fails when two of them give one key different texts. Add a new area here.
 */
export const AREAS = {
  common,
  menu,
  shell,
  validation,
  server,
  auth,
  account,
  access,
  org,
  operators,
  terminals,
  orders,
  refunds,
  preorders,
  links,
  payer,
  audit,
  exports: fileExports,
  settlements,
  reconciliation,
  payouts,
  payoutBatches,
  search,
  reports,
} satisfies Record<string, AreaCatalogue>;
export const CATALOGUES: readonly Catalogue[] = ['ja', 'zh-cn', 'en'];

/** Several areas add to one subtree (`fields`, `server`): merge them key by key. */
function mergeInto(target: Dict, source: Dict): Dict {
  for (const [k, v] of Object.entries(source)) {
    const had = target[k];
    target[k] = typeof v === 'string' || typeof had !== 'object' ? v : mergeInto({ ...had }, v);
  }
  return target;
}

/** A language's catalogue: every area's texts in it, merged. */
export function merge(lang: Catalogue): Dict {
  return Object.values(AREAS).reduce<Dict>((all, a: AreaCatalogue) => mergeInto(all, a[lang]), {});
}

type Areas = typeof AREAS;

// The keys of the Japanese (default) catalogue, registered with the contract (its MessageKey).
declare module '../contract/messages' {
  interface MessageCatalogue {
    keys: { [A in keyof Areas]: Leaves<Areas[A]['ja']> }[keyof Areas];
  }
}

export * from './translator';

// Whoever imports the catalogues (the server, the tests, the build's per-language chunks) has
// all three languages at once.
for (const lang of CATALOGUES) registerCatalogue(lang, merge(lang));
