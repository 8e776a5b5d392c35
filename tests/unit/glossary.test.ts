/**
 * docs/glossary.md in code: each concept has one word per language, and the menu label, the
 * screen's title, its dialogs and its messages all use it. The words are the glossary's.
 */
import { describe, expect, it } from 'vitest';
import { AREAS, createTranslator, leafKeys, type MessageKey } from '../../src/i18n';
import type { Catalogue } from '../../src/contract/locale';

type Words = Record<Catalogue, string>;
const CONCEPTS: { concept: string; words: Words; keys: MessageKey[] }[] = [
  {
    concept: 'merchant (company, tenant)',
    words: { ja: '加盟店', 'zh-cn': '商户', en: 'merchant' },
    keys: [
      'menu.companies',
      'org.company.table',
      'org.company.newTitle',
      'org.company.editTitle',
      'fields.companyId',
      'audit.objects.company',
      'menu.settleMerchant',
      'server.companyLocked',
      'roles.20',
    ],
  },
  {
    concept: 'branch',
    words: { ja: '店舗', 'zh-cn': '门店', en: 'branch' },
    keys: ['menu.branches', 'org.branch.table', 'org.branch.newTitle', 'org.branch.editTitle'],
  },
  {
    concept: 'agency',
    words: { ja: '代理店', 'zh-cn': '代理商', en: 'agenc' },
    keys: ['menu.agencies', 'org.agency.table', 'org.agency.newTitle', 'audit.objects.agent'],
  },
  {
    concept: 'comprehensive agent (brand-level)',
    words: { ja: '総合代理店', 'zh-cn': '综合代理', en: 'comprehensive agent' },
    keys: [
      'menu.brandAgents',
      'menu.settleBrand',
      'org.brandAgent.table',
      'org.brandAgent.newTitle',
      'org.brandAgent.editTitle',
      'server.org.brandServed',
      'audit.objects.brandAgent',
    ],
  },
  {
    concept: 'service provider',
    words: { ja: 'サービスプロバイダー', 'zh-cn': '服务商', en: 'service provider' },
    keys: [
      'menu.serviceProviders',
      'org.provider.table',
      'org.provider.newTitle',
      'fields.serviceProviderId',
      'roles.15',
    ],
  },
  {
    concept: 'terminal (device)',
    words: { ja: '端末', 'zh-cn': '终端', en: 'device' },
    keys: ['menu.terminals', 'terminals.table', 'audit.objects.terminal'],
  },
  {
    concept: 'URL payment',
    words: { ja: 'URL決済', 'zh-cn': 'URL支付', en: 'URL payment' },
    keys: [
      'menu.links',
      'links.url.table',
      'links.url.newTitle',
      'links.url.createdTitle',
      'links.url.closeTitle',
      'server.links.created',
      'server.links.closed',
      'audit.objects.payLink',
    ],
  },
  {
    concept: 'pre-order',
    words: { ja: '事前注文', 'zh-cn': '预下单', en: 'pre-order' },
    keys: [
      'menu.preorders',
      'preorders.table',
      'preorders.newTitle',
      'preorders.createdTitle',
      'preorders.closeTitle',
      'server.preorders.created',
      'server.preorders.closed',
      'audit.objects.preOrder',
    ],
  },
  {
    concept: 'refund',
    words: { ja: '返金', 'zh-cn': '退款', en: 'refund' },
    keys: [
      'menu.refundHistory',
      'menu.refundApproval',
      'refunds.refund.dialog',
      'refunds.approval.title.choosing',
    ],
  },
  {
    concept: 'settlement',
    words: { ja: '精算', 'zh-cn': '结算', en: 'settlement' },
    keys: [
      'menu.settle',
      'menu.settleMerchant',
      'menu.settleAgent',
      'menu.settleBrand',
      'fields.settlementPeriod',
    ],
  },
];

/** Words the glossary replaced; they appear nowhere in their language (but in the named exceptions). */
const RETIRED: Record<Catalogue, { word: string; except: RegExp[] }[]> = {
  ja: [
    { word: '会社', except: [/決済会社/, /Paytree 会社コード/, /中国決済 会社番号/] },
    { word: '支払い依頼', except: [] },
  ],
  'zh-cn': [
    { word: '公司', except: [/Paytree 公司代码/, /中国支付 公司编号/] },
    { word: '支付请求', except: [] },
    { word: '设备', except: [] },
  ],
  en: [{ word: 'company', except: [/Paytree company code/i, /Chinese pay company number/i] }],
};

const LANGUAGES: Catalogue[] = ['ja', 'zh-cn', 'en'];

describe('glossary: one word per concept and language', () => {
  for (const lang of LANGUAGES) {
    const t = createTranslator(lang);
    it(`${lang}: menu, titles, dialogs and messages name each concept with its word`, () => {
      for (const { concept, words, keys } of CONCEPTS) {
        for (const key of keys) {
          expect(t(key).toLowerCase(), `${concept}: ${key}`).toContain(words[lang].toLowerCase());
        }
      }
    });

    it(`${lang}: the replaced words are gone from the catalogue`, () => {
      const texts = Object.values(AREAS).flatMap((area) => {
        const dict = area[lang] as Record<string, unknown>;
        return leafKeys(dict as never).map((k) => t(k as MessageKey));
      });
      for (const { word, except } of RETIRED[lang]) {
        const found = texts.filter((s) => {
          const rest = except.reduce((x, re) => x.replace(new RegExp(re.source, 'gi'), ''), s);
          return rest.toLowerCase().includes(word.toLowerCase());
        });
        expect(found, `${lang}: ${word}`).toEqual([]);
      }
    });
  }

  it('a step button says "next step", the pager "next page"', () => {
    expect(createTranslator('zh-cn')('common.nextStep')).toBe('下一步');
    expect(createTranslator('zh-cn')('common.prevStep')).toBe('上一步');
    expect(createTranslator('zh-cn')('common.nextPage')).toBe('下一页');
    expect(createTranslator('ja')('common.nextStep')).toBe('次へ');
    expect(createTranslator('en')('common.nextStep')).toBe('Next');
  });
});
