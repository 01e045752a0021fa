import { describe, expect, test } from 'vitest';
import { calculators } from '~/calculators';
import * as landing from '~/routes/_marketing+/_index';
import { BASE_URL } from '../setup/helpers';
import { documentHandler } from './helpers/document-handler';

/** Issue 27, item 13: the landing page names the calculators that exist (read from them), and nothing the platform does not have. */
const serve = documentHandler([{ id: 'routes/_marketing+/_index', parentId: 'root', index: true, module: landing }]);

const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('the landing page promises what exists', () => {
  test('every calculator is named under its area, and no tool the platform lacks (Lei de Ohm, engrenagens, estequiometria)', async () => {
    const response = await serve(new Request(`${BASE_URL}/`));
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    for (const calculator of calculators) expect(text, calculator.title).toContain(calculator.title);
    for (const missing of ['Lei de Ohm', 'engrenagens', 'estequiometria']) expect(text).not.toContain(missing);
  });
});
