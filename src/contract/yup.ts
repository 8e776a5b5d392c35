/**
 * yup as the contract uses it: the library itself, except that every string schema starts
 * with the one rule of text every field keeps (no NUL, other control characters or unpaired
 * surrogates: `hasForbiddenCharacters`). Schemas are built from `yup` of ./validation, which
 * is this module, so no string field can be declared without the rule.
 */
import { string as yupString } from 'yup';
import { hasForbiddenCharacters } from './text';

export * from 'yup';

/** The message, as `ref()` of ./validation makes it (importing it here would be a cycle). */
const characters = (p: { path?: string }) => ({ key: 'validation.characters', values: { field: p.path } });

/** yup's string() with the text rule first, so a field with such a character says so first. */
export function string() {
  return yupString().test({
    name: 'characters',
    message: characters,
    test: (value) => typeof value !== 'string' || !hasForbiddenCharacters(value),
  });
}
