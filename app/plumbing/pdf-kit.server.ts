import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PDFDocument, PDFFont, RGB } from 'pdf-lib';

/**
 * What every PDF the server draws shares (the certificate, its record page, the training record):
 * pdf-lib and fontkit loaded on the first document asked for, DejaVu Sans embedded (subset) so the
 * accented Portuguese is drawn and read back right, the house colours, A4 sizes and word wrapping.
 * pdf-lib is never imported at the top of a module that loads at start: it took about a third of the
 * start (issue 33; docs/performance.md, the cold-start proof). Why pdf-lib: decision 038.
 */

export const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
export const A4_PORTRAIT: [number, number] = [595.28, 841.89];

export type PdfFonts = { regular: PDFFont; bold: PDFFont };
export type PdfColours = { INK: RGB; BRAND: RGB; MUTED: RGB };

async function loadPdfLib() {
  const [{ PDFDocument, rgb }, { default: fontkit }] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]);
  const colours: PdfColours = { INK: rgb(0.09, 0.13, 0.2), BRAND: rgb(0.15, 0.39, 0.92), MUTED: rgb(0.35, 0.4, 0.47) };
  return { PDFDocument, fontkit, colours };
}
let loading: ReturnType<typeof loadPdfLib> | undefined;
const pdfLib = () => (loading ??= loadPdfLib());

// The fonts ship in app/assets/fonts (licence beside them); the production image copies app/.
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;
function fontFiles() {
  fontBytes ??= {
    regular: readFileSync(resolve('app', 'assets', 'fonts', 'DejaVuSans.ttf')),
    bold: readFileSync(resolve('app', 'assets', 'fonts', 'DejaVuSans-Bold.ttf')),
  };
  return fontBytes;
}

/** A new document in Portuguese by E-Engenharia, with the two fonts embedded and the colours. */
export async function newPdf(title: string): Promise<{ pdf: PDFDocument; fonts: PdfFonts; colours: PdfColours }> {
  const { PDFDocument, fontkit, colours } = await pdfLib();
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(title);
  pdf.setAuthor('E-Engenharia');
  pdf.setLanguage('pt-BR');
  const regular = await pdf.embedFont(fontFiles().regular, { subset: true });
  const bold = await pdf.embedFont(fontFiles().bold, { subset: true });
  return { pdf, fonts: { regular, bold }, colours };
}

/** Words laid into lines no wider than `width`. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}
