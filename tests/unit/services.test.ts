import md5 from 'md5';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { UserInfo } from '../../src/contract/auth';
import { passwordChangeMachine } from '../../src/machines/passwordChange';
import { sessionMachine } from '../../src/machines/session';
import { changePassword } from '../../src/services/account';
import { passwordChangeActors, sessionActors } from '../../src/services/actors';
import { setApi } from '../../src/services/api';
import { fetchCaptcha, login, saveLanguage } from '../../src/services/auth';
import { createApiClient } from '../../src/services/client';
import { createMemoryStorage, createSessionStore, STORAGE_KEYS } from '../../src/services/storage';
import { pageLoginHistory } from '../../src/services/loginHistory';
import { json, startServer } from './httpServer';

const user: UserInfo = {
  operatorId: 1,
  loginId: 'alice',
  operatorType: 0,
  workingLanguage: 'en',
  userName: 'Alice',
  email: 'alice@example.com',
  mobile: '',
  serviceProviderName: null,
  agentName: null,
  companyName: null,
  branchUnitName: null,
  idleTimeoutSeconds: 900,
  mustChangePassword: false,
};

let server: Awaited<ReturnType<typeof startServer>>;
const store = createSessionStore(createMemoryStorage());
const errors: string[] = [];
beforeAll(async () => {
  server = await startServer();
  setApi(
    createApiClient({
      baseURL: server.baseURL,
      getToken: () => store.getToken(),
      onToken: (t) => store.setToken(t),
      onUnauthenticated: () => undefined,
      getLocale: () => store.getLocale(),
      onError: (m) => void errors.push(m),
    }),
  );
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  store.clear();
  errors.length = 0;
});

describe('auth service', () => {
  it('sends the login password as uppercase MD5, without a token, and returns user, menu and token', async () => {
    store.setToken('stale');
    server.on('/login', (_req, res) =>
      json(res, 200, { resultType: 'SUCCESS', submitToken: 'fresh', result: user, menuMapList: ['/'] }),
    );
    await expect(login(' alice ', 'secret-1', 'ab12', 'cap-1')).resolves.toEqual({
      user,
      menu: ['/'],
      token: 'fresh',
    });
    const [req] = server.seen;
    expect(req.body).toEqual({
      login_id: 'alice',
      password: md5('secret-1').toUpperCase(),
      verycode: 'ab12',
      captchaId: 'cap-1',
    });
    expect((req.body as { password: string }).password).toMatch(/^[0-9A-F]{32}$/);
    expect(req.headers['x-submit-token']).toBeUndefined();
  });

  it('a refused login shows no toast: the form shows the message', async () => {
    server.on('/login', (_req, res) =>
      json(res, 200, { resultType: 'FAIL', resultMessage: 'Wrong user ID or password' }),
    );
    await expect(login('alice', 'x', '', '')).rejects.toThrow('Wrong user ID or password');
    expect(errors).toEqual([]);
  });

  it('a server without captcha says so', async () => {
    server.on('/captcha', (_req, res) =>
      json(res, 200, { resultType: 'SUCCESS', result: { enabled: false, captchaId: '', image: '' } }),
    );
    await expect(fetchCaptcha()).resolves.toEqual({ enabled: false, captchaId: '', image: '' });
  });

  it('saving the language returns the value the server stored', async () => {
    server.on('/system/profile/language', (req, res) =>
      json(res, 200, { resultType: 'SUCCESS', result: req.body }),
    );
    await expect(saveLanguage('zh_cn')).resolves.toBe('zh_cn');
  });
});

describe('account service', () => {
  it.each([
    ['login', '/api/system/password/save'],
    ['refund', '/api/system/refundPassword/save'],
  ] as const)(
    'a %s password change sends the old password hashed and the new one as typed',
    async (kind, url) => {
      server.on(url.slice(4), (_req, res) => json(res, 200, { resultType: 'SUCCESS', result: null }));
      await changePassword(kind, {
        oldPassword: 'old-1',
        newPassword: 'new-Secret1',
        confirmPassword: 'new-Secret1',
      });
      expect(server.seen[0].url).toBe(url);
      expect(server.seen[0].body).toEqual({
        oldPassword: md5('old-1').toUpperCase(),
        newPassword: 'new-Secret1',
        confirmPassword: 'new-Secret1',
      });
    },
  );
});

describe('list services', () => {
  it('login history pages send the list query as is', async () => {
    server.on('/system/operatorLoginHistory/page', (_req, res) =>
      json(res, 200, { resultType: 'SUCCESS', result: { records: [], total: 0, pageNum: 1, pageSize: 20 } }),
    );
    const query = {
      beginTime: '2025-01-01',
      endTime: '2025-01-31',
      loginId: '',
      success: '',
      pageNum: 1,
      pageSize: 20,
    };
    await expect(pageLoginHistory(query)).resolves.toEqual({
      records: [],
      total: 0,
      pageNum: 1,
      pageSize: 20,
    });
    expect(server.seen[0].body).toEqual(query);
  });
});

describe('machines with the real services', () => {
  it('the session logs in, stores the session and logs out against an HTTP server', async () => {
    server.on('/captcha', (_req, res) =>
      json(res, 200, {
        resultType: 'SUCCESS',
        result: { enabled: true, captchaId: 'cap-9', image: 'data:,' },
      }),
    );
    server.on('/login', (_req, res) =>
      json(res, 200, {
        resultType: 'SUCCESS',
        submitToken: 'tok-1',
        result: user,
        menuMapList: ['/', '/report'],
      }),
    );
    server.on('/logout', (_req, res) => json(res, 200, { resultType: 'SUCCESS', result: null }));
    const memory = createMemoryStorage();
    const storage = createSessionStore(memory);
    const actor = createActor(sessionMachine.provide({ actors: sessionActors }), {
      input: { storage, currentPath: () => '/report' },
    }).start();
    await waitFor(actor, (s) => s.matches({ loggedOut: 'ready' }));
    actor.send({ type: 'LOGIN', loginId: 'alice', password: 'secret-1', verycode: 'x1' });
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(storage.getToken()).toBe('tok-1');
    expect(storage.getMenu()).toEqual(['/', '/report']);
    expect((server.seen.find((r) => r.url === '/api/login')?.body as { captchaId: string }).captchaId).toBe(
      'cap-9',
    );
    actor.send({ type: 'LOGOUT_REQUEST' });
    actor.send({ type: 'LOGOUT_CONFIRM' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(Object.keys(memory.snapshot())).toEqual([STORAGE_KEYS.locale]);
    actor.stop();
  });

  it('the refund-password change asks for a new login when the server accepts it', async () => {
    server.on('/system/refundPassword/save', (_req, res) =>
      json(res, 200, { resultType: 'SUCCESS', result: null }),
    );
    const actor = createActor(passwordChangeMachine.provide({ actors: passwordChangeActors }), {
      input: { kind: 'refund' },
    }).start();
    const emitted: string[] = [];
    actor.on('*', (e) => void emitted.push(e.type));
    actor.send({
      type: 'SUBMIT',
      values: { oldPassword: 'a', newPassword: 'new-Secret1', confirmPassword: 'new-Secret1' },
    });
    await waitFor(actor, (s) => s.matches('done'));
    expect(emitted).toEqual(['reloginRequired']);
  });
});

describe('session storage', () => {
  it('clearing keeps nothing but the locale', () => {
    const memory = createMemoryStorage();
    const s = createSessionStore(memory);
    s.setToken('t');
    s.setUser(user);
    s.setMenu(['/']);
    s.setLocale('en');
    s.clear();
    expect(memory.snapshot()).toEqual({ [STORAGE_KEYS.locale]: 'en' });
    expect(s.getToken()).toBeNull();
    expect(s.getUser()).toBeNull();
    expect(s.getMenu()).toEqual([]);
    expect(s.getLocale()).toBe('en');
  });

  it('damaged storage reads as no session and the default language', () => {
    const s = createSessionStore(
      createMemoryStorage({
        [STORAGE_KEYS.user]: '{broken',
        [STORAGE_KEYS.menu]: '"not a list"',
        [STORAGE_KEYS.locale]: 'fr',
      }),
    );
    expect(s.getUser()).toBeNull();
    expect(s.getMenu()).toEqual([]);
    expect(s.getLocale()).toBe('jp');
  });
});
