import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/contract/envelope';
import { MAX_PARAMETERS } from '../../server/platform/parsers';
import { MAX_LISTED_ERRORS } from '../../server/platform/validate';
import { backends, startHarness, type Harness } from './harness';
import { multipart } from './uploads-support';

/**
 * Bodies sent to hurt the server rather than to use it (hardening issue #12): tens of
 * thousands of parameters, nesting without end, lists of 100,000 items. Each gets a small
 * INVALID at once, before anything is built or validated, and the server goes on answering;
 * a body the parser lets through lists each bad field once, at most MAX_LISTED_ERRORS.
 */

/** A reply small enough that no body can make it big (the 1,000-key reply was 5.9 MB). */
const SMALL_REPLY = 4 * 1024;

type Post = { status: number; body: Envelope<unknown>; bytes: number };

describe.each(backends)('bounded bodies on $name', (backend) => {
  let h: Harness;

  const post = async (url: string, contentType: string, payload: string | Buffer, lang?: string) => {
    const res = await h.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType, ...(lang ? { 'accept-language': lang } : {}) },
      payload,
    });
    return { status: res.statusCode, body: res.json(), bytes: res.rawPayload.length } as Post;
  };
  const healthy = async () => (await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode;

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
  });
  afterAll(() => h?.close());

  describe('bodies of many parameters', () => {
    const FORM = 'application/x-www-form-urlencoded';
    const formOf = (n: number, key: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => `${key(i)}=1`).join('&');
    // Short keys, so that 100,000 of them stay under the 1 MB body limit.
    const jsonOf = (n: number) =>
      `{${Array.from({ length: n }, (_, i) => `"${i.toString(36)}":1`).join(',')}}`;

    it('20,000 and 100,000 keys to /login (form and JSON) get a small INVALID, and the server answers on', async () => {
      const bodies: [string, string, string][] = [
        ['form 20,000', FORM, formOf(20_000, (i) => `k${i}`)],
        ['form 100,000', FORM, formOf(100_000, (i) => `k${i}`)],
        ['form one key 100,000 times', FORM, formOf(100_000, () => 'a')],
        ['JSON 20,000', 'application/json', jsonOf(20_000)],
        ['JSON 100,000', 'application/json', jsonOf(100_000)],
      ];
      for (const [label, type, payload] of bodies) {
        const r = await post('/api/login', type, payload, 'en');
        expect([label, r.status, r.body.resultType, r.body.resultMessage]).toEqual([
          label,
          413,
          'INVALID',
          'The request has too many parameters',
        ]);
        expect(r.bytes, label).toBeLessThan(SMALL_REPLY);
        expect(await healthy(), label).toBe(200);
      }
    });

    it('JSON nested without end, or a list of 100,000 items, is refused before anything walks it', async () => {
      const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
      const cases: [string, string, number, string][] = [
        ['100,000 levels', `{"login_id":${deep(100_000)}}`, 400, 'The request is nested too deeply'],
        ['100,000 levels at the top', deep(100_000), 400, 'The request is nested too deeply'],
        [
          'a list of 100,000',
          `{"routes":[${Array(100_000).fill('"/"').join(',')}],"operatorType":50}`,
          413,
          'The request has too many parameters',
        ],
        [
          'lists in lists',
          `{"settings":[${Array(2_000).fill('{"brand":"card"}').join(',')}],"companyId":1}`,
          413,
          'The request has too many parameters',
        ],
      ];
      for (const [label, payload, status, message] of cases) {
        for (const path of ['/api/login', '/api/org/permission/save', '/api/org/brandSetting/save']) {
          const r = await post(path, 'application/json', payload, 'en');
          expect([label, path, r.status, r.body.resultType, r.body.resultMessage]).toEqual([
            label,
            path,
            status,
            'INVALID',
            message,
          ]);
          expect(r.bytes).toBeLessThan(SMALL_REPLY);
        }
      }
      // Text in strings is not nesting; honest depth and counts pass the parser.
      const r = await post(
        '/api/login',
        'application/json',
        JSON.stringify({ login_id: '[[[[[[[[[[[[', password: '{'.repeat(50) }),
      );
      expect([r.status, r.body.resultType, Object.keys(r.body.errors ?? {})]).toEqual([
        200,
        'INVALID',
        ['password'],
      ]);
      expect(await healthy()).toBe(200);
    });

    it('a multipart body over its counts gets the same refusal, in the caller’s language', async () => {
      const fields = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, '1']));
      const { payload, contentType } = multipart(fields, null);
      const r = await post('/api/login', contentType, payload, 'zh-CN');
      expect([r.status, r.body.resultType, r.body.resultMessage]).toEqual([413, 'INVALID', '提交的字段过多']);
    });

    it('1,000 unknown keys: each named once, in its own message, at most the cap listed', async () => {
      expect(1_000).toBeLessThanOrEqual(MAX_PARAMETERS); // the parser lets these through to validation
      for (const type of [FORM, 'application/json']) {
        const payload =
          type === FORM
            ? formOf(1_000, (i) => `k${i}`)
            : JSON.stringify(Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`k${i}`, '1'])));
        const r = await post('/api/login', type, payload);
        expect([r.status, r.body.resultType]).toEqual([200, 'INVALID']);
        expect(r.bytes).toBeLessThan(SMALL_REPLY);
        const errors = Object.entries(r.body.errors ?? {});
        expect(errors.length).toBe(MAX_LISTED_ERRORS);
        // The schema's own fields come first, then unknown ones, each message naming only its key.
        expect(errors.slice(0, 2).map(([k]) => k)).toEqual(['login_id', 'password']);
        for (const [key, message] of errors.slice(2)) expect(message).toBe(`不明な項目があります：${key}`);
        expect(r.body.resultMessage).toBe('ユーザーIDは必須です');
      }
    });

    it('an unknown key inside a list of objects is named where it is', async () => {
      const admin = await h.token('admin');
      const r = await h.call(
        '/org/brandSetting/save',
        {
          companyId: 1,
          settings: [{ brand: 'card', connector: 'sandbox', sandboxBehaviour: 'normal', extra: 1 }],
        },
        { token: admin },
      );
      expect([r.body.resultType, r.body.errors]).toEqual([
        'INVALID',
        { 'settings[0].extra': '不明な項目があります：settings[0].extra' },
      ]);
    });
  });
});
