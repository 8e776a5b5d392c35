/**
 * Characters no text field holds: NUL and the other C0 controls but tab, LF and CR, DEL, and
 * UTF-16 surrogates without their pair. PostgreSQL refuses NUL in text and an unpaired
 * surrogate in JSON (the audit row), so a value with one would end in a server error; none of
 * them is anything a person types, and exports and logs are better without them.
 * (Control characters are written as escapes: the rule is about exactly those.)
 */
const FORBIDDEN = new RegExp(
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]' +
    '|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])' +
    '|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]',
);

/** Whether a text holds a character no field accepts (see FORBIDDEN). */
export const hasForbiddenCharacters = (text: string) => FORBIDDEN.test(text);

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The text's characters as a reader sees them (ｶﾞ and 👍🏽 are one each), in order. */
export const graphemes = (text: string) => Array.from(segmenter.segment(text), (s) => s.segment);

/** The distinct characters of a text that a file cannot carry, as a reader sees them. */
export const unwritable = (text: string, writable: RegExp) => [
  ...new Set(graphemes(text).filter((g) => !writable.test(g))),
];
