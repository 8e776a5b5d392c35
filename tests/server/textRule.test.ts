import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyObjectSchema, ISchema } from 'yup';
import type { Envelope } from '../../src/contract/envelope';
import { sign as sandboxSign } from '../../server/connectors/sandbox';
import { backends, DEMO_PASSWORD, md5Upper, startHarness, TEST_SANDBOX_KEY, type Harness } from './harness';
import { orgIds } from './fixtures';
import { count, merchantClient, type MerchantClient } from './payments-support';
import { multipart, upload, xlsx } from './uploads-support';

/**
 * Text sent to hurt the server rather than to use it (hardening issue #12): NUL, other control
 * characters and unpaired surrogates (PostgreSQL refuses NUL in text and a lone surrogate in
 * the audit row's JSON) are INVALID on every string field of every registered call, in every
 * encoding that can carry them, and where the server reads text outside the contract.
 */

type Post = { status: number; body: Envelope<unknown>; bytes: number };

describe.each(backends)('the rule of text on $name', (backend) => {
  let h: Harness;
  let admin = '';
  let merchant: MerchantClient;

  const post = async (url: string, contentType: string, payload: string | Buffer, lang?: string) => {
    const res = await h.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType, ...(lang ? { 'accept-language': lang } : {}) },
      payload,
    });
    return { status: res.statusCode, body: res.json(), bytes: res.rawPayload.length } as Post;
  };

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    admin = await h.token('admin');
    merchant = await merchantClient(h, (await orgIds(h.db)).company('株式会社ひのき珈琲'));
  });
  afterAll(() => h?.close());

  describe('characters no field holds', () => {
    /** A string leaf of a schema: its error path and a body putting `bad` there. */
    interface Leaf {
      path: string;
      /** Top-level (a string or a list of strings): a form or a multipart body can carry it. */
      flat: boolean;
      restricted: boolean;
      body: (bad: string) => Record<string, unknown>;
    }
    type Described = { type: string; oneOf?: unknown[]; tests: { name?: string }[] };
    function leaves(schema: AnyObjectSchema): Leaf[] {
      const out: Leaf[] = [];
      for (const [key, field] of Object.entries(schema.fields) as [string, ISchema<unknown>][]) {
        const d = field.describe() as Described & { innerType?: Described };
        const restricted = (s: Described) => (s.oneOf?.length ?? 0) > 0;
        if (d.type === 'string')
          out.push({ path: key, flat: true, restricted: restricted(d), body: (bad) => ({ [key]: bad }) });
        else if (d.type === 'array' && d.innerType?.type === 'string')
          out.push({
            path: `${key}[0]`,
            flat: true,
            restricted: restricted(d.innerType),
            body: (bad) => ({ [key]: [bad] }),
          });
        else if (d.type === 'array' && d.innerType?.type === 'object') {
          const inner = (field as unknown as { innerType: AnyObjectSchema }).innerType;
          for (const leaf of leaves(inner))
            out.push({
              path: `${key}[0].${leaf.path}`,
              flat: false,
              restricted: leaf.restricted,
              body: (bad) => ({ [key]: [leaf.body(bad)] }),
            });
        }
      }
      return out;
    }

    /** Two bodies in one: lists of objects merge item by item (`settings[0]` of each). */
    function merge(a: unknown, b: unknown): unknown {
      if (Array.isArray(a) && Array.isArray(b)) return a.map((item, i) => merge(item, b[i]));
      if (a && b && typeof a === 'object' && typeof b === 'object') {
        const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
        for (const [k, v] of Object.entries(b)) out[k] = k in out ? merge(out[k], v) : v;
        return out;
      }
      return b ?? a;
    }
    /**
     * Fields are tried a few at a time: each must be named in `errors` (at most
     * MAX_LISTED_ERRORS are listed, and other fields' errors take places too).
     */
    const GROUP = 8;
    const groups = <T>(list: T[]) =>
      Array.from({ length: Math.ceil(list.length / GROUP) }, (_, i) =>
        list.slice(i * GROUP, (i + 1) * GROUP),
      );

    type Way = 'json' | 'form' | 'multipart';
    /** What each encoding can carry: a form is UTF-8 (no lone surrogate), multipart one value per name. */
    const BAD: [string, string, Way[]][] = [
      ['NUL', 'a\u0000b', ['json', 'form', 'multipart']],
      ['lone high surrogate', '\ud800', ['json']],
      ['lone low surrogate', 'x\udc00', ['json']],
      ['escape', 'a\u001bb', ['json', 'form']],
    ];

    it('every string field of every call refuses NUL, control characters and lone surrogates, naming the field', async () => {
      let checked = 0;
      for (const call of h.app.apiCalls) {
        if (!call.input) continue;
        const token = call.access === 'public' ? undefined : admin;
        const send = async (body: Record<string, unknown>, way: Way) => {
          if (call.ownAuth) return merchant.call(call.path, body);
          if (way !== 'multipart') return h.call(call.path, body, { token, form: way === 'form' });
          const fields = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
          const { payload, contentType } = multipart(fields, null);
          const res = await h.app.inject({
            method: 'POST',
            url: `/api${call.path}`,
            headers: { 'content-type': contentType, ...(token ? { 'x-submit-token': token } : {}) },
            payload,
          });
          return { status: res.statusCode, body: res.json() as Envelope<unknown> };
        };
        const all = leaves(call.input);
        for (const [name, bad, encodings] of BAD) {
          // The merchant API reads JSON only; form and multipart carry top-level fields (multipart no lists).
          for (const way of call.ownAuth ? (['json'] as Way[]) : encodings) {
            const fit = all.filter(
              (l) => way === 'json' || (l.flat && !(way === 'multipart' && l.path.endsWith('[0]'))),
            );
            for (const group of groups(fit)) {
              const body = group.reduce<unknown>((acc, l) => merge(acc, l.body(bad)), {});
              const r = await send(body as Record<string, unknown>, way);
              const label = `${call.path} ${name} ${way} ${group.map((l) => l.path).join(',')}`;
              expect([label, r.status, r.body.resultType]).toEqual([label, 200, 'INVALID']);
              for (const leaf of group) {
                const message = r.body.errors?.[leaf.path];
                expect(message, `${label}: ${leaf.path}`).toBeDefined();
                // A field with a list of values says the value is not one of them; any other says why.
                if (!leaf.restricted) expect(message, `${label}: ${leaf.path}`).toMatch(/使用できない文字/);
                checked++;
              }
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(500);
    }, 120_000);

    it('login_id=a%00b on /login is INVALID in the caller’s language, and nothing was written', async () => {
      const before = await count(h, 'login_history');
      for (const [lang, message] of [
        ['ja', 'ユーザーIDに使用できない文字（制御文字など）が含まれています'],
        ['zh-CN', '用户ID包含不可使用的字符（控制字符等）'],
        ['en', 'User ID contains characters that cannot be used (control characters or broken text)'],
      ]) {
        const r = await post(
          '/api/login',
          'application/x-www-form-urlencoded',
          `login_id=a%00b&password=${'A'.repeat(32)}`,
          lang,
        );
        expect([r.status, r.body.resultType, r.body.errors]).toEqual([200, 'INVALID', { login_id: message }]);
      }
      const after = await count(h, 'login_history');
      expect(after).toEqual(before);
    });

    let seq = 0;
    const merchantOrder = async () =>
      (await merchant.create({ clientOrderNo: `hostile-${Date.now().toString(36)}-${++seq}` })).body.result!;

    it('a merchant’s return URL (a header) with such characters is INVALID', async () => {
      const { clientOrderNo } = await merchantOrder();
      for (const url of ['https://shop.example/a\u0000b', 'https://shop.example/\u0007']) {
        const r = await merchant.call('/history/orderInfo/getUrl', { clientOrderNo }, { headers: { url } });
        expect([r.status, r.body.resultType, Object.keys(r.body.errors ?? {})]).toEqual([
          200,
          'INVALID',
          ['url'],
        ]);
      }
    });

    it('a brand’s signed notice whose text the database cannot hold is malformed, not a crash', async () => {
      const { gatewayOrderNo, brandOrderNo } = await merchantOrder();
      for (const merchantOrderNo of [`${gatewayOrderNo}\u0000`, `${gatewayOrderNo}\ud800`]) {
        const notice = JSON.stringify({ brandOrderNo, merchantOrderNo, state: 'COMPLETED' });
        const ts = String(Math.floor(Date.now() / 1000));
        const res = await h.app.inject({
          method: 'POST',
          url: '/api/notify/paypay',
          headers: {
            'content-type': 'application/json',
            'x-sandbox-timestamp': ts,
            'x-sandbox-signature': sandboxSign(TEST_SANDBOX_KEY, ts, notice),
          },
          payload: notice,
        });
        expect([res.statusCode, res.json()]).toEqual([400, { code: 'FAIL', message: 'malformed' }]);
      }
    });

    it('a client that sends control characters in its User-Agent still logs in (they are not kept)', async () => {
      const login = await h.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json', 'user-agent': 'agent\u0000\u0001' },
        payload: JSON.stringify({ login_id: 'admin', password: md5Upper(DEMO_PASSWORD) }),
      });
      expect([login.statusCode, login.json().resultType]).toEqual([200, 'SUCCESS']);
    });

    it('a cell of an uploaded workbook that decodes to NUL or ESC (_x0000_) is a bad cell, not a crash', async () => {
      const coAdmin = await h.token('co-admin');
      for (const cell of ['_x0000_', 'a_x001B_b']) {
        const data = await xlsx([
          ['clientOrderNo', 'amount', 'subject'],
          [`up-${Date.now().toString(36)}`, '100', cell],
        ]);
        const r = await upload(h, '/pay/pay/uploadFile', coAdmin, { name: 'links.xlsx', data });
        expect([r.status, r.body.resultType, r.body.errors], cell).toEqual([
          200,
          'INVALID',
          { 'row 2 subject': '2行目：商品名に使用できない文字（制御文字など）が含まれています' },
        ]);
      }
    });

    it('tab, line breaks and paired surrogates (emoji) are text like any other', async () => {
      const r = await h.call(
        '/pay/pay/create',
        {
          companyId: (await orgIds(h.db)).company('株式会社ひのき珈琲'),
          amount: 1200,
          subject: 'tea\tand cake 🍰',
          remark: 'line one\r\nline two',
        },
        { token: admin },
      );
      expect([r.body.resultType, r.body.errors]).toEqual(['SUCCESS', undefined]);
    });
  });
});
