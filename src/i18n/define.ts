import type { Catalogue } from '../contract/locale';

/** A nested catalogue of strings; `{{name}}` placeholders are filled by rosetta. */
export interface Dict {
  [key: string]: string | Dict;
}
/** One area's strings in all three languages, side by side so a missing one shows. */
export type AreaCatalogue = Record<Catalogue, Dict>;
export const defineArea = <T extends AreaCatalogue>(c: T) => c;
