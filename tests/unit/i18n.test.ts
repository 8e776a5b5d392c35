import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, CATALOGUES, createTranslator, isMessageKey, renderMessage } from '../../src/i18n';
import type { Dict } from '../../src/i18n/define';
import { ALL_ROLES, flattenMenu } from '../../src/contract';

function keys(d: Dict, prefix = ''): string[] {
  return Object.entries(d).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`),
  );
}

describe('catalogues', () => {
  for (const [area, cat] of Object.entries(AREAS)) {
    it(`area "${area}" has the same keys in ja, zh-cn and en`, () => {
      const ja = keys(cat.ja).sort();
      for (const lang of CATALOGUES) expect(keys(cat[lang]).sort(), `${area}/${lang}`).toEqual(ja);
    });
    it(`area "${area}" has no empty strings`, () => {
      for (const lang of CATALOGUES)
        for (const k of keys(cat[lang])) {
          const v = k.split('.').reduce<unknown>((d, p) => (d as Dict)[p], cat[lang]);
          expect(String(v).trim(), `${area}/${lang}/${k}`).not.toBe('');
        }
    });
  }

  it('gives a key defined in several areas the same text (no area overrides another)', () => {
    for (const lang of CATALOGUES) {
      const seen = new Map<string, { area: string; text: string }>();
      const clashes: string[] = [];
      for (const [area, cat] of Object.entries(AREAS))
        for (const k of keys(cat[lang])) {
          const text = k.split('.').reduce<unknown>((d, p) => (d as Dict)[p], cat[lang]) as string;
          const first = seen.get(k);
          if (first && first.text !== text) clashes.push(`${lang} ${k}: ${first.area} / ${area}`);
          if (!first) seen.set(k, { area, text });
        }
      const all = [...seen.keys()];
      for (const k of all)
        if (all.some((other) => other.startsWith(`${k}.`))) clashes.push(`${lang} ${k}: a text and a group`);
      expect(clashes).toEqual([]);
    }
  });

  it('every menu title and role name exists in every language', () => {
    for (const lang of CATALOGUES) {
      const t = createTranslator(lang);
      for (const r of flattenMenu()) expect(t(r.titleKey), `${lang} ${r.titleKey}`).not.toBe(r.titleKey);
      for (const role of ALL_ROLES) expect(t(`roles.${role}`)).not.toBe(`roles.${role}`);
    }
  });

  it('every t("…") key used in the console and server exists in every language', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name)) files.push(p);
      }
    };
    walk('src');
    walk('server');
    const used = new Set<string>();
    for (const f of files) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(/\bt\(\s*'([a-zA-Z][\w]*\.[\w.]+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(0);
    for (const lang of CATALOGUES) {
      const t = createTranslator(lang);
      const missing = [...used].filter((k) => !isMessageKey(k) || t(k) === k);
      expect(missing, `missing in ${lang}`).toEqual([]);
    }
  });

  it('renders validation messages with the field label in each language', () => {
    const m = { key: 'validation.maxLength' as const, values: { field: 'userName', max: 60 } };
    expect(renderMessage(createTranslator('en'), m)).toBe('Name must be at most 60 characters');
    expect(renderMessage(createTranslator('ja'), m)).toBe('氏名は60文字以内で入力してください');
    expect(renderMessage(createTranslator('zh-cn'), m)).toBe('姓名不能超过60个字符');
  });
});
