import type { MessageKey } from './messages';
import * as yup from './yup';

/**
 * Validation messages are i18n keys with values, so the console and the server
 * both render them in the reader's language. `t(message.key, message.values)`.
 */
export interface MessageRef {
  [k: PropertyKey]: unknown;
  key: MessageKey;
  values?: Record<string, unknown>;
}

/** A message of `key` that names the field yup validates (its path). */
export const fieldMessage =
  (key: MessageKey) =>
  (p: object): MessageRef => {
    const { path, ...values } = p as Record<string, unknown>;
    // yup gives the path; a message made ahead (`message()`) may name its field itself.
    return { key, values: { ...values, field: path ?? values.field } };
  };

yup.setLocale({
  mixed: {
    required: fieldMessage('validation.required'),
    notNull: fieldMessage('validation.required'),
    defined: fieldMessage('validation.required'),
    notType: fieldMessage('validation.type'),
    oneOf: fieldMessage('validation.oneOf'),
    default: fieldMessage('validation.invalid'),
  },
  string: {
    min: fieldMessage('validation.minLength'),
    max: fieldMessage('validation.maxLength'),
    length: fieldMessage('validation.length'),
    email: fieldMessage('validation.email'),
    url: fieldMessage('validation.url'),
    matches: fieldMessage('validation.pattern'),
  },
  number: {
    min: fieldMessage('validation.min'),
    max: fieldMessage('validation.max'),
    integer: fieldMessage('validation.integer'),
  },
  array: { min: fieldMessage('validation.minItems'), max: fieldMessage('validation.maxItems') },
  object: { noUnknown: fieldMessage('validation.unknownField') },
});

export { yup };
export { hasForbiddenCharacters } from './text';

/** Decimal digits (an optional sign and fraction), as a person writes a number. */
const DECIMAL = /^-?\d+(\.\d+)?$/;
/**
 * A number as JSON sends it, or written in decimal in a form field or a file cell. yup's own
 * cast takes whatever Number() takes — "1e3" is 1000, "0x10" is 16, " 1 2 " is 12 — which for
 * an amount of money is another amount than the one written: those are not numbers here.
 * A blank string is "not given".
 */
export const number = () =>
  yup.number().transform((value: number, original: unknown) => {
    if (typeof original !== 'string') return value;
    const written = original.trim();
    if (written === '') return undefined;
    return DECIMAL.test(written) ? Number(written) : NaN;
  });
export const message = (key: MessageKey, values?: Record<string, unknown>) => fieldMessage(key)(values ?? {});

/** An array's test: no two entries with the same key (one rate per brand and channel, one fee per brand). */
export const distinctBy =
  <T>(key: (entry: T) => string) =>
  (list: readonly T[] | undefined): boolean => {
    const keys = (list ?? []).map(key);
    return new Set(keys).size === keys.length;
  };

export const MD5_HEX = /^[0-9A-F]{32}$/;
export const MOBILE = /^\+?[0-9][0-9-]{6,19}$/;

/** Field length limits used across schemas and the database. */
export const LIMITS = { loginId: 40, name: 60, email: 120, mobile: 20, remark: 255, orgName: 120 } as const;

/** Validate against a schema strictly: unknown fields are an error, nothing is coerced silently but numbers from forms. */
export type Infer<S extends yup.ISchema<unknown>> = yup.InferType<S>;

/**
 * yup's noUnknown() strips unknown keys while casting instead of refusing them; a call
 * with a field it does not know is refused here, naming the field.
 */
export function unknownFields(schema: yup.AnyObjectSchema, value: unknown): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  const known = Object.keys(schema.fields);
  return Object.keys(value).filter((k) => !known.includes(k));
}

/** Validate a call's input: unknown fields refused, values cast (form strings → numbers), all errors collected. */
export async function validateInput<S extends yup.AnyObjectSchema>(
  schema: S,
  value: unknown,
): Promise<yup.InferType<S>> {
  const unknown = unknownFields(schema, value);
  if (unknown.length)
    throw new yup.ValidationError(
      message('validation.unknownField', { unknown: unknown.join(', ') }) as unknown as string,
      value,
      unknown[0],
    );
  return schema.validate(value ?? {}, { abortEarly: false });
}
