import { readFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  MAX_STATEMENT_BYTES,
  alipaySettlementFileName,
  businessDay,
  contentHash,
  detectEncoding,
  detectLayout,
  parseAlipay,
  parseAlipaySettlementFileName,
  parseCard,
  parsePaypay,
  parseStatement,
  parseWechat,
  parseWechatGlobal,
  RowRefused,
  streamStatement,
  writeAlipay,
  writeCard,
  writePaypay,
  writeWechat,
  writeWechatGlobal,
  type StatementParse,
  type StatementRow,
} from '../../server/formats';

/**
 * The statement layouts against fixtures written by hand from the brands' documented layouts
 * (tests/fixtures/statements: typed as UTF-8 text with CRLF, then turned into GBK and CP932 by
 * iconv(1), never by our writers), and the strict parsers' refusals, each at its line.
 */
const FIXTURES = path.resolve(__dirname, '../fixtures/statements');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

const WECHAT_FIXTURE_TEXT = fixture('wechat-utf8bom.csv').subarray(3).toString('utf8');
const ALIPAY_FIXTURE = '1000123_settle_20250401_B0001.csv';

function rowsOf(parsed: StatementParse): StatementRow[] {
  if (!parsed.ok) throw new Error(`refused: line ${parsed.line} ${parsed.reason} ${parsed.detail}`);
  return parsed.rows;
}

/** A fixture's text with one line replaced (1-based), as UTF-8 bytes. */
function withLine(text: string, line: number, replace: (l: string) => string | null): Buffer {
  const lines = text.split('\r\n');
  const changed = replace(lines[line - 1]);
  if (changed === null) lines.splice(line - 1, 1);
  else lines[line - 1] = changed;
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

const WECHAT_COMMON = {
  公众账号ID: 'wx2421b1c4370ec43b',
  商户号: '1900000109',
  特约商户号: '1900000209',
  设备号: '013467007045764',
  用户标识: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
  交易类型: 'NATIVE',
  付款银行: 'CMB_CREDIT',
  代金券金额: '0.00',
  充值券退款金额: '0.00',
  商品名称: '咖啡, 大杯',
  商户数据包: '门店：上海',
  费率: '0.60%',
  费率备注: '',
};
const WECHAT_ROWS: StatementRow[] = [
  {
    layout: 'wechat',
    brand: 'wechat',
    kind: 'payment',
    kindRaw: null,
    brandOrderNo: '4200002025040112345678901234',
    gatewayOrderNo: 'GW20250401000001',
    brandRefundNo: null,
    gatewayRefundNo: null,
    statusRaw: 'SUCCESS',
    status: 'success',
    amount: 10000,
    fee: 60,
    feeFine: 60000,
    currency: 'CNY',
    time: '2025-04-01T09:15:30+08:00',
    line: 2,
    extra: {
      ...WECHAT_COMMON,
      退款类型: '',
      订单金额: '100.00',
      申请退款金额: '0.00',
      退款金额: '0.00',
      退款状态: '',
    },
  },
  {
    layout: 'wechat',
    brand: 'wechat',
    kind: 'refund',
    kindRaw: null,
    brandOrderNo: '4200002025040112345678901234',
    gatewayOrderNo: 'GW20250401000001',
    brandRefundNo: '50300000012025040112345678',
    gatewayRefundNo: 'RF20250401000001',
    statusRaw: 'SUCCESS',
    status: 'success',
    amount: 3050,
    fee: -18,
    feeFine: -18300,
    currency: 'CNY',
    time: '2025-04-01T18:02:11+08:00',
    line: 3,
    extra: {
      ...WECHAT_COMMON,
      退款类型: 'ORIGINAL',
      订单金额: '0.00',
      申请退款金额: '30.50',
      应结订单金额: '0.00',
    },
  },
];

describe('WeChat Pay trade bill', () => {
  it('parses the UTF-8 (BOM) fixture: every field, the summary, and writes the same bytes', () => {
    const buffer = fixture('wechat-utf8bom.csv');
    const parsed = parseWechat(buffer);
    expect(rowsOf(parsed)).toEqual(WECHAT_ROWS);
    if (!parsed.ok) return;
    expect(parsed.encoding).toBe('utf-8-bom');
    expect(parsed.summary).toEqual({
      rowCount: 2,
      totals: { CNY: { paymentCount: 1, refundCount: 1, paymentAmount: 10000, refundAmount: 3050, fee: 42 } },
      declared: {
        总交易单数: '2',
        应结订单总金额: '100.00',
        退款总金额: '30.50',
        充值券退款总金额: '0.00',
        手续费总金额: '0.41700',
        订单总金额: '100.00',
        申请退款总金额: '30.50',
      },
    });
    expect(writeWechat(WECHAT_ROWS)).toEqual(buffer);
  });

  it('parses the GBK fixture to the same rows and writes it back byte for byte on request', () => {
    const buffer = fixture('wechat-gbk.csv');
    expect(buffer.subarray(0, 4)).toEqual(Buffer.from([0xbd, 0xbb, 0xd2, 0xd7])); // 交易 in GBK
    const parsed = parseWechat(buffer);
    expect(rowsOf(parsed)).toEqual(WECHAT_ROWS);
    expect(parsed.ok && parsed.encoding).toBe('gbk');
    expect(writeWechat(WECHAT_ROWS, { encoding: 'gbk' })).toEqual(buffer);
  });

  it('also parses UTF-8 without a BOM', () => {
    expect(rowsOf(parseWechat(Buffer.from(WECHAT_FIXTURE_TEXT, 'utf8')))).toEqual(WECHAT_ROWS);
  });

  const refusedAt = (buffer: Buffer) => {
    const r = parseWechat(buffer);
    return r.ok ? 'accepted' : { line: r.line, reason: r.reason };
  };
  const text = WECHAT_FIXTURE_TEXT;
  it.each([
    ['a missing header column', 1, (l: string) => l.replace(',费率备注', ''), 1, 'columns'],
    ['a missing value', 2, (l: string) => l.slice(0, l.lastIndexOf(',')), 2, 'columns'],
    ['an amount with 1 decimal', 2, (l: string) => l.replace('`100.00', '`100.0'), 2, 'amount'],
    [
      'an amount with a separator (its second half lacks the backtick)',
      3,
      (l: string) => l.replace('`30.50', '`3,0.50'),
      3,
      'value',
    ],
    ['a fee with 2 decimals', 3, (l: string) => l.replace('`-0.18300', '`-0.18'), 3, 'fee'],
    ['a bad rate', 2, (l: string) => l.replace('`0.60%', '`0.60'), 2, 'fee'],
    ['an ISO time', 2, (l: string) => l.replace('`2025-04-01 09:15:30', '`2025-04-01T09:15:30'), 2, 'time'],
    ['the 31st of April', 3, (l: string) => l.replace('`2025-04-01 18', '`2025-04-31 18'), 3, 'time'],
    ['an unknown status', 2, (l: string) => l.replace('`SUCCESS', '`PAID'), 2, 'status'],
    [
      'an unknown refund status',
      3,
      (l: string) => l.replace('`ORIGINAL,`SUCCESS', '`ORIGINAL,`DONE'),
      3,
      'status',
    ],
    ['a value without its backtick', 2, (l: string) => l.replace('`NATIVE', 'NATIVE'), 2, 'value'],
    ['a payment with a refund number', 2, (l: string) => l.replace('`0.00,`,`,', '`0.00,`503,`,'), 2, 'kind'],
    [
      'a refund without its refund number',
      3,
      (l: string) => l.replace('`50300000012025040112345678', '`'),
      3,
      'value',
    ],
    ['another currency', 2, (l: string) => l.replace('`CNY', '`USD'), 2, 'currency'],
    ['a quote inside a value', 2, (l: string) => l.replace('`NATIVE', '`NAT"IVE'), 2, 'quoting'],
    ['a count that does not add up', 5, (l: string) => l.replace('`2,', '`3,'), 5, 'summary'],
    ['a fee total that does not add up', 5, (l: string) => l.replace('`0.41700', '`0.41701'), 5, 'summary'],
    [
      'a refund total that does not add up',
      5,
      (l: string) => l.replace('`30.50,`0.00', '`30.49,`0.00'),
      5,
      'summary',
    ],
    ['no summary row', 5, () => null, 5, 'truncated'],
  ] as const)('refuses %s', (_what, line, edit, at, reason) => {
    expect(refusedAt(withLine(text, line, edit))).toEqual({ line: at, reason });
  });

  it('takes totals that count a failed row or leave it out, column by column, and no other', () => {
    // The payment revoked after it succeeded is in the bill (a failed row); WeChat Pay does not say
    // whether its totals count it (docs/reconciliation.md, "WeChat Pay's summary row").
    const revoked = withLine(text, 2, (l) => l.replace('`SUCCESS', '`REVOKED')).toString('utf8');
    const summarised = (row: string) => withLine(revoked, 5, () => row);
    expect(rowsOf(parseWechat(Buffer.from(revoked, 'utf8'))).map((r) => r.status)).toEqual([
      'failed',
      'success',
    ]);
    // Every total without the failed row.
    expect(rowsOf(parseWechat(summarised('`1,`0.00,`30.50,`0.00,`-0.18300,`0.00,`30.50')))).toHaveLength(2);
    // The count without it, the amounts with it.
    expect(rowsOf(parseWechat(summarised('`1,`100.00,`30.50,`0.00,`0.41700,`100.00,`30.50')))).toHaveLength(
      2,
    );
    expect(refusedAt(summarised('`0,`100.00,`30.50,`0.00,`0.41700,`100.00,`30.50'))).toEqual({
      line: 5,
      reason: 'summary',
    });
    expect(refusedAt(summarised('`2,`50.00,`30.50,`0.00,`0.41700,`100.00,`30.50'))).toEqual({
      line: 5,
      reason: 'summary',
    });
    // Without a failed row there is one reading: a count of 1 is a row missing.
    expect(refusedAt(withLine(text, 5, (l) => l.replace('`2,', '`1,')))).toEqual({
      line: 5,
      reason: 'summary',
    });
  });

  it('refuses a file cut before its summary, and one cut inside a quoted value', () => {
    const lines = text.split('\r\n');
    expect(refusedAt(Buffer.from(lines.slice(0, 3).join('\r\n') + '\r\n'))).toEqual({
      line: 4,
      reason: 'truncated',
    });
    const cut = text.slice(0, text.indexOf('咖啡, 大杯') + 3);
    expect(refusedAt(Buffer.from(cut))).toEqual({ line: 2, reason: 'truncated' });
  });
});

describe('WeChat Pay cross-border (Japan) trade bill', () => {
  const GLOBAL = 'wechat-global-utf8bom.csv';
  const text = fixture(GLOBAL).subarray(3).toString('utf8');
  const common = {
    公众账号ID: 'wx2421b1c4370ec43b',
    商户号: '1900000109',
    特约商户号: '1900000209',
    设备号: '013467007045764',
    用户标识: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    交易类型: 'NATIVE',
    付款银行: 'CMB_CREDIT',
    标价币种: 'JPY',
    用户支付币种: 'CNY',
    支付汇率: '0.04835000',
    代金券金额: '0',
    充值券退款金额: '0',
    商品名称: '抹茶ラテ, L',
    商户数据包: '店舗：新宿',
    费率: '1.80%',
    费率备注: '',
  };
  const rows: StatementRow[] = [
    {
      layout: 'wechatGlobal',
      brand: 'wechat',
      kind: 'payment',
      kindRaw: null,
      brandOrderNo: '4200002025040112345678901234',
      gatewayOrderNo: 'GW20250401000001',
      brandRefundNo: null,
      gatewayRefundNo: null,
      statusRaw: 'SUCCESS',
      status: 'success',
      amount: 1200,
      fee: 22,
      feeFine: 2160000,
      currency: 'JPY',
      time: '2025-04-01T09:15:30+08:00',
      line: 2,
      extra: {
        ...common,
        '订单金额(标价币种)': '1200',
        用户支付金额: '58.02',
        退款汇率: '',
        申请退款金额: '0',
        用户退款币种: '',
        用户退款金额: '',
        退款类型: '',
        退款结算币种: '',
        退款应结订单金额: '0',
        退款状态: '',
      },
    },
    {
      layout: 'wechatGlobal',
      brand: 'wechat',
      kind: 'refund',
      kindRaw: null,
      brandOrderNo: '4200002025040112345678901234',
      gatewayOrderNo: 'GW20250401000001',
      brandRefundNo: '50300000012025040112345678',
      gatewayRefundNo: 'RF20250401000001',
      statusRaw: 'SUCCESS',
      status: 'success',
      amount: 500,
      fee: -9,
      feeFine: -900000,
      currency: 'JPY',
      time: '2025-04-01T18:02:11+08:00',
      line: 3,
      extra: {
        ...common,
        '订单金额(标价币种)': '0',
        用户支付金额: '0.00',
        退款汇率: '0.048125',
        申请退款金额: '500',
        用户退款币种: 'CNY',
        用户退款金额: '24.06',
        退款类型: 'ORIGINAL',
        结算币种: 'JPY',
        应结订单金额: '0',
      },
    },
  ];

  it('parses the hand-typed fixture field by field, with its summary, and writes the same bytes', () => {
    const buffer = fixture(GLOBAL);
    const parsed = parseWechatGlobal(buffer);
    expect(rowsOf(parsed)).toEqual(rows);
    if (!parsed.ok) return;
    expect([parsed.layout, parsed.encoding]).toEqual(['wechatGlobal', 'utf-8-bom']);
    expect(parsed.summary).toEqual({
      rowCount: 2,
      totals: { JPY: { paymentCount: 1, refundCount: 1, paymentAmount: 1200, refundAmount: 500, fee: 13 } },
      declared: {
        总交易单数: '2',
        结算币种: 'JPY',
        应结订单总金额: '1200',
        退款应结订单总金额: '500',
        充值券退款总金额: '0',
        手续费总金额: '12.60000',
        订单总金额: '1200',
        申请退款总金额: '500',
      },
    });
    expect(writeWechatGlobal(rows)).toEqual(buffer);
    expect(rowsOf(parseWechatGlobal(Buffer.from(text, 'utf8')))).toEqual(rows);
  });

  it('is told apart from the domestic bill by its header, both ways', () => {
    expect(detectLayout(fixture(GLOBAL))).toMatchObject({ ok: true, layout: 'wechatGlobal' });
    expect(detectLayout(fixture('wechat-utf8bom.csv'))).toMatchObject({ ok: true, layout: 'wechat' });
    expect(parseWechat(fixture(GLOBAL))).toMatchObject({ ok: false, line: 1, reason: 'layout' });
    expect(parseWechatGlobal(fixture('wechat-utf8bom.csv'))).toMatchObject({
      ok: false,
      line: 1,
      reason: 'layout',
    });
  });

  it('parses the same bill saved as GBK (a spreadsheet in China saves it so), found by its header too', () => {
    const gbk = iconv.encode(text, 'gbk');
    expect(gbk.subarray(0, 4)).toEqual(Buffer.from([0xbd, 0xbb, 0xd2, 0xd7])); // 交易 in GBK
    expect(iconv.decode(gbk, 'gbk')).toBe(text);
    const parsed = parseWechatGlobal(gbk);
    expect(rowsOf(parsed)).toEqual(rows);
    expect(parsed.ok && parsed.encoding).toBe('gbk');
    expect(detectLayout(gbk)).toMatchObject({ ok: true, layout: 'wechatGlobal', encoding: 'gbk' });
    expect(rowsOf(parseStatement(gbk))).toEqual(rows);
    const opened = streamStatement(gbk);
    expect(opened.ok && [opened.layout, opened.encoding]).toEqual(['wechatGlobal', 'gbk']);
  });

  it('takes totals that count a failed row or leave it out, as the domestic bill', () => {
    const revoked = withLine(text, 2, (l) => l.replace('`SUCCESS', '`REVOKED')).toString('utf8');
    const summarised = (row: string) => withLine(revoked, 5, () => row);
    expect(rowsOf(parseWechatGlobal(summarised('`1,`JPY,`0,`500,`0,`-9.00000,`0,`500')))).toHaveLength(2);
    expect(rowsOf(parseWechatGlobal(Buffer.from(revoked, 'utf8')))).toHaveLength(2);
    expect(refusedAt(summarised('`3,`JPY,`1200,`500,`0,`12.60000,`1200,`500'))).toEqual({
      line: 5,
      reason: 'summary',
    });
  });

  it('writes an empty bill in the currency asked, and refuses rows of two currencies', () => {
    const empty = parseWechatGlobal(writeWechatGlobal([], { currency: 'CNY' }));
    expect(empty.ok && empty.summary.declared).toMatchObject({ 结算币种: 'CNY', 应结订单总金额: '0.00' });
    expect(() => writeWechatGlobal([rows[0], { ...rows[1], currency: 'USD' }])).toThrow(RangeError);
  });

  const refusedAt = (buffer: Buffer) => {
    const r = parseWechatGlobal(buffer);
    return r.ok ? 'accepted' : { line: r.line, reason: r.reason };
  };
  it.each([
    ['a missing header column', 1, (l: string) => l.replace(',支付汇率', ''), 1, 'columns'],
    ['JPY with decimals', 2, (l: string) => l.replace('`JPY,`1200,`0.0', '`JPY,`1200.00,`0.0'), 2, 'amount'],
    ['a CNY user amount without its 2 decimals', 3, (l: string) => l.replace('`24.06', '`24'), 3, 'amount'],
    [
      'a user amount without its currency',
      2,
      (l: string) => l.replace('`CNY,`58.02', '`,`58.02'),
      2,
      'currency',
    ],
    ['a rate with 9 decimals', 3, (l: string) => l.replace('`0.048125', '`0.048125001'), 3, 'value'],
    ['a rate with a percent sign', 2, (l: string) => l.replace('`0.04835000', '`4.835%'), 2, 'value'],
    [
      'another settlement currency in the bill',
      3,
      (l: string) => l.replace(/`JPY,`500/, '`USD,`500'),
      3,
      'currency',
    ],
    ['an unknown currency', 2, (l: string) => l.replace('`JPY,`1200,`0.0', '`XYZ,`1200,`0.0'), 2, 'currency'],
    ['a fee with 0 decimals', 3, (l: string) => l.replace('`-9.00000', '`-9'), 3, 'fee'],
    ['a value without its backtick', 2, (l: string) => l.replace('`NATIVE', 'NATIVE'), 2, 'value'],
    [
      'an unknown refund status',
      3,
      (l: string) => l.replace('`ORIGINAL,`SUCCESS', '`ORIGINAL,`DONE'),
      3,
      'status',
    ],
    ['a summary in another currency', 5, (l: string) => l.replace('`JPY', '`CNY'), 5, 'summary'],
    [
      'a refund total that does not add up',
      5,
      (l: string) => l.replace('`1200,`500,`0', '`1200,`499,`0'),
      5,
      'summary',
    ],
    ['no summary row', 5, () => null, 5, 'truncated'],
  ] as const)('refuses %s', (_what, line, edit, at, reason) => {
    expect(refusedAt(withLine(text, line, edit))).toEqual({ line: at, reason });
  });
});

describe('Alipay (Antom) settlement file', () => {
  const common = {
    layout: 'alipay',
    brand: 'alipayplus',
    feeFine: null,
    status: 'success',
    statusRaw: 'SETTLED',
  } as const;
  const rows: StatementRow[] = [
    {
      ...common,
      kind: 'payment',
      kindRaw: 'PAYMENT',
      brandOrderNo: '2025040122001412345678901234',
      gatewayOrderNo: 'GW20250401000002',
      brandRefundNo: null,
      gatewayRefundNo: null,
      amount: 1200,
      fee: 12,
      currency: 'JPY',
      time: '2025-04-01T10:20:30+08:00',
      line: 2,
      extra: {
        Settlement_time: '04/03/2025 02:00:00',
        Issue: 'ALIPAYCN',
        Product: 'CASHIER_PAY',
        Remarks: 'table 5, "window"',
      },
    },
    {
      ...common,
      kind: 'refund',
      kindRaw: 'REFUND',
      brandOrderNo: null,
      gatewayOrderNo: 'GW20250401000002',
      brandRefundNo: '2025040122001412345678909999',
      gatewayRefundNo: 'RF20250401000002',
      amount: 300,
      fee: -3,
      currency: 'JPY',
      time: '2025-04-01T21:05:00+08:00',
      line: 3,
      extra: {
        Settlement_time: '04/03/2025 02:00:00',
        Issue: 'ALIPAYCN',
        Product: 'CASHIER_PAY',
        Remarks: '',
      },
    },
    {
      ...common,
      kind: 'refund',
      kindRaw: 'CANCEL',
      brandOrderNo: null,
      gatewayOrderNo: 'GW20250401000003',
      brandRefundNo: '2025040122001400000000000003',
      gatewayRefundNo: null,
      amount: 1200,
      fee: 0,
      currency: 'USD',
      time: '2025-04-01T23:59:59+08:00',
      line: 4,
      extra: {
        Settlement_time: '',
        Issue: 'ALIPAYHK',
        Product: 'CASHIER_PAY',
        Remarks: '',
        original_partner_transaction_ID: '',
      },
    },
  ];

  it('parses the fixture (JPY and USD, a payment, a refund and a cancel) and writes the same bytes', () => {
    const buffer = fixture(ALIPAY_FIXTURE);
    const parsed = parseAlipay(buffer);
    expect(rowsOf(parsed)).toEqual(rows);
    expect(parsed.ok && parsed.summary).toEqual({
      rowCount: 3,
      totals: {
        JPY: { paymentCount: 1, refundCount: 1, paymentAmount: 1200, refundAmount: 300, fee: 9 },
        USD: { paymentCount: 0, refundCount: 1, paymentAmount: 0, refundAmount: 1200, fee: 0 },
      },
      declared: null,
    });
    expect(writeAlipay(rows)).toEqual(buffer);
  });

  it('names and reads the file name', () => {
    expect(alipaySettlementFileName('1000123', '2025-04-01', 'B0001')).toBe(ALIPAY_FIXTURE);
    expect(parseAlipaySettlementFileName(ALIPAY_FIXTURE)).toEqual({
      mid: '1000123',
      day: '2025-04-01',
      batchId: 'B0001',
    });
    expect(parseAlipaySettlementFileName('1000123_fptrade_20250401.csv')).toBeNull();
  });

  const text = fixture(ALIPAY_FIXTURE).toString('utf8');
  const refusedAt = (buffer: Buffer) => {
    const r = parseAlipay(buffer);
    return r.ok ? 'accepted' : { line: r.line, reason: r.reason };
  };
  it.each([
    ['a missing header column', 1, (l: string) => l.replace(',Remarks', ''), 1, 'columns'],
    ['a row cut short', 4, (l: string) => l.slice(0, 40), 4, 'columns'],
    ['JPY with decimals', 2, (l: string) => l.replace(',1200,12,1188,', ',1200.00,12,1188,'), 2, 'amount'],
    ['USD without decimals', 4, (l: string) => l.replace(',12.00,', ',12,'), 4, 'amount'],
    ['a negative amount', 3, (l: string) => l.replace(',300,-3,-297,', ',-300,-3,-297,'), 3, 'amount'],
    [
      'a settlement that is not amount less fee',
      2,
      (l: string) => l.replace(',1188,', ',1190,'),
      2,
      'amount',
    ],
    ['a bad fee', 2, (l: string) => l.replace(',12,1188,', ',1 2,1188,'), 2, 'fee'],
    [
      'a day-first time',
      2,
      (l: string) => l.replace('04/01/2025 10:20:30', '2025-04-01 10:20:30'),
      2,
      'time',
    ],
    ['hour 24', 3, (l: string) => l.replace('04/01/2025 21:05:00', '04/01/2025 24:05:00'), 3, 'time'],
    ['an unknown type', 2, (l: string) => l.replace(',PAYMENT,', ',CAPTURE,'), 2, 'kind'],
    ['an unknown status', 2, (l: string) => l.replace(',SETTLED,', ',DONE,'), 2, 'status'],
    ['an unknown currency', 2, (l: string) => l.replace(',JPY,', ',XXX,'), 2, 'currency'],
    ['a refund without its order', 3, (l: string) => l.replace(/,GW20250401000002$/, ','), 3, 'value'],
    ['a payment with an original', 2, (l: string) => l + 'GW1', 2, 'kind'],
    [
      'a quoted value with text after its quote',
      2,
      (l: string) => l.replace('""window""",', '""window""" x,'),
      2,
      'quoting',
    ],
  ] as const)('refuses %s', (_what, line, edit, at, reason) => {
    expect(refusedAt(withLine(text, line, edit))).toEqual({ line: at, reason });
  });

  it('keeps a value that runs over lines and counts its lines', () => {
    const buffer = withLine(text, 2, (l) => l.replace('table 5, ""window""', 'table 5\r\n""window""'));
    const parsed = rowsOf(parseAlipay(buffer));
    expect(parsed.map((r) => r.line)).toEqual([2, 4, 5]);
    expect(parsed[0].extra.Remarks).toBe('table 5\r\n"window"');
    expect(writeAlipay(parsed)).toEqual(buffer);
  });
});

describe('PayPay for Business CSV', () => {
  const common = {
    layout: 'paypay',
    brand: 'paypay',
    kindRaw: null,
    brandOrderNo: '04123456789012345678',
    gatewayOrderNo: 'GW20250401000004',
    brandRefundNo: null,
    gatewayRefundNo: null,
    status: 'success',
    fee: null,
    feeFine: null,
    currency: 'JPY',
  } as const;
  const extra = {
    加盟店ID: 'PP0001',
    屋号: '株式会社さくら珈琲',
    支払い方法: 'PayPay残高',
    支払い詳細項目: '',
    取引確定期限: '',
  };
  const rows: StatementRow[] = [
    {
      ...common,
      kind: 'payment',
      statusRaw: '完了',
      amount: 1500,
      time: '2025-04-01T12:34:56+09:00',
      line: 2,
      extra: {
        ...extra,
        店舗ID: 'ST001',
        店舗名: 'ｻｸﾗｺｰﾋｰ ｼﾌﾞﾔﾃﾝ',
        '端末番号/PosID': 'POS-01',
        レシート番号: 'R-0001',
      },
    },
    {
      ...common,
      kind: 'refund',
      statusRaw: '返金完了',
      amount: 500,
      time: '2025-04-02T09:00:00+09:00',
      line: 3,
      extra: {
        ...extra,
        店舗ID: 'ST002',
        店舗名: 'さくら珈琲　新宿店',
        '端末番号/PosID': 'POS-02',
        レシート番号: 'R-0002',
      },
    },
  ];

  it('parses the Shift_JIS fixture (half-width and full-width store names) and writes the same bytes', () => {
    const buffer = fixture('paypay-sjis.csv');
    // ｻｸﾗ is three single bytes, ﾌﾞ two; さくら six.
    expect(
      buffer.includes(Buffer.from([0xbb, 0xb8, 0xd7, 0xba, 0xb0, 0xcb, 0xb0, 0x20, 0xbc, 0xcc, 0xde])),
    ).toBe(true);
    expect(buffer.includes(Buffer.from([0x82, 0xb3, 0x82, 0xad, 0x82, 0xe7]))).toBe(true);
    const parsed = parsePaypay(buffer);
    expect(rowsOf(parsed)).toEqual(rows);
    expect(parsed.ok && parsed.encoding).toBe('shift_jis');
    expect(parsed.ok && parsed.summary.totals).toEqual({
      JPY: { paymentCount: 1, refundCount: 1, paymentAmount: 1500, refundAmount: 500, fee: null },
    });
    expect(writePaypay(rows)).toEqual(buffer);
  });

  it('also parses the same file in UTF-8, with and without a BOM', () => {
    const utf8 = Buffer.from(iconv.decode(fixture('paypay-sjis.csv'), 'cp932'), 'utf8');
    expect(rowsOf(parsePaypay(utf8))).toEqual(rows);
    expect(rowsOf(parsePaypay(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8])))).toEqual(rows);
    expect(writePaypay(rows, { encoding: 'utf-8' })).toEqual(utf8);
  });

  it('refuses to write a text Shift_JIS has no code for', () => {
    expect(() => writePaypay([{ ...rows[0], extra: { ...rows[0].extra, 店舗名: '咖啡店😀' } }])).toThrow(
      /shift_jis/,
    );
  });

  const text = iconv.decode(fixture('paypay-sjis.csv'), 'cp932');
  const sjis = (b: Buffer) => iconv.encode(b.toString('utf8'), 'cp932');
  const refusedAt = (buffer: Buffer) => {
    const r = parsePaypay(sjis(buffer));
    return r.ok ? 'accepted' : { line: r.line, reason: r.reason };
  };
  it.each([
    ['a missing header column', 1, (l: string) => l.replace(',"加盟店決済ID"', ''), 1, 'columns'],
    ['a refund with a positive amount', 3, (l: string) => l.replace('"-500"', '"500"'), 3, 'amount'],
    ['a payment with a negative amount', 2, (l: string) => l.replace('"1500"', '"-1500"'), 2, 'amount'],
    ['an amount with a separator', 2, (l: string) => l.replace('"1500"', '"1,500"'), 2, 'amount'],
    [
      'the 30th of February',
      2,
      (l: string) => l.replace('2025/04/01 12:34:56', '2025/02/30 12:34:56'),
      2,
      'time',
    ],
    ['an unknown status', 2, (l: string) => l.replace('"完了"', '"支払い済み"'), 2, 'status'],
    ['an empty 取引番号', 2, (l: string) => l.replace('"04123456789012345678"', '""'), 2, 'value'],
  ] as const)('refuses %s', (_what, line, edit, at, reason) => {
    expect(refusedAt(withLine(text, line, edit))).toEqual({ line: at, reason });
  });
});

describe('card acquirer settlement detail', () => {
  const common = {
    layout: 'card',
    brand: 'card',
    statusRaw: 'SUCCESS',
    status: 'success',
    feeFine: null,
    currency: 'JPY',
    gatewayOrderNo: 'GW20250401000005',
    brandOrderNo: 'TX0001',
  } as const;
  const extra = {
    settlementBatchId: 'SB20250402001',
    acquirer: 'Sakura Acquiring',
    merchantId: 'M0001',
    cardBrand: 'VISA',
    cardNoMasked: '411111******1111',
    settlementDate: '2025-04-02',
  };
  const rows: StatementRow[] = [
    {
      ...common,
      kind: 'payment',
      kindRaw: 'PAYMENT',
      brandRefundNo: null,
      gatewayRefundNo: null,
      amount: 5000,
      fee: 165,
      time: '2025-04-01T23:59:59+09:00',
      line: 2,
      extra: { ...extra, acquirerReferenceNo: '74987505091000000000001', authCode: 'A12345' },
    },
    {
      ...common,
      kind: 'refund',
      kindRaw: 'REFUND',
      brandRefundNo: 'TX0002',
      gatewayRefundNo: 'RF20250401000005',
      amount: 2000,
      fee: 0,
      time: '2025-04-02T00:00:00+09:00',
      line: 3,
      extra: { ...extra, acquirerReferenceNo: '', authCode: '' },
    },
  ];

  it('parses the fixture with its trailer and writes the same bytes', () => {
    const buffer = fixture('card-settlement.csv');
    const parsed = parseCard(buffer);
    expect(rowsOf(parsed)).toEqual(rows);
    expect(parsed.ok && parsed.summary.declared).toEqual({
      END: 'END',
      rows: '2',
      netAmount: '3000',
      fee: '165',
      settlementAmount: '2835',
    });
    expect(writeCard(rows)).toEqual(buffer);
  });

  it('keeps a time in another offset as written, and writes Z as +00:00', () => {
    const text = fixture('card-settlement.csv').toString('utf8');
    const utc = rowsOf(
      parseCard(withLine(text, 2, (l) => l.replace('2025-04-01T23:59:59+09:00', '2025-04-01T14:59:59Z'))),
    );
    expect(utc[0].time).toBe('2025-04-01T14:59:59+00:00');
    const cet = rowsOf(parseCard(withLine(text, 2, (l) => l.replace('+09:00', '+01:00'))));
    expect(cet[0].time).toBe('2025-04-01T23:59:59+01:00');
    // The writer writes the acquirer's zone: the same instant.
    expect(writeCard([{ ...utc[0] }, utc[1]]).toString('utf8')).toContain(',2025-04-01T23:59:59+09:00,');
  });

  it('puts each row on its business day under the day cut (00:00 of the brand’s zone)', () => {
    expect(rows.map((r) => businessDay(r.time, 9 * 60))).toEqual(['2025-04-01', '2025-04-02']);
    expect(businessDay('2025-04-01T23:59:59+08:00', 8 * 60)).toBe('2025-04-01');
    expect(businessDay('2025-04-01T23:30:00+08:00', 9 * 60)).toBe('2025-04-02');
  });

  const text = fixture('card-settlement.csv').toString('utf8');
  const refusedAt = (buffer: Buffer) => {
    const r = parseCard(buffer);
    return r.ok ? 'accepted' : { line: r.line, reason: r.reason };
  };
  it.each([
    ['a time without offset', 2, (l: string) => l.replace('23:59:59+09:00', '23:59:59'), 2, 'time'],
    ['a bad settlement date', 3, (l: string) => l.replace(',2025-04-02,JPY', ',2025-13-02,JPY'), 3, 'time'],
    [
      'two currencies in a batch',
      3,
      (l: string) => l.replace(',JPY,2000,0,-2000', ',USD,20.00,0.00,-20.00'),
      3,
      'currency',
    ],
    ['a trailer that does not add up', 4, (l: string) => l.replace('END,2,3000', 'END,2,3001'), 4, 'summary'],
    ['a trailer with the wrong count', 4, (l: string) => l.replace('END,2,', 'END,3,'), 4, 'summary'],
    ['no trailer', 4, () => null, 4, 'truncated'],
    ['a refund without its original', 3, (l: string) => l.replace(',TX0001,', ',,'), 3, 'value'],
  ] as const)('refuses %s', (_what, line, edit, at, reason) => {
    expect(refusedAt(withLine(text, line, edit))).toEqual({ line: at, reason });
  });
});

describe('any file: guards, encodings, layouts, hash', () => {
  const all = [
    ['wechat-utf8bom.csv', 'wechat', 'utf-8-bom'],
    ['wechat-gbk.csv', 'wechat', 'gbk'],
    ['wechat-global-utf8bom.csv', 'wechatGlobal', 'utf-8-bom'],
    [ALIPAY_FIXTURE, 'alipay', 'utf-8'],
    ['paypay-sjis.csv', 'paypay', 'shift_jis'],
    ['card-settlement.csv', 'card', 'utf-8'],
  ] as const;

  it.each(all)('detects %s as %s in %s and parses it', (name, layout, encoding) => {
    const buffer = fixture(name);
    const detected = detectLayout(buffer);
    expect(detected).toEqual({ ok: true, layout, encoding, contentHash: contentHash(buffer) });
    const parsed = parseStatement(buffer);
    expect(parsed.ok && [parsed.layout, parsed.encoding, parsed.contentHash]).toEqual([
      layout,
      encoding,
      contentHash(buffer),
    ]);
  });

  it('hashes the bytes (sha256): the same file the same, one byte changed another', () => {
    const a = fixture('card-settlement.csv');
    const b = Buffer.from(a);
    b[b.length - 3] = 0x36;
    expect(contentHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(contentHash(Buffer.from(a))).toBe(contentHash(a));
    expect(contentHash(b)).not.toBe(contentHash(a));
  });

  it('refuses another brand’s file given to a parser, naming the brand', () => {
    expect(parseAlipay(fixture('wechat-utf8bom.csv'))).toMatchObject({
      ok: false,
      line: 1,
      reason: 'layout',
    });
    expect(parseWechat(fixture(ALIPAY_FIXTURE))).toMatchObject({
      ok: false,
      line: 1,
      reason: 'layout',
      detail: 'a alipay statement, not wechat',
    });
    expect(parseCard(fixture(ALIPAY_FIXTURE))).toMatchObject({ line: 1, reason: 'layout' });
    expect(parseWechat(Buffer.from(iconv.decode(fixture('paypay-sjis.csv'), 'cp932')))).toMatchObject({
      line: 1,
      reason: 'layout',
      detail: 'a paypay statement, not wechat',
    });
  });

  it('refuses a binary file at the line of its NUL byte', () => {
    const b = Buffer.from(fixture('card-settlement.csv'));
    const third = b.indexOf('SB20250402001', b.indexOf('SB20250402001') + 1);
    b[third + 2] = 0;
    for (const parse of [parseCard, parseStatement, detectLayout])
      expect(parse(b)).toMatchObject({ ok: false, line: 3, reason: 'binary' });
    expect(parseWechat(Buffer.from('\xff\xfe交', 'utf16le'))).toMatchObject({ reason: 'binary' });
  });

  it('refuses a file over the size limit, and an empty one', () => {
    const big = Buffer.alloc(MAX_STATEMENT_BYTES + 1, 0x41);
    expect(parseStatement(big)).toMatchObject({ ok: false, line: 0, reason: 'size' });
    expect(parseWechat(Buffer.alloc(0))).toMatchObject({ ok: false, line: 1, reason: 'truncated' });
  });

  it('refuses an unknown encoding at the line of the first byte that is not UTF-8', () => {
    const latin = Buffer.concat([fixture('card-settlement.csv'), Buffer.from([0xff, 0x0d, 0x0a])]);
    const unknown = {
      ok: false,
      line: 5,
      reason: 'encoding',
      detail: 'not UTF-8, GBK or Shift_JIS: no byte sequence of any of them',
    };
    expect(detectEncoding(latin)).toEqual(unknown);
    expect(parseCard(latin)).toEqual(unknown);
    // A BOM, then bytes that are not UTF-8 (GBK).
    const mixed = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixture('wechat-gbk.csv')]);
    expect(parseWechat(mixed)).toMatchObject({ ok: false, line: 1, reason: 'encoding' });
  });

  it('refuses a file in an encoding its layout does not take, naming it and those the layout takes', () => {
    // Shift_JIS is not the Alipay file's encoding: the refusal says the file is Shift_JIS, not "unknown".
    expect(parseAlipay(fixture('paypay-sjis.csv'))).toEqual({
      ok: false,
      line: 1,
      reason: 'encodingNotAccepted',
      detail: 'Shift_JIS, which this layout does not take (it takes UTF-8, UTF-8 with a BOM)',
    });
    // An Alipay file saved as GBK (its bytes Shift_JIS too, its header ASCII): it is one of those.
    const alipayText = fixture(ALIPAY_FIXTURE).toString('utf8').replace('table 5', '门店：上海');
    expect(parseAlipay(iconv.encode(alipayText, 'gbk'))).toEqual({
      ok: false,
      line: 2,
      reason: 'encodingNotAccepted',
      detail: 'GBK or Shift_JIS, which this layout does not take (it takes UTF-8, UTF-8 with a BOM)',
    });
    // The domestic bill in GBK read as PayPay's (Shift_JIS, UTF-8): Shift_JIS decodes it to no
    // header, GBK to WeChat's: it is GBK.
    expect(parsePaypay(fixture('wechat-gbk.csv'))).toMatchObject({
      ok: false,
      line: 1,
      reason: 'encodingNotAccepted',
      detail: 'GBK, which this layout does not take (it takes Shift_JIS, UTF-8, UTF-8 with a BOM)',
    });
  });

  it('refuses a file both GBK and Shift_JIS decode when no header decides, never guessing', () => {
    const both = iconv.encode('あいう,かきく\r\n', 'cp932');
    expect(iconv.decode(both, 'gbk')).not.toContain('\uFFFD');
    expect(detectEncoding(both)).toMatchObject({ ok: false, line: 1, reason: 'encodingAmbiguous' });
    expect(detectLayout(both)).toMatchObject({ ok: false, reason: 'encodingAmbiguous' });
    // The same ambiguity with a known header is decided by the header.
    const fullWidthOnly = iconv.decode(fixture('paypay-sjis.csv'), 'cp932').split('\r\n');
    fullWidthOnly.splice(1, 1);
    const paypay = iconv.encode(fullWidthOnly.join('\r\n'), 'cp932');
    expect(iconv.decode(paypay, 'gbk')).not.toContain('\uFFFD');
    expect(detectEncoding(paypay)).toMatchObject({ ok: true, encoding: 'shift_jis' });
  });

  it('refuses a header that is no layout’s', () => {
    expect(detectLayout(Buffer.from('a,b,c\r\n1,2,3\r\n'))).toMatchObject({
      ok: false,
      line: 1,
      reason: 'layout',
    });
  });

  it('streams the rows one at a time and gives the summary at the end; a bad summary throws at its line', () => {
    const opened = streamStatement(fixture('wechat-gbk.csv'));
    if (!opened.ok) throw new Error('refused');
    expect([opened.layout, opened.encoding]).toEqual(['wechat', 'gbk']);
    const first = opened.rows.next();
    expect(first.done === false && first.value).toEqual(WECHAT_ROWS[0]);
    expect(opened.rows.next().value).toEqual(WECHAT_ROWS[1]);
    const end = opened.rows.next();
    expect(end.done && end.value.rowCount).toBe(2);

    const bad = streamStatement(
      withLine(WECHAT_FIXTURE_TEXT, 5, (l) => l.replace('`2,', '`1,')),
      'wechat',
    );
    if (!bad.ok) throw new Error('refused');
    const seen: number[] = [];
    let thrown: unknown = null;
    try {
      for (const row of bad.rows) seen.push(row.line);
    } catch (e) {
      thrown = e;
    }
    expect(seen).toEqual([2, 3]);
    expect(thrown).toBeInstanceOf(RowRefused);
    expect(thrown).toMatchObject({ line: 5, reason: 'summary' });
    expect(streamStatement(fixture('card-settlement.csv'), 'alipay')).toMatchObject({
      ok: false,
      line: 1,
      reason: 'layout',
    });
  });
});
