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
