/**
 * The column lists of every layout, in file order (settlement-domain notes, "Brand statement
 * files"). Kept apart from the parsers so encoding detection can recognise a header too.
 */

/** WeChat Pay domestic trade bill (ALL). */
export const WECHAT_COLUMNS = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '货币种类',
  '应结订单金额',
  '代金券金额',
  '微信退款单号',
  '商户退款单号',
  '退款金额',
  '充值券退款金额',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '订单金额',
  '申请退款金额',
  '费率备注',
] as const;

/** The summary block after WeChat's data rows. */
export const WECHAT_SUMMARY_COLUMNS = [
  '总交易单数',
  '应结订单总金额',
  '退款总金额',
  '充值券退款总金额',
  '手续费总金额',
  '订单总金额',
  '申请退款总金额',
] as const;

/**
 * WeChat Pay cross-border (Japan) trade bill: the domestic columns with the currencies and rates
 * the notes list (settlement-domain notes: "…,标价币种,订单金额(标价币种),用户支付币种,用户支付金额,
 * 结算币种,应结订单金额,支付汇率,退款汇率,申请退款金额,用户退款币种,用户退款金额,退款结算币种,
 * 退款应结订单金额,…"). Only that run is documented: the exact order of the whole list is OUR
 * READING — the notes' run in its own order where the domestic bill has 货币种类 and its amounts,
 * the domestic columns before and after it in theirs, and the domestic 货币种类, 订单金额 and 退款金额
 * left out (标价币种 / 结算币种, 订单金额(标价币种) and 退款应结订单金额 take their places).
 */
export const WECHAT_GLOBAL_COLUMNS = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '标价币种',
  '订单金额(标价币种)',
  '用户支付币种',
  '用户支付金额',
  '结算币种',
  '应结订单金额',
  '支付汇率',
  '退款汇率',
  '申请退款金额',
  '用户退款币种',
  '用户退款金额',
  '退款结算币种',
  '退款应结订单金额',
  '代金券金额',
  '微信退款单号',
  '商户退款单号',
  '充值券退款金额',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '费率备注',
] as const;

/**
 * The summary block after the cross-border bill's rows: the domestic one with the bill's
 * settlement currency after the count (OUR READING: the amounts are in that currency's digits,
 * and an empty bill still says which).
 */
export const WECHAT_GLOBAL_SUMMARY_COLUMNS = [
  '总交易单数',
  '结算币种',
  '应结订单总金额',
  '退款应结订单总金额',
  '充值券退款总金额',
  '手续费总金额',
  '订单总金额',
  '申请退款总金额',
] as const;

/** Alipay (Antom) settlement file MID_settle_YYYYMMDD_BatchID.csv. */
export const ALIPAY_COLUMNS = [
  'Partner_transaction_id',
  'Transaction_id',
  'Amount',
  'Fee',
  'Settlement',
  'Currency',
  'Payment_time',
  'Settlement_time',
  'Issue',
  'Product',
  'Type',
  'Status',
  'Remarks',
  'original_partner_transaction_ID',
] as const;

/** PayPay for Business transaction CSV. */
export const PAYPAY_COLUMNS = [
  '取引番号',
  '加盟店ID',
  '屋号',
  '店舗ID',
  '店舗名',
  '端末番号/PosID',
  '取引ステータス',
  '取引日時',
  '取引金額',
  'レシート番号',
  '支払い方法',
  '支払い詳細項目',
  '取引確定期限',
  '加盟店決済ID',
] as const;

/**
 * The card acquirer settlement detail: OUR OWN layout, since no acquirer's is public. Modelled
 * on Antom's card settlement details. UTF-8, comma separated, RFC 4180 quoting, CRLF; a header,
 * one row per transaction, then a trailer `END,<rows>,<net amount>,<fee>,<settlement>` in the
 * batch's one currency (so a truncated file is caught).
 *
 * - settlementBatchId     the acquirer's settlement batch
 * - acquirer              the acquirer's name
 * - acquirerReferenceNo   the acquirer's reference (ARN), may be empty
 * - merchantId            the merchant id at the acquirer
 * - transactionId         the acquirer's id of this transaction (payment id or refund id)
 * - originalTransactionId REFUND: the payment's transactionId; PAYMENT: empty
 * - transactionRequestId  our gateway order number (PAYMENT) or refund number (REFUND)
 * - originalTransactionRequestId REFUND: our gateway order number; PAYMENT: empty
 * - transactionType       PAYMENT | REFUND
 * - transactionStatus     SUCCESS | FAILED | PENDING
 * - cardBrand             VISA, MASTERCARD, JCB, AMEX, …
 * - cardNoMasked          411111******1111
 * - authCode              the issuer's approval code, may be empty
 * - transactionTime       ISO 8601 with offset, 2025-04-01T10:00:00+09:00
 * - settlementDate        YYYY-MM-DD
 * - currency              ISO 4217
 * - transactionAmount     in the currency's major unit with its digits (JPY 1200, USD 12.00), ≥ 0
 * - fee                   the acquirer's fee, signed
 * - settlementAmount      PAYMENT: amount − fee; REFUND: −amount − fee
 */
export const CARD_COLUMNS = [
  'settlementBatchId',
  'acquirer',
  'acquirerReferenceNo',
  'merchantId',
  'transactionId',
  'originalTransactionId',
  'transactionRequestId',
  'originalTransactionRequestId',
  'transactionType',
  'transactionStatus',
  'cardBrand',
  'cardNoMasked',
  'authCode',
  'transactionTime',
  'settlementDate',
  'currency',
  'transactionAmount',
  'fee',
  'settlementAmount',
] as const;

export const CARD_TRAILER = 'END';

export const HEADERS = {
  wechat: WECHAT_COLUMNS,
  wechatGlobal: WECHAT_GLOBAL_COLUMNS,
  alipay: ALIPAY_COLUMNS,
  paypay: PAYPAY_COLUMNS,
  card: CARD_COLUMNS,
} as const;
