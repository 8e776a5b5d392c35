import type { Catalogue } from '../contract/locale';

/** A nested catalogue of strings; `{{name}}` placeholders are filled by rosetta. */
export interface Dict {
  [key: string]: string | Dict;
}
/** One area's strings in all three languages, side by side so a missing one shows. */
export type AreaCatalogue = Record<Catalogue, Dict>;

/** The keys of a catalogue, any text: what the other languages must have. */
type Shape<D> = { [K in keyof D]: D[K] extends string ? string : Shape<D[K]> };

/** An area's catalogue; Chinese and English must have exactly the Japanese keys, or it does not compile. */
export const defineArea = <J extends Dict>(c: { ja: J; 'zh-cn': NoInfer<Shape<J>>; en: NoInfer<Shape<J>> }) =>
  c;

/** Every dotted path to a string in a catalogue: `{ a: { b: 'x' } }` gives `'a.b'`. */
export type Leaves<D> = {
  [K in keyof D & (string | number)]: D[K] extends string ? `${K}` : `${K}.${Leaves<D[K]>}`;
}[keyof D & (string | number)];
