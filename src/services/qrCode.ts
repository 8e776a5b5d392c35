import QRCode from 'qrcode';

/**
 * The QR code of a pay link, made in the browser as a PNG (the `qrcode` package): what the
 * URL-payment and pre-order screens show and let people download. Margin 4 is the quiet
 * zone the QR standard asks for, so printed codes scan.
 */
export const QR_OPTIONS = {
  type: 'image/png',
  errorCorrectionLevel: 'M',
  margin: 4,
  width: 360,
} as const;

/** The PNG of `link` as a data URL (data:image/png;base64,…). */
export const qrPngDataUrl = (link: string): Promise<string> => QRCode.toDataURL(link, QR_OPTIONS);

/** The file a downloaded QR code is saved as: the order (or pay) number, as the pre-order machine names it. */
export const qrFileName = (number: string) => `${number.replace(/[^\w-]/g, '_') || 'qrcode'}.png`;

/** Saves a data URL or blob as a file (the browser's download). */
export function saveFile(data: string | Blob, fileName: string) {
  const href = typeof data === 'string' ? data : URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  if (typeof data !== 'string') setTimeout(() => URL.revokeObjectURL(href), 1000);
}
