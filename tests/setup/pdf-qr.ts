import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { qrModules } from '../../app/utils/qr-code.server';

/**
 * Reads back the QR code a PDF page draws as filled squares (the certificate draws its QR as vector
 * modules, not an image): the page's content streams are inflated, every filled rectangle of the
 * QR's cell size is placed on a grid, and the grid is compared with the QR code `qrcode` makes for
 * `text`. True only when every module matches: the QR is present and says `text`.
 */
export async function pdfPageDrawsQr(bytes: Uint8Array, pageIndex: number, text: string): Promise<boolean> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPage(pageIndex).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  let operators = '';
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) continue;
    const raw = Buffer.from(stream.getContents());
    operators += (stream.dict.get(PDFName.of('Filter')) ? inflateSync(raw) : raw).toString('latin1');
  }
  // pdf-lib draws a filled rectangle as: q … 1 0 0 1 X Y cm … 0 0 m 0 H l W H l W 0 l h f Q
  const squares: { x: number; y: number; side: number }[] = [];
  for (const [, block] of operators.matchAll(/\bq\n([\s\S]*?)\nQ/g)) {
    if (!/\nf$/.test(block)) continue;
    const at = /1 0 0 1 ([\d.-]+) ([\d.-]+) cm/.exec(block);
    const size = /\n([\d.]+) ([\d.]+) l\n[\d.]+ 0 l\nh\nf$/.exec(block);
    if (!at || !size || Math.abs(Number(size[1]) - Number(size[2])) > 1e-6) continue;
    squares.push({ x: Number(at[1]), y: Number(at[2]), side: Number(size[1]) });
  }
  const qr = await qrModules(text);
  const cell = squares.length > 0 ? Math.min(...squares.map((square) => square.side)) : 0;
  const cells = squares.filter((square) => Math.abs(square.side - cell) < 1e-6);
  if (cells.length === 0) return false;
  const left = Math.min(...cells.map((square) => square.x));
  const top = Math.max(...cells.map((square) => square.y));
  const drawn = new Set(cells.map((square) => `${Math.round((square.x - left) / cell)},${Math.round((top - square.y) / cell)}`));
  let expected = 0;
  for (let row = 0; row < qr.size; row += 1) {
    for (let col = 0; col < qr.size; col += 1) {
      if (!qr.dark(col, row)) continue;
      expected += 1;
      if (!drawn.has(`${col},${row}`)) return false;
    }
  }
  return expected === drawn.size;
}
