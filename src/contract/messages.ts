/**
 * The catalogues' keys as a type. `src/i18n` computes them from the Japanese catalogue and
 * registers them here (declaration merging into `MessageCatalogue`), so the contract names a
 * key (a validation message, a menu title, a list's column label) without importing the
 * catalogues: i18n depends on the contract, never the reverse.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by src/i18n/index.ts
export interface MessageCatalogue {}

/**
 * Every key of the Japanese (default) catalogue. `t` takes only these, so a wrong literal key
 * and a key built from a template literal over a union (`t(`status.${s}`)`) fail to compile.
 */
export type MessageKey = MessageCatalogue extends { keys: infer K extends string } ? K : never;

/** The keys under a prefix, without it: `KeysUnder<'server.uploads'>` is `'badType' | 'empty' | …`. */
export type KeysUnder<P extends string> = MessageKey extends infer K
  ? K extends `${P}.${infer R}`
    ? R
    : never
  : never;
