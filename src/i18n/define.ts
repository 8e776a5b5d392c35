import type { Catalogue } from '../contract/locale';

/** A nested catalogue of strings; `{{name}}` placeholders are filled by rosetta. */
export interface Dict {
  [key: string]: string | Dict;
}
/** One area's strings in all three languages, side by side so a missing one shows. */
export type AreaCatalogue = Record<Catalogue, Dict>;
export const defineArea = <T extends AreaCatalogue>(c: T) => c;

/** Every dotted path to a string in a catalogue: `{ a: { b: 'x' } }` gives `'a.b'`. */
export type Leaves<D> = {
  [K in keyof D & (string | number)]: D[K] extends string ? `${K}` : `${K}.${Leaves<D[K]>}`;
}[keyof D & (string | number)];
