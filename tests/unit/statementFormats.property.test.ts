import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALIPAY_STATUSES,
  CARD_STATUSES,
  PAYPAY_STATUSES,
  WECHAT_PAYMENT_STATUSES,
  WECHAT_REFUND_STATUSES,
  parseAlipay,
  parseCard,
  parsePaypay,
  parseWechat,
  parseWechatGlobal,
  writeAlipay,
  writeCard,
  writePaypay,
  writeWechat,
  writeWechatGlobal,
  type StatementParse,
  type StatementRow,
} from '../../server/formats';

/**
 * Each layout: random rows (amounts, fees, statuses, CJK and kana names, commas, quotes and line
 * breaks in text values) → write → parse gives the same rows, each at the line it starts on.
 */
const ASCII = 'abcXYZ019 -_/.:';
const TRICKY = ',"\n\r`\'=+';
const CJK = '咖啡大杯门店上海支付宝微信测试商品，：（）'; // GBK has each of them
const KANA = 'ｻｸﾗｺｰﾋｰｼﾌﾞﾔﾃﾝﾊﾟさくら珈琲新宿店カフェ　ー・①～'; // CP932 has each of them

const textOf = (chars: string, minLength = 0) =>
  fc.string({ unit: fc.constantFrom(...chars), minLength, maxLength: 12 });
const idOf = (chars = ASCII + ',"') => textOf(chars, 1);

/** An instant between 2000 and 2099 as ISO in a fixed offset (seconds). */
const timeIn = (offsetMinutes: number) =>
  fc.integer({ min: Date.UTC(2000, 0, 1) / 1000, max: Date.UTC(2099, 11, 31) / 1000 }).map((s) => {
    const local = new Date((s + offsetMinutes * 60) * 1000).toISOString().slice(0, 19);
    const h = String(Math.floor(offsetMinutes / 60)).padStart(2, '0');
    return `${local}+${h}:${String(offsetMinutes % 60).padStart(2, '0')}`;
  });

/** 元 with 2 decimals, from an integer (no float). */
const money2 = fc.integer({ min: 0, max: 10 ** 11 }).map((n) => {
  const s = String(n).padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
});
/** Half away from zero, 1/100000 → 1/100. */
const roundFine = (f: number) => {
  const r = Math.floor((Math.abs(f) + 500) / 1000);
  return f < 0 && r !== 0 ? -r : r;
};

/** Half away from zero, 1/100000 of the major unit → the currency's minor unit. */
const roundFineTo = (f: number, digits: number) => {
  const div = 10 ** (5 - digits);
  const r = Math.floor((Math.abs(f) + div / 2) / div);
  return f < 0 && r !== 0 ? -r : r;
};

/** The rows as parsed: each at the line it starts on (line breaks inside quoted values count). */
function expectedLines(rows: StatementRow[]): StatementRow[] {
  let line = 2;
  return rows.map((r) => {
    const at = line;
    const texts = [
      r.brandOrderNo,
      r.gatewayOrderNo,
      r.brandRefundNo,
      r.gatewayRefundNo,
      ...Object.values(r.extra),
    ];
    line += 1 + texts.reduce((n, t) => n + (t ?? '').split('\n').length - 1, 0);
    return { ...r, line: at };
  });
}

function rowsOf(parsed: StatementParse): StatementRow[] {
  if (!parsed.ok) throw new Error(`refused: line ${parsed.line} ${parsed.reason} ${parsed.detail}`);
  return parsed.rows;
}

const RUNS = { numRuns: 150 };

describe('write → parse gives the same rows', () => {
  it('WeChat Pay trade bill (UTF-8 with a BOM or GBK), with its summary', () => {
    const text = textOf(ASCII + TRICKY + CJK);
    const row = fc
      .record({
        refund: fc.boolean(),
        paymentStatus: fc.constantFrom(...Object.keys(WECHAT_PAYMENT_STATUSES)),
        refundStatus: fc.constantFrom(...Object.keys(WECHAT_REFUND_STATUSES)),
        brandOrderNo: idOf(),
        gatewayOrderNo: idOf(),
        brandRefundNo: idOf(),
        gatewayRefundNo: idOf(),
        amount: fc.integer({ min: 0, max: 10 ** 11 }),
        feeFine: fc.integer({ min: -(10 ** 9), max: 10 ** 9 }),
        time: timeIn(8 * 60),
        texts: fc.array(text, { minLength: 11, maxLength: 11 }),
        moneys: fc.array(money2, { minLength: 6, maxLength: 6 }),
        rate: fc.constantFrom('', '0.60%', '0.38%', '1%'),
      })
      .map((g): StatementRow => {
        const [app, mch, sub, device, user, type, bank, refundType, name, attach, note] = g.texts;
        const [coupon, rechargeRefund, order, asked, other] = g.moneys;
        const common = {
          公众账号ID: app,
          商户号: mch,
          特约商户号: sub,
          设备号: device,
          用户标识: user,
          交易类型: type,
          付款银行: bank,
          代金券金额: coupon,
          充值券退款金额: rechargeRefund,
          退款类型: refundType,
          商品名称: name,
          商户数据包: attach,
          费率: g.rate,
          订单金额: order,
          申请退款金额: asked,
          费率备注: note,
        };
        const statusRaw = g.refund ? g.refundStatus : g.paymentStatus;
        return {
          layout: 'wechat',
          brand: 'wechat',
          kind: g.refund ? 'refund' : 'payment',
          kindRaw: null,
          brandOrderNo: g.brandOrderNo,
          gatewayOrderNo: g.gatewayOrderNo,
          brandRefundNo: g.refund ? g.brandRefundNo : null,
          gatewayRefundNo: g.refund ? g.gatewayRefundNo : null,
          statusRaw,
          status: (g.refund ? WECHAT_REFUND_STATUSES : WECHAT_PAYMENT_STATUSES)[statusRaw],
          amount: g.amount,
          fee: roundFine(g.feeFine),
          feeFine: g.feeFine,
          currency: 'CNY',
          time: g.time,
          line: 0,
          extra: g.refund
            ? { ...common, 应结订单金额: other }
            : { ...common, 退款金额: other, 退款状态: g.texts[0] },
        };
      });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), fc.constantFrom('utf-8-bom', 'gbk'), (rows, encoding) => {
        const parsed = parseWechat(writeWechat(rows, { encoding: encoding as 'utf-8-bom' | 'gbk' }));
        expect(rowsOf(parsed)).toEqual(expectedLines(rows));
        expect(parsed.ok && parsed.encoding).toBe(encoding);
        expect(parsed.ok && Number(parsed.summary.declared?.['总交易单数'])).toBe(rows.length);
      }),
      RUNS,
    );
  });

  it('WeChat Pay cross-border (Japan) trade bill, one settlement currency, with its summary', () => {
    const text = textOf(ASCII + TRICKY + CJK + KANA);
    /** An amount with a currency's digits, from an integer (no float). */
    const moneyIn = (digits: number) =>
      fc.integer({ min: 0, max: 10 ** 11 }).map((n) => {
        if (digits === 0) return String(n);
        const s = String(n).padStart(digits + 1, '0');
        return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
      });
    const fxRate = fc.oneof(
      fc.constant(''),
      fc
        .tuple(
          fc.integer({ min: 0, max: 999 }),
          fc.integer({ min: 0, max: 10 ** 8 - 1 }),
          fc.integer({ min: 1, max: 8 }),
        )
        .map(([whole, frac, n]) => `${whole}.${String(frac).padStart(8, '0').slice(0, n)}`),
    );
    const rowIn = (currency: string, digits: number) =>
      fc
        .record({
          refund: fc.boolean(),
          paymentStatus: fc.constantFrom(...Object.keys(WECHAT_PAYMENT_STATUSES)),
          refundStatus: fc.constantFrom(...Object.keys(WECHAT_REFUND_STATUSES)),
          ids: fc.array(idOf(), { minLength: 4, maxLength: 4 }),
          amount: fc.integer({ min: 0, max: 10 ** 11 }),
          feeFine: fc.integer({ min: -(10 ** 9), max: 10 ** 9 }),
          time: timeIn(8 * 60),
          texts: fc.array(text, { minLength: 11, maxLength: 11 }),
          moneys: fc.array(moneyIn(digits), { minLength: 6, maxLength: 6 }),
          user: fc.array(fc.option(fc.constantFrom('CNY', 'JPY', 'USD'), { nil: '' }), {
            minLength: 2,
            maxLength: 2,
          }),
          userMoneys: fc.array(fc.integer({ min: 0, max: 10 ** 9 }), { minLength: 2, maxLength: 2 }),
          rates: fc.array(fxRate, { minLength: 2, maxLength: 2 }),
          priced: fc.constantFrom('', currency),
          otherSettles: fc.constantFrom('', currency),
          rate: fc.constantFrom('', '1.80%', '2%'),
        })
        .map((g): StatementRow => {
          const [app, mch, sub, device, user, type, bank, refundType, name, attach, note] = g.texts;
          const [order, asked, coupon, recharge, other, otherAmount] = g.moneys;
          const [brandOrderNo, gatewayOrderNo, brandRefundNo, gatewayRefundNo] = g.ids;
          const userAmount = (cur: string, n: number) => {
            if (cur === '') return '';
            const d = cur === 'JPY' ? 0 : 2;
            return d === 0 ? String(n) : `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
          };
          const common = {
            公众账号ID: app,
            商户号: mch,
            特约商户号: sub,
            设备号: device,
            用户标识: user,
            交易类型: type,
            付款银行: bank,
            标价币种: g.priced,
            '订单金额(标价币种)': order,
            用户支付币种: g.user[0],
            用户支付金额: userAmount(g.user[0], g.userMoneys[0]),
            支付汇率: g.rates[0],
            退款汇率: g.rates[1],
            申请退款金额: asked,
            用户退款币种: g.user[1],
            用户退款金额: userAmount(g.user[1], g.userMoneys[1]),
            代金券金额: coupon,
            充值券退款金额: recharge,
            退款类型: refundType,
            商品名称: name,
            商户数据包: attach,
            费率: g.rate,
            费率备注: note,
          };
          const statusRaw = g.refund ? g.refundStatus : g.paymentStatus;
          return {
            layout: 'wechatGlobal',
            brand: 'wechat',
            kind: g.refund ? 'refund' : 'payment',
            kindRaw: null,
            brandOrderNo,
            gatewayOrderNo,
            brandRefundNo: g.refund ? brandRefundNo : null,
            gatewayRefundNo: g.refund ? gatewayRefundNo : null,
            statusRaw,
            status: (g.refund ? WECHAT_REFUND_STATUSES : WECHAT_PAYMENT_STATUSES)[statusRaw],
            amount: g.amount,
            fee: roundFineTo(g.feeFine, digits),
            feeFine: g.feeFine,
            currency,
            time: g.time,
            line: 0,
            extra: g.refund
              ? { ...common, 结算币种: g.otherSettles, 应结订单金额: other }
              : {
                  ...common,
                  退款结算币种: g.otherSettles,
                  退款应结订单金额: otherAmount,
                  退款状态: g.texts[0],
                },
          };
        });
    const bill = fc
      .constantFrom(['JPY', 0] as const, ['CNY', 2] as const, ['USD', 2] as const)
      .chain(([currency, digits]) =>
        fc.tuple(fc.constant(currency), fc.array(rowIn(currency, digits), { maxLength: 20 })),
      );
    fc.assert(
      fc.property(bill, ([currency, rows]) => {
        const parsed = parseWechatGlobal(writeWechatGlobal(rows, { currency }));
        expect(rowsOf(parsed)).toEqual(expectedLines(rows));
        expect(parsed.ok && parsed.encoding).toBe('utf-8-bom');
        expect(parsed.ok && parsed.summary.declared?.['结算币种']).toBe(currency);
        expect(parsed.ok && Number(parsed.summary.declared?.['总交易单数'])).toBe(rows.length);
      }),
      RUNS,
    );
  });

  it('Alipay (Antom) settlement file', () => {
    const text = textOf(ASCII + TRICKY + CJK + KANA);
    const row = fc
      .record({
        type: fc.constantFrom('PAYMENT', 'REFUND', 'CANCEL'),
        statusRaw: fc.constantFrom(...Object.keys(ALIPAY_STATUSES)),
        partner: idOf(),
        alipayId: idOf(),
        original: idOf(),
        currency: fc.constantFrom('JPY', 'CNY', 'USD', 'KRW'),
        amount: fc.integer({ min: 0, max: 10 ** 12 }),
        fee: fc.integer({ min: -(10 ** 9), max: 10 ** 9 }),
        time: timeIn(8 * 60),
        settlementTime: fc.constantFrom('', '04/03/2025 02:00:00', '12/31/2099 23:59:59'),
        issue: text,
        product: text,
        remarks: text,
        cancelOriginal: text,
      })
      .map((g): StatementRow => {
        const payment = g.type === 'PAYMENT';
        const extra: Record<string, string> = {
          Settlement_time: g.settlementTime,
          Issue: g.issue,
          Product: g.product,
          Remarks: g.remarks,
        };
        if (g.type === 'CANCEL') extra.original_partner_transaction_ID = g.cancelOriginal;
        return {
          layout: 'alipay',
          brand: 'alipayplus',
          kind: payment ? 'payment' : 'refund',
          kindRaw: g.type,
          brandOrderNo: payment ? g.alipayId : null,
          gatewayOrderNo: g.type === 'REFUND' ? g.original : g.partner,
          brandRefundNo: payment ? null : g.alipayId,
          gatewayRefundNo: g.type === 'REFUND' ? g.partner : null,
          statusRaw: g.statusRaw,
          status: ALIPAY_STATUSES[g.statusRaw],
          amount: g.amount,
          fee: g.fee,
          feeFine: null,
          currency: g.currency,
          time: g.time,
          line: 0,
          extra,
        };
      });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), (rows) => {
        expect(rowsOf(parseAlipay(writeAlipay(rows)))).toEqual(expectedLines(rows));
      }),
      RUNS,
    );
  });

  it('PayPay for Business CSV (Shift_JIS or UTF-8), half-width and full-width kana', () => {
    const text = textOf(ASCII + TRICKY + KANA);
    const row = fc
      .record({
        statusRaw: fc.constantFrom(...Object.keys(PAYPAY_STATUSES)),
        brandOrderNo: idOf(),
        gatewayOrderNo: fc.option(idOf(), { nil: null }),
        amount: fc.integer({ min: 1, max: 10 ** 12 }),
        time: timeIn(9 * 60),
        texts: fc.array(text, { minLength: 8, maxLength: 8 }),
        deadline: fc.constantFrom('', '2025/05/01 00:00:00'),
      })
      .map((g): StatementRow => {
        const [merchant, company, storeId, store, pos, receipt, method, detail] = g.texts;
        const known = PAYPAY_STATUSES[g.statusRaw];
        return {
          layout: 'paypay',
          brand: 'paypay',
          kind: known.kind,
          kindRaw: null,
          brandOrderNo: g.brandOrderNo,
          gatewayOrderNo: g.gatewayOrderNo,
          brandRefundNo: null,
          gatewayRefundNo: null,
          statusRaw: g.statusRaw,
          status: known.status,
          amount: known.kind === 'payment' ? g.amount - 1 : g.amount,
          fee: null,
          feeFine: null,
          currency: 'JPY',
          time: g.time,
          line: 0,
          extra: {
            加盟店ID: merchant,
            屋号: company,
            店舗ID: storeId,
            店舗名: store,
            '端末番号/PosID': pos,
            レシート番号: receipt,
            支払い方法: method,
            支払い詳細項目: detail,
            取引確定期限: g.deadline,
          },
        };
      });
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 20 }),
        fc.constantFrom('shift_jis', 'utf-8', 'utf-8-bom'),
        (rows, encoding) => {
          const buffer = writePaypay(rows, { encoding: encoding as 'shift_jis' | 'utf-8' | 'utf-8-bom' });
          const parsed = parsePaypay(buffer);
          expect(rowsOf(parsed)).toEqual(expectedLines(rows));
          // An all-ASCII Shift_JIS file is also UTF-8, and read as such: the same rows.
          if (parsed.ok && encoding !== 'shift_jis') expect(parsed.encoding).toBe(encoding);
        },
      ),
      RUNS,
    );
  });

  it('card acquirer settlement detail, with its trailer', () => {
    const text = textOf(ASCII + TRICKY + CJK + KANA);
    const row = fc
      .record({
        refund: fc.boolean(),
        statusRaw: fc.constantFrom(...Object.keys(CARD_STATUSES)),
        ids: fc.array(idOf(), { minLength: 4, maxLength: 4 }),
        amount: fc.integer({ min: 0, max: 10 ** 12 }),
        fee: fc.integer({ min: -(10 ** 9), max: 10 ** 9 }),
        time: timeIn(9 * 60),
        texts: fc.array(text, { minLength: 7, maxLength: 7 }),
        settlementDate: fc.constantFrom('2025-04-02', '2099-12-31'),
      })
      .map((g): Omit<StatementRow, 'currency'> => {
        const [batch, acquirer, arn, merchantId, cardBrand, masked, auth] = g.texts;
        const [id, original, request, originalRequest] = g.ids;
        return {
          layout: 'card',
          brand: 'card',
          kind: g.refund ? 'refund' : 'payment',
          kindRaw: g.refund ? 'REFUND' : 'PAYMENT',
          brandOrderNo: g.refund ? original : id,
          gatewayOrderNo: g.refund ? originalRequest : request,
          brandRefundNo: g.refund ? id : null,
          gatewayRefundNo: g.refund ? request : null,
          statusRaw: g.statusRaw,
          status: CARD_STATUSES[g.statusRaw],
          amount: g.amount,
          fee: g.fee,
          feeFine: null,
          time: g.time,
          line: 0,
          extra: {
            settlementBatchId: batch,
            acquirer,
            acquirerReferenceNo: arn,
            merchantId,
            cardBrand,
            cardNoMasked: masked,
            authCode: auth,
            settlementDate: g.settlementDate,
          },
        };
      });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), fc.constantFrom('JPY', 'USD'), (partial, currency) => {
        const rows = partial.map((r) => ({ ...r, currency }));
        const parsed = parseCard(writeCard(rows, { currency }));
        expect(rowsOf(parsed)).toEqual(expectedLines(rows));
        expect(parsed.ok && parsed.summary.declared?.rows).toBe(String(rows.length));
      }),
      RUNS,
    );
  });

  it('a fee of 1/100000 rounds half away from zero, and a zero fee is never negative', () => {
    const row = (feeFine: number): StatementRow => ({
      layout: 'wechat',
      brand: 'wechat',
      kind: 'payment',
      kindRaw: null,
      brandOrderNo: '42',
      gatewayOrderNo: 'GW1',
      brandRefundNo: null,
      gatewayRefundNo: null,
      statusRaw: 'SUCCESS',
      status: 'success',
      amount: 100,
      fee: null,
      feeFine,
      currency: 'CNY',
      time: '2025-04-01T00:00:00+08:00',
      line: 0,
      extra: {},
    });
    const fees = rowsOf(parseWechat(writeWechat([500, 499, -500, -499, 0, -1].map(row)))).map((r) => r.fee);
    expect(fees).toEqual([1, 0, -1, 0, 0, 0]);
    expect(fees.map((f) => Object.is(f, -0))).not.toContain(true);
  });
});
