import QRCode from 'qrcode';

/** The dark modules of a QR code for `text` (error correction M), row by row: drawn as SVG on the page and as squares in the PDF. */
export function qrModules(text: string): { size: number; dark: (x: number, y: number) => boolean } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (x, y) => modules.get(y, x) === 1 };
}

/** One SVG path (`M x y h1 v1 h-1 z` per dark module) for a QR code on a grid of `size` units, quiet zone included by the caller's viewBox. */
export function qrSvgPath(text: string): { size: number; path: string } {
  const { size, dark } = qrModules(text);
  let path = '';
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) if (dark(x, y)) path += `M${x} ${y}h1v1h-1z`;
  }
  return { size, path };
}
