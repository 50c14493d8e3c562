import QRCode from 'qrcode';

/** spec §9: QR codes are 256 px. */
export const QR_SIZE_PX = 256;

/**
 * A QR code as an SVG string, drawn on the server (DESIGN §6) so the browser needs no QR library: black on
 * white with a quiet zone, as every wallet scanner expects. The text is encoded exactly as given.
 */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: 'svg',
    width: QR_SIZE_PX,
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
}
