import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as authenticator apps expect it: SHA-1, six digits, a 30-second step. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** One step either way, for a phone whose clock is a little off or a code typed as it rolled over. */
export const TOTP_WINDOW = 1;

const totp = (base32: string, issuer = 'Coinreel', label = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret: Secret.fromBase32(base32) });

/** A new 160-bit secret (RFC 4226 §4's recommended length), in the base32 that apps take as the manual key. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The time step a timestamp falls in. */
export const stepAt = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD_S);

/**
 * The time step the code was made for, when it matches one within the drift window of `nowMs`; null otherwise.
 * The caller decides whether that step was already used.
 */
export function matchingStep(base32: string, code: string, nowMs: number): number | null {
  const delta = totp(base32).validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW });
  return delta === null ? null : stepAt(nowMs) + delta;
}

/** The code for a moment (the tests and the set-up screen's own check). */
export const codeAt = (base32: string, nowMs: number) => totp(base32).generate({ timestamp: nowMs });

/** The otpauth:// URI an authenticator app scans: issuer and the player's address as the label. */
export const otpauthUrl = (base32: string, issuer: string, account: string) => totp(base32, issuer, account).toString();

/** The URI as a QR code, SVG drawn on the server so the browser needs no QR library. */
export const totpQrSvg = (url: string): Promise<string> =>
  QRCode.toString(url, { type: 'svg', width: 256, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
