import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/contract/money';
import { crlfRows } from '../../server/db/copy';
import { csvBody, csvLine, majorUnits, type Cell } from '../../server/platform/exports';

const collect = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

async function* once(rows: Cell[][]) {
  yield rows.map(csvLine).join('');
}

async function* chunked(parts: Buffer[]) {
  for (const part of parts) yield part;
}

describe('export cells', () => {
  it('writes amounts in major units exactly, as the grouped display does without commas', () => {
    const samples = [
      0,
      1,
      9,
      10,
      99,
      100,
      101,
      123456,
      -5,
      -105,
      1999999,
      2 ** 46 + 7,
      Number.MAX_SAFE_INTEGER,
    ];
    for (const minor of samples)
      for (const currency of ['JPY', 'KRW', 'USD', 'CNY']) {
        expect(majorUnits(minor, currency)).toBe(formatAmount(minor, currency).replace(/,/g, ''));
      }
    expect(majorUnits(123456, 'USD')).toBe('1234.56');
    expect(majorUnits(5, 'EUR')).toBe('0.05');
    expect(majorUnits(-105, 'USD')).toBe('-1.05');
    expect(majorUnits(1200, 'JPY')).toBe('1200');
    expect(majorUnits(Number.MAX_SAFE_INTEGER, 'USD')).toBe('90071992547409.91');
  });

  it('writes RFC 4180 CSV (header and lines) with a BOM and CRLF that a CSV reader gives back cell for cell', async () => {
    const rows: Cell[][] = [
      ['plain', 'カンマ, あり', 'say "hi"', 'two\nlines', null, 42, { minor: 123456, currency: 'USD' }],
      ['=SUM(A1)', '+1', '-2', '@x', '\ttab', '', { minor: 1200, currency: 'JPY' }],
    ];
    const text = await collect(csvBody(['a', 'b', 'c', 'd', 'e', 'f', 'g'], once(rows)));
    expect(text.startsWith('\ufeffa,b,c,d,e,f,g\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain('"カンマ, あり","say ""hi""","two\nlines",,42,1234.56\r\n');
    expect(parse(text, { bom: true })).toEqual([
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      ['plain', 'カンマ, あり', 'say "hi"', 'two\nlines', '', '42', '1234.56'],
      ["'=SUM(A1)", "'+1", "'-2", "'@x", "'\ttab", '', '1200'],
    ]);
  });

  it('ends rows with CRLF after COPY, leaving line breaks inside quoted cells, wherever the chunks split', async () => {
    const lf = 'a,"x\ny"\nb,"say ""hi""\n"\n,\n"q,""\n",z\n';
    const crlf = 'a,"x\ny"\r\nb,"say ""hi""\n"\r\n,\r\n"q,""\n",z\r\n';
    const bytes = Buffer.from(lf);
    for (let cut = 0; cut <= bytes.length; cut++)
      for (let second = cut; second <= bytes.length; second += 3) {
        const parts = [bytes.subarray(0, cut), bytes.subarray(cut, second), bytes.subarray(second)];
        const out: Buffer[] = [];
        for await (const chunk of crlfRows(chunked(parts))) out.push(chunk);
        expect(Buffer.concat(out).toString(), `${cut}/${second}`).toBe(crlf);
      }
  });
});
