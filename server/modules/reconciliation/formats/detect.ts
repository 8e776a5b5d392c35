/**
 * Which layout a file is, from its header once its encoding is known, and the parse of a file
 * of any layout. A header that is no layout's is refused 'layout': never a guess.
 */
import { parseAlipay, writeAlipay } from './alipay';
import { parseCard, writeCard } from './card';
import { csvRecords } from './csv';
import { contentHash, detectEncoding } from './encoding';
import { layoutOfHeader } from './frame';
import { parsePaypay, writePaypay } from './paypay';
import {
  refusal,
  RowRefused,
  type StatementEncoding,
  type StatementLayout,
  type StatementParse,
  type StatementRefusal,
} from './types';
import { parseWechat, writeWechat } from './wechat';

export const PARSERS: Record<StatementLayout, (buffer: Uint8Array) => StatementParse> = {
  wechat: parseWechat,
  alipay: parseAlipay,
  paypay: parsePaypay,
  card: parseCard,
};

export const WRITERS = {
  wechat: writeWechat,
  alipay: writeAlipay,
  paypay: writePaypay,
  card: writeCard,
} as const;

export type LayoutDetection =
  { ok: true; layout: StatementLayout; encoding: StatementEncoding; contentHash: string } | StatementRefusal;

export function detectLayout(buffer: Uint8Array): LayoutDetection {
  const detected = detectEncoding(buffer);
  if (!detected.ok) return detected;
  try {
    const first = csvRecords(detected.text.slice(0, 8192)).next();
    const layout = first.done ? null : layoutOfHeader(first.value.fields);
    if (!layout) return refusal(1, 'layout', 'the header is no known statement layout');
    return { ok: true, layout, encoding: detected.encoding, contentHash: contentHash(buffer) };
  } catch (e) {
    if (e instanceof RowRefused) return refusal(1, 'layout', 'the header is no known statement layout');
    throw e;
  }
}

/** Detects the layout, then parses with it. */
export function parseStatement(buffer: Uint8Array): StatementParse {
  const d = detectLayout(buffer);
  return d.ok ? PARSERS[d.layout](buffer) : d;
}
