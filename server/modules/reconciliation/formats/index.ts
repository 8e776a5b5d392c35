/** The brand statement file formats: the public surface of formats/. */
export * from './types';
export { MAX_STATEMENT_BYTES, contentHash, detectEncoding, type EncodingDetection } from './encoding';
export {
  WECHAT_OFFSET_MINUTES,
  WECHAT_PAYMENT_STATUSES,
  WECHAT_REFUND_STATUSES,
  WECHAT_EXTRA,
  parseWechat,
  writeWechat,
  type WechatWritableRow,
  type WechatWriteMeta,
} from './wechat';
export {
  WECHAT_COLUMNS,
  WECHAT_SUMMARY_COLUMNS,
  ALIPAY_COLUMNS,
  PAYPAY_COLUMNS,
  CARD_COLUMNS,
} from './columns';
export { businessDay } from './values';
