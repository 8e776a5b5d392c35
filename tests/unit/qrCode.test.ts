import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { qrFileName, qrPngDataUrl } from '../../src/services/qrCode';

/** Reads a PNG data URL back to the text its QR code holds (what a phone's camera does). */
function decode(dataUrl: string): string | null {
  const [head, base64] = dataUrl.split(',');
  expect(head).toBe('data:image/png;base64');
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe('pay link QR code', () => {
  it.each([
    'http://127.0.0.1:8080/qrcode?orderNo=G20261123000000123',
    'https://pay.example.jp/qrcode?code=P2026112300000042&lang=ja',
  ])('decodes to exactly the link %s', async (link) => {
    const png = await qrPngDataUrl(link);
    expect(decode(png)).toBe(link);
  });

  it('is a PNG large enough to scan from a screen', async () => {
    const png = PNG.sync.read(
      Buffer.from((await qrPngDataUrl('https://pay.example.jp/qrcode?orderNo=X')).split(',')[1], 'base64'),
    );
    expect(png.width).toBeGreaterThanOrEqual(300);
    expect(png.width).toBe(png.height);
  });

  it('names the file after the number', () => {
    expect(qrFileName('G2026112300001')).toBe('G2026112300001.png');
    expect(qrFileName('a/b c')).toBe('a_b_c.png');
  });
});
