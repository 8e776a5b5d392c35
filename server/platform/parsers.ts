import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '../../src/contract/uploads';

export const BODY_LIMIT = 1024 * 1024;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Form bodies as existing clients send them: a repeated key or `key[]` becomes an array
 * (an empty `key[]=` gives an empty list), others stay strings.
 */
export function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    if (!key || FORBIDDEN_KEYS.has(key)) continue;
    const prev = out[key];
    if (isList) {
      const list = Array.isArray(prev) ? prev : prev === undefined ? [] : [prev];
      if (value !== '') list.push(value);
      out[key] = list;
    } else if (prev === undefined) out[key] = value;
    else out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

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
      req.rawBody = String(body);
      return String(body).trim() === '' ? done(null, {}) : json(req, String(body), done);
    },
  );
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // A file is kept up to one byte past the largest upload, so that the call refuses it on
    // its `file` field (readUpload) while the rest of a larger one is only read past;
    // one file per request (the upload calls take one).
    throwFileSizeLimit: false,
    limits: {
      fieldNameSize: 100,
      fieldSize: 100_000,
      fields: 100,
      fileSize: UPLOAD_MAX_BYTES + 1,
      files: 1,
      parts: 110,
    },
  });
}
