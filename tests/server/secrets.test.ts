import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, parseSecretKey, resolveSecretKey } from '../../server/platform/secrets';
import { maskSecrets } from '../../server/platform/audit';

describe('secrets at rest', () => {
  it('generates the key once into the data folder, mode 0600, and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kessai-key-'));
    const first = resolveSecretKey(null, dir);
    const file = path.join(dir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSecretKey(null, dir).equals(first)).toBe(true);
  });

  it('takes KESSAI_SECRET_KEY as hex or base64 and refuses other lengths', () => {
    const hex = 'ab'.repeat(32);
    expect(parseSecretKey(hex)).toHaveLength(32);
    expect(parseSecretKey(Buffer.from(hex, 'hex').toString('base64')).toString('hex')).toBe(hex);
    expect(() => parseSecretKey('abcd')).toThrow(/32 bytes/);
  });

  it('encrypts with AES-256-GCM: a fresh IV each time, tampering detected', () => {
    const box = createSecretBox(parseSecretKey('cd'.repeat(32)));
    const a = box.encrypt('paypay-key-1234');
    expect(a).not.toBe(box.encrypt('paypay-key-1234'));
    expect(box.decrypt(a)).toBe('paypay-key-1234');
    const raw = Buffer.from(a.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => box.decrypt(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => createSecretBox(parseSecretKey('ef'.repeat(32))).decrypt(a)).toThrow();
  });

  it('masks secret-looking fields in audit snapshots', () => {
    expect(maskSecrets({ name: 'x', paySecret: 'abcdef123456', nested: [{ paypayKey: 'k-9876' }] })).toEqual({
      name: 'x',
      paySecret: '••••3456',
      nested: [{ paypayKey: '••••9876' }],
    });
  });
});
