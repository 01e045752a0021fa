import type { PDFPage } from 'pdf-lib';
import type { TrainingRecordItem } from '../models/assessments/training-record.server';
import { formatShortDate } from '../utils/format';
import { TRAINING_RECORD_EMPTY, TRAINING_RECORD_TITLE, trainingRecordLines } from '../utils/training-record-lines';
import { A4_PORTRAIT, newPdf, wrap } from './pdf-kit.server';

/**
 * 'Histórico de formação' (issue 31, item 4): the learner's training record as one PDF, A4 portrait,
 * a block per course (progress, the final assessment's attempts, completion, the certificate's code,
 * which its verification page confirms), pages numbered. Fonts and loading: the PDF kit.
 */

const [WIDTH, HEIGHT] = A4_PORTRAIT;
const MARGIN = 56;
const LINE = 14;

type Holder = { name: string; issuedAt: Date; verifyBase: string };

export async function trainingRecordPdf(holder: Holder, items: TrainingRecordItem[]): Promise<Uint8Array> {
  const { pdf, fonts, colours } = await newPdf(`${TRAINING_RECORD_TITLE} — ${holder.name}`);
  const { INK, BRAND, MUTED } = colours;
  const width = WIDTH - 2 * MARGIN;
  let page: PDFPage = pdf.addPage(A4_PORTRAIT);
  let y = HEIGHT - MARGIN;
  const text = (line: string, size: number, font = fonts.regular, color = INK, x = MARGIN) => {
    page.drawText(line, { x, y, size, font, color });
    y -= size * 1.4;
  };
  /** A new page when `needed` points do not fit above the footer. */
  const room = (needed: number) => {
    if (y - needed >= MARGIN + 24) return;
    page = pdf.addPage(A4_PORTRAIT);
    y = HEIGHT - MARGIN;
  };

  text('E-Engenharia', 12, fonts.bold, BRAND);
  y -= 4;
  text(TRAINING_RECORD_TITLE, 22, fonts.bold);
  y -= 4;
  for (const line of wrap(`Nome: ${holder.name}`, fonts.regular, 12, width)) text(line, 12);
  text(`Emitido em ${formatShortDate(holder.issuedAt)}`, 10, fonts.regular, MUTED);
  y -= 12;

  if (items.length === 0) for (const line of wrap(TRAINING_RECORD_EMPTY, fonts.regular, 11, width)) text(line, 11);
  for (const item of items) {
    const title = wrap(item.courseTitle, fonts.bold, 13, width);
    const lines = trainingRecordLines(item).flatMap(([label, value]) => wrap(`${label}: ${value}`, fonts.regular, 10.5, width - 12));
    room(title.length * 13 * 1.4 + lines.length * LINE + 12);
    for (const line of title) text(line, 13, fonts.bold);
    for (const line of lines) {
      page.drawText(line, { x: MARGIN + 12, y, size: 10.5, font: fonts.regular, color: INK });
      y -= LINE;
    }
    y -= 12;
  }
  room(3 * LINE);
  for (const line of wrap(
    `Cada certificado pode ser verificado em ${holder.verifyBase}/{código}. Este histórico reúne os registros da plataforma na data de emissão.`,
    fonts.regular,
    9,
    width,
  ))
    text(line, 9, fonts.regular, MUTED);

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    const label = `${TRAINING_RECORD_TITLE} · ${holder.name} · Página ${index + 1} de ${pages.length}`;
    const [line] = wrap(label, fonts.regular, 8, width);
    each.drawText(line, { x: MARGIN, y: MARGIN / 2, size: 8, font: fonts.regular, color: MUTED });
  });
  return pdf.save();
}

/** The download's name: ASCII only (a header value). */
export const trainingRecordFileName = (issuedAt: Date) => `historico-de-formacao-${issuedAt.toISOString().slice(0, 10)}.pdf`;
