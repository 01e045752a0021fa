/**
 * Draws the site's PNG icons and its link-preview card from the SVGs in scripts/brand/, with the
 * Chromium the end-to-end tests use (CHROMIUM_PATH, else /usr/bin/chromium). The PNGs are
 * committed; run this again only after changing an SVG: `npx tsx scripts/generate-brand-images.ts`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const svg = (name: string) => readFileSync(join(root, 'scripts/brand', name), 'utf8');

const IMAGES = [
  { source: 'icon.svg', target: 'public/icons/icon-192.png', width: 192, height: 192 },
  { source: 'icon.svg', target: 'public/icons/icon-512.png', width: 512, height: 512 },
  { source: 'icon.svg', target: 'public/apple-touch-icon.png', width: 180, height: 180 },
  { source: 'card.svg', target: 'public/og/e-engenharia.png', width: 1200, height: 630 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const image of IMAGES) {
    const page = await browser.newPage({ viewport: { width: image.width, height: image.height } });
    const sized = svg(image.source).replace('<svg ', `<svg width="${image.width}" height="${image.height}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0">${sized}</body></html>`);
    await page.screenshot({ path: join(root, image.target), clip: { x: 0, y: 0, width: image.width, height: image.height } });
    await page.close();
    console.log(`${image.target} (${image.width}×${image.height})`);
  }
} finally {
  await browser.close();
}
