/**
 * The prepared databases the server suites copy (./templates.ts): every suite's database is its
 * own copy — migrated and seeded as a fresh one would be, and what one suite writes is not in
 * another's — and the template is made once per run for each kind, however many ask at once.
 */
import { count, eq } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { companies, operators } from '../../server/db/schema';
import type { DatabaseHandle } from '../../server/db/client';
import { backends, TEST_SECRET_KEY } from './harness';
import { templateKey } from './templates';

const config = loadConfig(
  {},
  {
    staticDir: '/nonexistent-kessai-static',
    argon2: { memoryCost: 4096, timeCost: 1, parallelism: 1 },
    secretKey: TEST_SECRET_KEY,
    demoStatements: false,
    demoOrders: 0,
  },
);

describe('the template key', () => {
  it('differs with the settings the demo data is made from, not with the others', () => {
    expect(templateKey({ ...config, captcha: true })).toBe(templateKey(config));
    expect(templateKey({ ...config, demoOrders: 5 })).not.toBe(templateKey(config));
    expect(templateKey({ ...config, timeZone: 'UTC' })).not.toBe(templateKey(config));
  });
});

for (const backend of backends) {
  describe(`copies of a prepared database on '${backend.name}'`, () => {
    const open: DatabaseHandle[] = [];
    afterAll(() => Promise.all(open.map((d) => d.close())));

    it(
      'are made at once from one template, each migrated and seeded, each its own',
      { timeout: 300_000 },
      async () => {
        // Three asked together: one builds, the others wait for it.
        const [a, b, c] = await Promise.all([1, 2, 3].map(() => backend.openPrepared(config)));
        open.push(a, b, c);
        const accounts = async (d: DatabaseHandle) =>
          (await d.db.select({ n: count() }).from(operators))[0].n;
        const n = await accounts(a);
        expect(n).toBeGreaterThan(5);
        expect(await accounts(b)).toBe(n);
        expect(await accounts(c)).toBe(n);
        // A write in one copy is in that copy only.
        const [first] = await a.db.select().from(companies).limit(1);
        await a.db.update(companies).set({ name: 'only in a' }).where(eq(companies.id, first.id));
        const [inB] = await b.db.select().from(companies).where(eq(companies.id, first.id));
        expect(inB.name).toBe(first.name);
        if (backend.name === 'pglite') {
          // One template file for this kind in the run's folder.
          const files = readdirSync(inject('kessaiTemplateDir')).filter((f) =>
            f.startsWith(templateKey(config)),
          );
          expect(files).toEqual([`${templateKey(config)}.tar`]);
        }
      },
    );
  });
}
