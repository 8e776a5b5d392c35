import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '../../src/contract/uploads';

export const BODY_LIMIT = 1024 * 1024;

/**
 * The most parameters one body may carry: a form's name=value pairs, a JSON body's keys and
 * list items at every level. The largest honest input (a company with its UBOs, a role's
 * routes, a commission table) holds a few hundred; 1 MB of `k0=1&k1=1&…` holds 100,000.
 * Refused before any object is built or validated, so the work and the reply stay small.
 */
export const MAX_PARAMETERS = 1000;
/** The deepest a JSON body may nest (the contract's deepest input, a list of objects in a field, is 3). */
export const MAX_DEPTH = 8;
/** Multipart: text fields and files per body (an upload is one file and a few fields). */
export const MULTIPART_LIMITS = { fields: 100, files: 1, parts: 110 } as const;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A body over the caps: INVALID, HTTP 413 like a multipart body over its counts (errors.ts renders it). */
export class TooManyParameters extends Error {
  readonly statusCode = 413;
  readonly code = 'KESSAI_TOO_MANY_PARAMETERS';
  constructor() {
    super('too many parameters');
  }
}
/** A JSON body nested deeper than MAX_DEPTH: INVALID, HTTP 400. */
export class TooDeep extends Error {
  readonly statusCode = 400;
  readonly code = 'KESSAI_TOO_DEEP';
  constructor() {
    super('nested too deeply');
  }
}

/**
 * Form bodies as existing clients send them: a repeated key or `key[]` becomes an array
 * (an empty `key[]=` gives an empty list), others stay strings. More than MAX_PARAMETERS
 * pairs are refused before the first one is kept.
 */
export function parseForm(text: string): Record<string, unknown> {
  const params = new URLSearchParams(text);
  if (params.size > MAX_PARAMETERS) throw new TooManyParameters();
  const out: Record<string, unknown> = Object.create(null);
  for (const [rawKey, value] of params) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    if (!key || FORBIDDEN_KEYS.has(key)) continue;
    const prev = out[key];
    if (isList) {
      const list = Array.isArray(prev) ? prev : prev === undefined ? [] : [prev];
      if (value !== '') list.push(value);
      out[key] = list;
    } else if (prev === undefined) out[key] = value;
    else if (Array.isArray(prev)) prev.push(value);
    else out[key] = [prev, value];
  }
  return out;
}

/**
 * How deep a JSON text nests, read before parsing it (a 1 MB `[[[[…` is 500,000 levels, which
 * anything walking the value afterwards would follow). Stops at the first level over `max`.
 */
export function jsonDepthOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The parameters of a parsed JSON value (keys and list items at every level), counted up to `max` + 1. */
export function parameterCount(value: unknown, max: number): number {
  let n = 0;
  const visit = (v: unknown): void => {
    if (n > max || typeof v !== 'object' || v === null) return;
    const children = Array.isArray(v) ? v : Object.values(v);
    n += children.length;
    for (const child of children) visit(child);
  };
  visit(value);
  return n;
}

/** The multipart plugin's own count limits (413): the same refusal as a form or JSON body over the cap. */
const MULTIPART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
export const isTooManyParameters = (error: { code?: string }) =>
  error.code === 'KESSAI_TOO_MANY_PARAMETERS' || MULTIPART_LIMIT_CODES.has(error.code ?? '');

export async function installParsers(app: FastifyInstance) {
  await app.register(formbody, { parser: parseForm, bodyLimit: BODY_LIMIT });
  // An empty JSON body is an empty input (calls without parameters), not a client error.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // The protocol has no text bodies: text/plain is a wrong content type (400), not an input.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (req, body, done) => {
      const text = String(body);
      req.rawBody = text;
      if (text.trim() === '') return done(null, {});
      if (jsonDepthOver(text, MAX_DEPTH)) return done(new TooDeep(), undefined);
      json(req, text, (err, value) => {
        if (err) return done(err, undefined);
        if (parameterCount(value, MAX_PARAMETERS) > MAX_PARAMETERS)
          return done(new TooManyParameters(), undefined);
        done(null, value);
      });
    },
  );
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // A file is kept up to one byte past the largest upload, so that the call refuses it on
    // its `file` field (readUpload) while the rest of a larger one is only read past;
    // one file per request (the upload calls take one).
    throwFileSizeLimit: false,
    // The file's name as the browser sent it (keyValues keeps only the bytes): a statement
    // import records it.
    async onFile(part) {
      await part.toBuffer();
      this.uploadFileName = part.filename;
    },
    limits: {
      fieldNameSize: 100,
      fieldSize: 100_000,
      fileSize: UPLOAD_MAX_BYTES + 1,
      ...MULTIPART_LIMITS,
    },
  });
}
