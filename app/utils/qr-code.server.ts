import type QRCodeModule from 'qrcode';

// Loaded on first use, not when the server starts: only the certificate pages and the two-step
// sign-in setup draw a QR code (issue 33: the start back under 1.5 s; docs/performance.md).
let loading: Promise<typeof QRCodeModule> | undefined;
const qrcode = () => (loading ??= import('qrcode').then((module) => module.default));

/** The dark modules of a QR code for `text` (error correction M), row by row: drawn as SVG on the page and as squares in the PDF. */
export async function qrModules(text: string): Promise<{ size: number; dark: (x: number, y: number) => boolean }> {
  const { modules } = (await qrcode()).create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (x, y) => modules.get(y, x) === 1 };
}

/** One SVG path (`M x y h1 v1 h-1 z` per dark module) for a QR code on a grid of `size` units, quiet zone included by the caller's viewBox. */
export async function qrSvgPath(text: string): Promise<{ size: number; path: string }> {
  const { size, dark } = await qrModules(text);
  let path = '';
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) if (dark(x, y)) path += `M${x} ${y}h1v1h-1z`;
  }
  return { size, path };
}
