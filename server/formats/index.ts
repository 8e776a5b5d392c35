/**
 * The brand statement file formats (issue #16), the public surface of formats/: the row model,
 * for each layout `write…(rows, meta) → Buffer` and a strict `parse…(buffer)` that gives the
 * rows and summary or refuses at a line with a reason, `detectEncoding`, `detectLayout`,
 * `parseStatement` (any layout) and the content hash of idempotent imports. Pure functions.
 */
export * from './types';
export {
  MAX_STATEMENT_BYTES,
  contentHash,
  decodeStrict,
  detectEncoding,
  invalidUtf8At,
  type EncodingDetection,
} from './encoding';
export { csvLine, csvRecords, type CsvRecord } from './csv';
export {
  ALIPAY_COLUMNS,
  CARD_COLUMNS,
  PAYPAY_COLUMNS,
  WECHAT_COLUMNS,
  WECHAT_GLOBAL_COLUMNS,
  WECHAT_GLOBAL_SUMMARY_COLUMNS,
  WECHAT_SUMMARY_COLUMNS,
} from './columns';
export {
  WECHAT_EXTRA,
  WECHAT_OFFSET_MINUTES,
  WECHAT_PAYMENT_STATUSES,
  WECHAT_REFUND_STATUSES,
  parseWechat,
  writeWechat,
  type WechatWritableRow,
  type WechatWriteMeta,
} from './wechat';
export {
  WECHAT_GLOBAL_EXTRA,
  parseWechatGlobal,
  writeWechatGlobal,
  type WechatGlobalWritableRow,
  type WechatGlobalWriteMeta,
} from './wechatGlobal';
export {
  ALIPAY_EXTRA,
  ALIPAY_OFFSET_MINUTES,
  ALIPAY_STATUSES,
  ALIPAY_TYPES,
  alipaySettlementFileName,
  parseAlipay,
  parseAlipaySettlementFileName,
  writeAlipay,
  type AlipayWritableRow,
} from './alipay';
export {
  PAYPAY_EXTRA,
  PAYPAY_OFFSET_MINUTES,
  PAYPAY_STATUSES,
  parsePaypay,
  writePaypay,
  type PaypayWritableRow,
  type PaypayWriteMeta,
} from './paypay';
export {
  CARD_EXTRA,
  CARD_OFFSET_MINUTES,
  CARD_STATUSES,
  CARD_TRAILER_COLUMNS,
  CARD_TYPES,
  parseCard,
  writeCard,
  type CardWritableRow,
  type CardWriteMeta,
} from './card';
export {
  PARSERS,
  WRITERS,
  detectLayout,
  parseStatement,
  streamStatement,
  type LayoutDetection,
} from './detect';
export type { LayoutParser, OpenedStatement } from './frame';
export { businessDay } from './values';
