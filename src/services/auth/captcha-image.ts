// Draws a captcha as SVG paths: the answer never appears as text in the markup, each glyph is bent
// differently, and crossing strokes and dots of the same colours sit over and under the letters.

/** Capital letters and digits, one of each look-alike pair only: no O/0, I/1, Z (2), S (5), G (6), B (8). */
export const CAPTCHA_ALPHABET = 'ACDEFHJKLMNPQRTUVWXY23456789';

// A stroke font on a 4 × 6 grid (y downwards): each glyph is polylines of x,y points, strokes split by |.
const GLYPHS: Record<string, string> = {
  A: '0,6 2,0 4,6|1,4 3,4',
  C: '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5',
  D: '0,0 0,6 2.5,6 4,4.5 4,1.5 2.5,0 0,0',
  E: '4,0 0,0 0,6 4,6|0,3 3,3',
  F: '4,0 0,0 0,6|0,3 3,3',
  H: '0,0 0,6|4,0 4,6|0,3 4,3',
  J: '1,0 4,0|3,0 3,5 2,6 1,6 0,5',
  K: '0,0 0,6|4,0 0,4|1.3,3 4,6',
  L: '0,0 0,6 4,6',
  M: '0,6 0,0 2,3 4,0 4,6',
  N: '0,6 0,0 4,6 4,0',
  P: '0,6 0,0 3,0 4,1 4,2 3,3 0,3',
  Q: '1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0|2.5,4.5 4,6.5',
  R: '0,6 0,0 3,0 4,1 4,2 3,3 0,3|2,3 4,6',
  T: '0,0 4,0|2,0 2,6',
  U: '0,0 0,5 1,6 3,6 4,5 4,0',
  V: '0,0 2,6 4,0',
  W: '0,0 1,6 2,2 3,6 4,0',
  X: '0,0 4,6|4,0 0,6',
  Y: '0,0 2,3 4,0|2,3 2,6',
  '2': '0,1 1,0 3,0 4,1 4,2 0,6 4,6',
  '3': '0,1 1,0 3,0 4,1 4,2 3,3 1.5,3|3,3 4,4 4,5 3,6 1,6 0,5',
  '4': '3,6 3,0 0,4 4,4',
  '5': '4,0 0,0 0,3 3,3 4,4 4,5 3,6 0,6',
  '6': '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3',
  '7': '0,0 4,0 1.5,6',
  '8': '1,0 3,0 4,1 4,2 3,3 1,3 0,2 0,1 1,0|1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3',
  '9': '4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 1,6',
};

const W = 160;
const H = 60;
const INKS = ['#f5c542', '#7dd3fc', '#f9a8d4', '#86efac', '#fdba74'];

const rand = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T,>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const f = (n: number) => n.toFixed(1);

/** One glyph as path data, scaled, rotated, sheared and jittered around its centre (cx, cy). */
function glyphPath(ch: string, cx: number, cy: number): string {
  const scale = rand(5.8, 7.2);
  const angle = (rand(-22, 22) * Math.PI) / 180;
  const shear = rand(-0.35, 0.35);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const point = (p: string) => {
    const [gx, gy] = p.split(',').map(Number) as [number, number];
    const x = (gx - 2 + shear * (gy - 3)) * scale;
    const y = (gy - 3) * scale;
    return `${f(cx + x * cos - y * sin + rand(-0.9, 0.9))} ${f(cy + x * sin + y * cos + rand(-0.9, 0.9))}`;
  };
  return GLYPHS[ch]!.split('|')
    .map((stroke) => 'M' + stroke.split(' ').map(point).join(' L'))
    .join(' ');
}

function noiseCurve(): string {
  const y = () => f(rand(5, H - 5));
  return `M${f(rand(-5, 20))} ${y()} C${f(rand(30, 70))} ${y()} ${f(rand(90, 130))} ${y()} ${f(rand(W - 20, W + 5))} ${y()}`;
}

/** The SVG document for `answer`. */
export function captchaSvg(answer: string): string {
  const parts: string[] = [`<rect width="${W}" height="${H}" rx="6" fill="#1a1140"/>`];
  for (let i = 0; i < 3; i++) parts.push(`<path d="${noiseCurve()}" fill="none" stroke="${pick(INKS)}" stroke-width="${f(rand(1, 2))}" opacity="0.7"/>`);
  for (let i = 0; i < 40; i++) parts.push(`<circle cx="${f(rand(0, W))}" cy="${f(rand(0, H))}" r="${f(rand(0.6, 1.6))}" fill="${pick(INKS)}" opacity="0.8"/>`);
  [...answer].forEach((ch, i) => {
    const d = glyphPath(ch, 26 + i * 36 + rand(-3, 3), H / 2 + rand(-4, 4));
    parts.push(`<path d="${d}" fill="none" stroke="${pick(INKS)}" stroke-width="${f(rand(2.6, 3.4))}" stroke-linecap="round" stroke-linejoin="round"/>`);
  });
  for (let i = 0; i < 2; i++) parts.push(`<path d="${noiseCurve()}" fill="none" stroke="${pick(INKS)}" stroke-width="${f(rand(1.5, 2.5))}" opacity="0.85"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="Captcha image">${parts.join('')}</svg>`;
}

export const captchaDataUrl = (answer: string) => `data:image/svg+xml;base64,${Buffer.from(captchaSvg(answer)).toString('base64')}`;
