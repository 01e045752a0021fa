import { getDocumentProxy } from 'unpdf';
import { calculators, defaultParams } from '../../app/calculators';
import { expect, test } from './fixtures';

/**
 * Every calculator's memorial printed to an A4 PDF by Chromium and read back: no text may be cut at
 * the margins, and no page may hold only the signature block. One page is reused for all 30
 * memorials (printing is the slow part), once per project.
 *
 * "Cut" is checked twice: each run of text the PDF holds must sit inside the page's content area
 * (the A4 page less the memorial's `@page` margins; the margin boxes' own texts excepted), and each
 * word the page shows in print (its rendered text, list numbers included) must be in the PDF's text.
 */
const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };
/** The memorial's `@page` margins (top, right, bottom, left), in mm: `app/components/memorial/memorial-parts.tsx`. */
const MARGIN = { top: 18 * MM, right: 16 * MM, bottom: 20 * MM, left: 20 * MM };
const TOLERANCE = 1.5;
/** The page-margin boxes' texts (the site's name, 'Página N de M'): they sit in the bottom margin on purpose. */
const isMarginBoxText = (text: string) => /^E-Engenharia.{1,4}Memorial de cálculo$|^Página \d+ de \d+$/.test(text.trim());

interface PdfPage {
  readonly text: string;
  readonly outside: string[];
}

async function readPdf(pdf: Buffer): Promise<PdfPage[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const pages: PdfPage[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const runs = content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item] : []));
    const outside = runs
      .filter((item) => !isMarginBoxText(item.str))
      .flatMap((item) => {
        // The run goes from its origin along its own direction (rotated axis titles run upwards).
        const [a, b, , , x, y] = item.transform as [number, number, number, number, number, number];
        const length = Math.hypot(a, b) || 1;
        const xs = [x, x + (item.width * a) / length];
        const ys = [y, y + (item.width * b) / length];
        const cut =
          Math.min(...xs) < MARGIN.left - TOLERANCE ||
          Math.max(...xs) > A4.width - MARGIN.right + TOLERANCE ||
          Math.min(...ys) < MARGIN.bottom - TOLERANCE ||
          Math.max(...ys) > A4.height - MARGIN.top + TOLERANCE;
        return cut
          ? [
              `'${item.str}' at x=${Math.round(Math.min(...xs))}…${Math.round(Math.max(...xs))}, y=${Math.round(Math.min(...ys))}…${Math.round(Math.max(...ys))}`,
            ]
          : [];
      });
    pages.push({ text: runs.map((item) => item.str).join(' '), outside });
  }
  return pages;
}

/** Without spaces, and NFKC so the micro sign and the Greek mu (which the PDF may hold for it) compare equal. */
const squeeze = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');

test('every calculator memorial prints on A4 with no text cut at the margins and the signature never alone on a page', async ({
  page,
  login,
}) => {
  test.setTimeout(300_000);
  await login('E-MASTER');
  await page.emulateMedia({ media: 'print' });
  const problems: string[] = [];
  for (const calculator of calculators) {
    const url = `/calculators/${calculator.slug}/report?${new URLSearchParams(defaultParams(calculator))}`;
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    // What the page shows on paper, word by word (ordered lists' numbers included), and the signature block's own words.
    const shown = await page.evaluate(() => {
      // Text for screen readers only ('não informado' on a blank line) is not printed.
      document.querySelectorAll('.sr-only').forEach((element) => element.remove());
      const document_ = document.querySelector('.memorial-document') as HTMLElement;
      const numbers = [...document_.querySelectorAll('ol')].flatMap((list) => [...list.children].map((_, index) => `${index + 1}.`));
      const signature = (document.querySelector('[data-testid="memorial-signature"]') as HTMLElement).innerText;
      const disclaimer = (document_.querySelector('footer') as HTMLElement | null)?.innerText ?? '';
      // A subscript is a run of its own in the PDF, which need not follow its symbol: 'I<sub>B</sub>' is
      // read as the words 'I' and 'B'. The spaces are taken out again before the page is printed.
      const spacers = [...document_.querySelectorAll('sub, sup')].flatMap((element) => {
        const before = document.createTextNode(' ');
        const after = document.createTextNode(' ');
        element.before(before);
        element.after(after);
        return [before, after];
      });
      const text = document_.innerText;
      spacers.forEach((spacer) => spacer.remove());
      return { words: [...text.split(/\s+/), ...numbers].filter(Boolean), signature, disclaimer };
    });
    const pages = await readPdf(await page.pdf({ format: 'A4', preferCSSPageSize: true }));
    const pdfText = squeeze(pages.map((one) => one.text).join(''));
    const missing = [...new Set(shown.words.filter((word) => !pdfText.includes(squeeze(word))))];
    if (missing.length > 0) problems.push(`${calculator.slug}: words on the page but not in the PDF: ${missing.slice(0, 8).join(' ')}`);
    pages.forEach((one, index) => {
      if (one.outside.length > 0)
        problems.push(`${calculator.slug}, page ${index + 1}: text past the margins: ${one.outside.slice(0, 4).join('; ')}`);
    });
    const ending = squeeze(shown.signature + shown.disclaimer);
    pages.forEach((one, index) => {
      const body = one.text
        .replace(/E-Engenharia.{1,4}Memorial de cálculo|Página \d+ de \d+/g, ' ')
        .split(/\s+/)
        .filter(Boolean);
      if (body.length > 0 && body.every((word) => ending.includes(squeeze(word))))
        problems.push(`${calculator.slug}: page ${index + 1} of ${pages.length} holds only the signature block`);
    });
  }
  expect(problems).toEqual([]);
});
