import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TrainingRecordRow } from '~/components/account/training-record';
import { StaticMarkupContext } from '~/components/static-markup';
import type { TrainingRecordItem } from '~/models/assessments/training-record.server';
import { renderStaticMarkup } from '~/plumbing/static-markup.server';

/**
 * Issue 33: each row of 'Formação' is rendered once per process on the server (decision 079), keyed by the
 * whole item: the HTML is the one the browser renders from the same item (so hydration matches), and a row
 * whose item changed (a lesson done, a grade, a certificate) is rendered anew.
 */

const item: TrainingRecordItem = {
  courseId: 12,
  courseTitle: 'NR-10: Segurança em Instalações Elétricas',
  linkable: true,
  lessonsDone: 3,
  lessonsTotal: 4,
  hasAssessment: true,
  attempts: { count: 2, bestPercent: 90, lastAt: '2026-11-28T03:44:59.232Z', passed: true },
  completedAt: null,
  certificateCode: null,
};

const row = (data: TrainingRecordItem, server: boolean) => {
  const element = createElement(TrainingRecordRow, { item: data });
  return renderToString(server ? createElement(StaticMarkupContext.Provider, { value: renderStaticMarkup }, element) : element);
};

describe("'Formação' rows rendered once per item", () => {
  it('sends the HTML the browser renders from the same item, linked or not, with or without a certificate', () => {
    for (const data of [
      item,
      { ...item, linkable: false },
      { ...item, certificateCode: 'ABCD-1234', completedAt: '2026-11-27T12:00:00.000Z' },
    ])
      expect(row(data, true)).toBe(row(data, false));
    expect(row(item, true)).toContain('<a href="/courses/12" data-nav="" class="text-brand-700 hover:underline">NR-10');
    expect(row(item, true)).toContain('aria-label="Progresso em NR-10: Segurança em Instalações Elétricas: 75 %"');
  });

  it('renders a row anew when its item changes', () => {
    expect(row(item, true)).toContain('Não emitido');
    const certified = row({ ...item, lessonsDone: 4, completedAt: '2026-11-27T12:00:00.000Z', certificateCode: 'ABCD-1234' }, true);
    expect(certified).toContain('href="/certificados/ABCD-1234"');
    expect(certified).toContain('value="100"');
    expect(certified).not.toContain('Em andamento');
  });
});
