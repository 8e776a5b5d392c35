import type { AnyObjectSchema, InferType, ValidationError } from 'yup';
import { ResultType } from '../../src/contract/envelope';
import type { MessageRef } from '../../src/contract/validation';
import { renderMessage, type Translate } from '../../src/i18n';
import { ApiError } from './envelope';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

/** The body as the schema expects it: the token travels beside the input, a lone form value may fill an array. */
function prepare(schema: AnyObjectSchema, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(body)) {
    if (key === 'submitToken') continue;
    const field = schema.fields[key] as FieldSchema | undefined;
    out[key] = field?.type === 'array' && typeof value === 'string' ? [value] : value;
  }
  return out;
}

type FieldSchema = { type?: string; innerType?: { type?: string } };
const isScalar = (v: unknown) =>
  v === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof v);

/**
 * Fields whose value has the wrong shape (an object where a string belongs, and so on).
 * Checked before yup, whose transforms (trim) would throw on them instead of reporting.
 */
function shapeErrors(schema: AnyObjectSchema, body: Record<string, unknown>): string[] {
  const wrong: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const field = schema.fields[key] as FieldSchema | undefined;
    if (!field) continue;
    if (field.type === 'array') {
      const inner = field.innerType?.type;
      const ok = Array.isArray(value) && (inner === 'object' || value.every(isScalar));
      if (!ok && value !== undefined) wrong.push(key);
    } else if (field.type !== 'object' && field.type !== 'mixed' && !isScalar(value)) {
      wrong.push(key);
    }
  }
  return wrong;
}

/**
 * The most fields one INVALID reply lists in `errors`: the schema's own fields first, then
 * unknown ones. A form has fewer fields than this; a body of a thousand unknown keys gets a
 * reply of this many lines, not of a thousand (or, listing them all in each, a million).
 */
export const MAX_LISTED_ERRORS = 20;

/** `errors` of an INVALID reply: each field once, with its first message, at most MAX_LISTED_ERRORS. */
class ErrorList {
  private readonly byField = new Map<string, string>();
  add(field: string, message: () => string) {
    if (this.byField.size < MAX_LISTED_ERRORS && !this.byField.has(field)) this.byField.set(field, message());
  }
  refusal(t: Translate): ApiError {
    const errors = Object.fromEntries(this.byField);
    const first = this.byField.values().next().value ?? t('server.badRequest');
    return new ApiError(ResultType.INVALID, 'server.badRequest', {}, undefined, errors, first);
  }
}

function render(t: Translate, e: ValidationError): string {
  const m = e.errors[0] as MessageRef | string;
  if (typeof m === 'string') return m;
  // Messages built with `message()` in the contract do not know their field; the path does.
  const field = m.values?.field ?? e.path ?? '';
  return renderMessage(t, { ...m, values: { ...m.values, field } });
}

/** An input checked against its schema: the value, or the refusal to give in a language known later. */
export type CheckedInput<T> = { ok: true; value: T } | { ok: false; refusal: (t: Translate) => ApiError };

/**
 * Checks with the contract's schema: every error at once, unknown fields refused, strings
 * from forms cast to numbers where the schema says number. Nothing is rendered yet, so a call
 * can check its input while its session is still being looked up, and refuse in the
 * session's language afterwards.
 */
export async function checkInput<S extends AnyObjectSchema>(
  schema: S,
  body: unknown,
): Promise<CheckedInput<InferType<S>>> {
  if (body === undefined || body === null || body === '') body = {};
  if (!isPlainObject(body))
    return { ok: false, refusal: () => new ApiError(ResultType.INVALID, 'server.badRequest') };
  const input = prepare(schema, body);
  const wrong = shapeErrors(schema, input);
  if (wrong.length > 0) {
    return {
      ok: false,
      refusal: (t) => {
        const errors = new ErrorList();
        for (const field of wrong)
          errors.add(field, () => renderMessage(t, { key: 'validation.type', values: { field } }));
        return errors.refusal(t);
      },
    };
  }
  try {
    return { ok: true, value: await schema.validate(input, { abortEarly: false, stripUnknown: false }) };
  } catch (err) {
    const e = err as ValidationError;
    if (e?.name !== 'ValidationError') throw err;
    return { ok: false, refusal: (t) => invalid(t, e) };
  }
}

/** The unknown keys yup names in one noUnknown error (joined with ", "), under the object's path. */
function unknownKeys(item: ValidationError): string[] {
  const joined = String((item.params as { unknown?: string } | undefined)?.unknown ?? '');
  const prefix = item.path ? `${item.path}.` : '';
  return joined
    .split(', ')
    .filter(Boolean)
    .map((k) => prefix + k);
}

/** INVALID with each field's first message; an unknown field's message names that field alone. */
function invalid(t: Translate, e: ValidationError): ApiError {
  const list = e.inner.length > 0 ? e.inner : [e];
  const errors = new ErrorList();
  for (const item of list) if (item.type !== 'noUnknown') errors.add(item.path || '_', () => render(t, item));
  for (const item of list) {
    if (item.type !== 'noUnknown') continue;
    for (const field of unknownKeys(item))
      errors.add(field, () =>
        renderMessage(t, { key: 'validation.unknownField', values: { unknown: field, field } }),
      );
  }
  return errors.refusal(t);
}

/** The checked value, or its refusal (INVALID with `errors`) in the language of `t`. */
export async function inputOf<T>(checked: Promise<CheckedInput<T>>, t: Translate): Promise<T> {
  const c = await checked;
  if (!c.ok) throw c.refusal(t);
  return c.value;
}
