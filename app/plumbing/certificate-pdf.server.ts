import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { CertificateView } from '../models/courses/certificate.server';
import { workloadText } from '../utils/certificate-lines';
import { formatLongDate, formatShortDate } from '../utils/format';
import { qrModules } from '../utils/qr-code.server';
import { drawRecordPage } from './certificate-record-page.server';
import { A4_LANDSCAPE, newPdf, wrap } from './pdf-kit.server';

/**
 * The certificate as a PDF: A4 landscape, DejaVu Sans embedded through the PDF kit (pdf-kit.server.ts,
 * which loads pdf-lib on first use), and the QR code to the verification page drawn as vector squares.
 * Why pdf-lib: docs/decisions/038-certificate-codes-and-pdf.md.
 */

const MARGIN = 36;

/** Draws centred lines from `top` down; returns the baseline below the last one. */
function centred(
  page: PDFPage,
  text: string,
  top: number,
  font: PDFFont,
  size: number,
  color: RGB,
  maxWidth = A4_LANDSCAPE[0] - 4 * MARGIN,
): number {
  let y = top;
  for (const line of wrap(text, font, size, maxWidth)) {
    page.drawText(line, { x: (A4_LANDSCAPE[0] - font.widthOfTextAtSize(line, size)) / 2, y, size, font, color });
    y -= size * 1.35;
  }
  return y;
}

/** `verifyUrl`: the absolute address of /certificados/{codigo}, printed and in the QR code. */
export async function certificatePdf(certificate: CertificateView, verifyUrl: string): Promise<Uint8Array> {
  const { pdf, fonts, colours } = await newPdf(`Certificado — ${certificate.courseTitle}`);
  const { INK, BRAND, MUTED } = colours;
  const { regular, bold } = fonts;
  const page = pdf.addPage(A4_LANDSCAPE);
  const [width, height] = A4_LANDSCAPE;

  page.drawRectangle({ x: MARGIN / 2, y: MARGIN / 2, width: width - MARGIN, height: height - MARGIN, borderColor: BRAND, borderWidth: 3 });
  page.drawRectangle({
    x: MARGIN / 2 + 8,
    y: MARGIN / 2 + 8,
    width: width - MARGIN - 16,
    height: height - MARGIN - 16,
    borderColor: BRAND,
    borderWidth: 0.75,
  });

  let y = height - 2.4 * MARGIN;
  y = centred(page, 'E-Engenharia', y, bold, 16, BRAND) - 12;
  y = centred(page, 'CERTIFICADO DE CONCLUSÃO', y, bold, 30, INK) - 18;
  y = centred(page, 'Certificamos que', y, regular, 14, MUTED) - 4;
  y = centred(page, certificate.holderName, y, bold, 26, INK) - 4;
  y = centred(page, 'concluiu o curso', y, regular, 14, MUTED) - 4;
  y = centred(page, certificate.courseTitle, y, bold, 20, INK) - 6;
  y = centred(
    page,
    `com carga horária de ${workloadText(certificate, certificate.record)}, ministrado por ${certificate.instructor},`,
    y,
    regular,
    13,
    INK,
  );
  centred(page, `concluído em ${formatLongDate(certificate.completedAt)}.`, y, regular, 13, INK);

  const qrSide = 96;
  const qr = await qrModules(verifyUrl);
  const cell = qrSide / qr.size;
  const qrX = width - 2 * MARGIN - qrSide;
  const qrY = 1.9 * MARGIN;
  for (let row = 0; row < qr.size; row += 1) {
    for (let col = 0; col < qr.size; col += 1) {
      if (qr.dark(col, row))
        page.drawRectangle({ x: qrX + col * cell, y: qrY + qrSide - (row + 1) * cell, width: cell, height: cell, color: INK });
    }
  }

  const left = 2 * MARGIN;
  page.drawText(`Emitido em ${formatShortDate(certificate.issuedAt)}`, { x: left, y: qrY + 64, size: 10, font: regular, color: MUTED });
  page.drawText('Código de verificação:', { x: left, y: qrY + 44, size: 10, font: regular, color: MUTED });
  page.drawText(certificate.code, { x: left, y: qrY + 28, size: 13, font: bold, color: INK });
  page.drawText(`Verifique em ${verifyUrl}`, { x: left, y: qrY + 10, size: 9, font: regular, color: MUTED });
  if (certificate.record) drawRecordPage(pdf, fonts, colours, certificate, certificate.record);

  return pdf.save();
}

/** The download's name: ASCII only (a header value). */
export const certificateFileName = (code: string) => `certificado-e-engenharia-${code}.pdf`;
