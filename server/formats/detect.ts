/**
 * Which layout a file is, from its header once its encoding is known, and the parse of a file
 * of any layout. A header that is no layout's is refused 'layout': never a guess.
 */
import { ALIPAY_READER, parseAlipay, writeAlipay } from './alipay';
import { CARD_READER, parseCard, writeCard } from './card';
import { csvRecords } from './csv';
import { contentHash, detectEncoding, type EncodingDetection } from './encoding';
import {
  layoutOfHeader,
  openFrame,
  type LayoutParser,
  type LayoutReader,
  type OpenedStatement,
} from './frame';
import { PAYPAY_READER, parsePaypay, writePaypay } from './paypay';
import {
  refusal,
  RowRefused,
  type StatementEncoding,
  type StatementLayout,
  type StatementParse,
  type StatementRefusal,
} from './types';
import { WECHAT_READER, parseWechat, writeWechat } from './wechat';
import { WECHAT_GLOBAL_READER, parseWechatGlobal, writeWechatGlobal } from './wechatGlobal';

const READERS: Record<StatementLayout, LayoutReader> = {
  wechat: WECHAT_READER,
  wechatGlobal: WECHAT_GLOBAL_READER,
  alipay: ALIPAY_READER,
  paypay: PAYPAY_READER,
  card: CARD_READER,
};

export const PARSERS: Record<StatementLayout, LayoutParser> = {
  wechat: parseWechat,
  wechatGlobal: parseWechatGlobal,
  alipay: parseAlipay,
  paypay: parsePaypay,
  card: parseCard,
};

export const WRITERS = {
  wechat: writeWechat,
  wechatGlobal: writeWechatGlobal,
  alipay: writeAlipay,
  paypay: writePaypay,
  card: writeCard,
} as const;

export type LayoutDetection =
  { ok: true; layout: StatementLayout; encoding: StatementEncoding; contentHash: string } | StatementRefusal;

const NO_LAYOUT = 'the header is no known statement layout';

function layoutAndText(
  buffer: Uint8Array,
):
  | { ok: true; layout: StatementLayout; detected: Extract<EncodingDetection, { ok: true }> }
  | StatementRefusal {
  const detected = detectEncoding(buffer);
  if (!detected.ok) return detected;
  try {
    const first = csvRecords(detected.text.slice(0, 8192)).next();
    const layout = first.done ? null : layoutOfHeader(first.value.fields);
    return layout ? { ok: true, layout, detected } : refusal(1, 'layout', NO_LAYOUT);
  } catch (e) {
    if (e instanceof RowRefused) return refusal(1, 'layout', NO_LAYOUT);
    throw e;
  }
}

/** The layout and encoding of a file (from its header, after detectEncoding), and its content hash. */
export function detectLayout(buffer: Uint8Array): LayoutDetection {
  const found = layoutAndText(buffer);
  if (!found.ok) return found;
  return {
    ok: true,
    layout: found.layout,
    encoding: found.detected.encoding,
    contentHash: contentHash(buffer),
  };
}

/** Detects the layout, then parses with it (decoding the file once). */
export function parseStatement(buffer: Uint8Array): StatementParse {
  const found = layoutAndText(buffer);
  return found.ok ? PARSERS[found.layout](buffer, found.detected) : found;
}

/**
 * A file's rows one at a time, for an import that loads them as they come (flat memory): the
 * layout given (refused 'layout' when the header is another's) or detected. The generator throws
 * RowRefused at the first line that does not fit and returns the summary at its end.
 */
export function streamStatement(
  buffer: Uint8Array,
  layout?: StatementLayout,
): OpenedStatement | StatementRefusal {
  if (layout) {
    const r = READERS[layout];
    return openFrame(buffer, r.layout, r.encodings, r.body);
  }
  const found = layoutAndText(buffer);
  if (!found.ok) return found;
  const r = READERS[found.layout];
  return openFrame(buffer, r.layout, r.encodings, r.body, found.detected);
}
