import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { languageFromHeader } from '../../server/platform/i18n';
import { redactUrl } from '../../server/platform/logger';
import { parseForm } from '../../server/platform/parsers';
import { withParents } from '../../server/modules/access/service';

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      demoPassword: 'kessai-demo-2026',
      captcha: true,
      passwordMinLength: 12,
      sessionIdleMinutes: 15,
      sessionMaxHours: 12,
      loginMaxFailures: 5,
      loginLockMinutes: 30,
      loginRateLimit: 60,
      captchaRateLimit: 120,
      rateWindowSeconds: 60,
      timeZone: 'Asia/Tokyo',
      logLevel: 'info',
    });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.staticDir).toMatch(/\/dist$/);
  });

  it('reads the environment and keeps the password minimum between 6 and 20', () => {
    const env = { PORT: '9000', KESSAI_CAPTCHA: 'off', DATABASE_URL: 'postgres://u:p@db/kessai' };
    expect(loadConfig(env)).toMatchObject({
      port: 9000,
      captcha: false,
      databaseUrl: 'postgres://u:p@db/kessai',
    });
    expect(loadConfig({ KESSAI_PASSWORD_MIN_LENGTH: '3' }).passwordMinLength).toBe(6);
    expect(loadConfig({ KESSAI_PASSWORD_MIN_LENGTH: '40' }).passwordMinLength).toBe(20);
    expect(loadConfig({}, { passwordMinLength: 2 }).passwordMinLength).toBe(6);
    expect(
      loadConfig({
        KESSAI_LOGIN_RATE_LIMIT: '0',
        KESSAI_CAPTCHA_RATE_LIMIT: '30',
        KESSAI_RATE_WINDOW_SECONDS: '300',
      }),
    ).toMatchObject({ loginRateLimit: 0, captchaRateLimit: 30, rateWindowSeconds: 300 });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});

describe('form bodies', () => {
  it('turns repeated keys and key[] into lists', () => {
    expect(parseForm('a=1&b=2&b=3&routes[]=%2Freport&routes[]=%2F')).toEqual({
      a: '1',
      b: ['2', '3'],
      routes: ['/report', '/'],
    });
    expect(parseForm('routes[]=')).toEqual({ routes: [] });
    expect(Object.getPrototypeOf(parseForm('__proto__=x&constructor=y'))).toBeNull();
    expect(Object.keys(parseForm('__proto__=x&constructor=y'))).toEqual([]);
  });
});

describe('helpers', () => {
  it('picks the language from Accept-Language, else Japanese', () => {
    expect(languageFromHeader('en-US,en;q=0.9')).toBe('en');
    expect(languageFromHeader('fr, zh-CN;q=0.8, en;q=0.5')).toBe('zh_cn');
    expect(languageFromHeader('de')).toBe('jp');
    expect(languageFromHeader(undefined)).toBe('jp');
  });

  it('masks the token in a logged URL', () => {
    expect(redactUrl('/api/x?a=1&submitToken=abc&b=2')).toBe('/api/x?a=1&submitToken=[redacted]&b=2');
  });

  it('adds the parent group of a child route', () => {
    expect(withParents(['/setup/loginHistory', '/report'])).toEqual([
      '/report',
      '/setup',
      '/setup/loginHistory',
    ]);
  });
});
