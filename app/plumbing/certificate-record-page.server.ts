import type { PDFDocument } from 'pdf-lib';
import type { CertificateView } from '../models/courses/certificate.server';
import type { CertificateRecord } from '../models/courses/course-record';
import { certificateRecordLines } from '../utils/certificate-lines';
import { A4_LANDSCAPE, wrap, type PdfColours, type PdfFonts } from './pdf-kit.server';

/**
 * The certificate's second page (issue 31): the content NR-1 lists for a training certificate (item 1.7
 * and its annex on distance learning; confirme na norma the item numbers), for certificates issued with
 * a record. Left-aligned lines on A4 landscape; a long syllabus wraps and is cut with '…' at the margin.
 */

const [WIDTH, HEIGHT] = A4_LANDSCAPE;
const MARGIN = 54;

export function drawRecordPage(
  pdf: PDFDocument,
  fonts: PdfFonts,
  { INK, MUTED }: Pick<PdfColours, 'INK' | 'MUTED'>,
  certificate: CertificateView,
  record: CertificateRecord,
): void {
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const width = WIDTH - 2 * MARGIN;
  let y = HEIGHT - MARGIN;
  page.drawText('Conteúdo programático', { x: MARGIN, y, size: 16, font: fonts.bold, color: INK });
  y -= 24;
  const lowest = MARGIN + 190;
  for (const topic of record.syllabus) {
    for (const line of wrap(`• ${topic}`, fonts.regular, 11, width)) {
      if (y < lowest) break;
      page.drawText(line, { x: MARGIN, y, size: 11, font: fonts.regular, color: INK });
      y -= 15;
    }
  }
  if (y < lowest) page.drawText('…', { x: MARGIN, y: lowest - 15, size: 11, font: fonts.regular, color: MUTED });
  y = Math.min(y, lowest) - 24;
  for (const [label, value] of certificateRecordLines(certificate, record)) {
    const text = `${label}: ${value}`;
    for (const line of wrap(text, fonts.regular, 10.5, width)) {
      page.drawText(line, { x: MARGIN, y, size: 10.5, font: fonts.regular, color: INK });
      y -= 14;
    }
  }
}
