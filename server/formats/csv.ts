/**
 * RFC 4180 records, line by line: a line without a quote is split on commas as it is (the
 * common case, and the fast one); a line with quotes is read character by character and may
 * run on over the next lines while a quoted value is open. Every record keeps the 1-based line
 * it starts on. Values are kept raw: nothing is trimmed or neutralised.
 */
import { RowRefused } from './types';

export interface CsvRecord {
  fields: string[];
  /** 1-based line the record starts on. */
  line: number;
}

/** The records of a decoded file (without its BOM). Throws RowRefused ('quoting', 'truncated'). */
export function* csvRecords(text: string): Generator<CsvRecord> {
  let pos = 0;
  let line = 1;
  const end = text.length;
  // Where the next quote is, found once per quote (not once per line: a file without quotes
  // would be read to its end for every line).
  let quote = -1;
  while (pos < end) {
    let nl = text.indexOf('\n', pos);
    if (nl === -1) nl = end;
    const lineEnd = nl > pos && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    if (quote !== end && quote < pos) {
      quote = text.indexOf('"', pos);
      if (quote === -1) quote = end;
    }
    if (quote >= lineEnd) {
      yield { fields: text.slice(pos, lineEnd).split(','), line };
      pos = nl + 1;
      line += 1;
      continue;
    }
    const { fields, next, lines } = quotedRecord(text, pos, line);
    yield { fields, line };
    pos = next;
    line += lines;
  }
}

/** One record with quotes from `start`: its values, where the next record starts and the lines it spans. */
function quotedRecord(text: string, start: number, line: number) {
  const fields: string[] = [];
  let pos = start;
  let lines = 1;
  const end = text.length;
  for (;;) {
    let value: string;
    if (text.charCodeAt(pos) === 34) {
      // A quoted value: "" is a quote; it may hold commas and line breaks.
      let out = '';
      let from = pos + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q === -1) throw new RowRefused(line, 'truncated', 'the file ends inside a quoted value');
        out += text.slice(from, q);
        if (text.charCodeAt(q + 1) === 34) {
          out += '"';
          from = q + 2;
          continue;
        }
        pos = q + 1;
        break;
      }
      for (const ch of out) if (ch === '\n') lines += 1;
      value = out;
      const c = text.charCodeAt(pos);
      const crlf = c === 13 && text.charCodeAt(pos + 1) === 10;
      if (pos < end && c !== 44 && c !== 10 && !crlf)
        throw new RowRefused(line, 'quoting', 'a closing quote must end the value');
    } else {
      let stop = pos;
      while (stop < end) {
        const c = text.charCodeAt(stop);
        if (c === 44 || c === 10 || (c === 13 && text.charCodeAt(stop + 1) === 10)) break;
        if (c === 34) throw new RowRefused(line, 'quoting', 'a quote inside an unquoted value');
        stop += 1;
      }
      value = text.slice(pos, stop);
      pos = stop;
    }
    fields.push(value);
    if (pos >= end) return { fields, next: end, lines };
    const c = text.charCodeAt(pos);
    if (c === 44) {
      pos += 1;
      continue;
    }
    // End of the record: \n or \r\n.
    return { fields, next: c === 13 ? pos + 2 : pos + 1, lines };
  }
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One value as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break (or always). */
export function csvValue(value: string, always = false): string {
  if (!always && !NEEDS_QUOTES.test(value)) return value;
  return `"${value.replace(/"/g, '""')}"`;
}

export const csvLine = (values: readonly string[], always = false): string =>
  values.map((v) => csvValue(v, always)).join(',') + '\r\n';
