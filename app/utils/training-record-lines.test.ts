import { describe, expect, test } from 'vitest';
import { attemptsText, completionText, progressPercent, progressText, trainingRecordLines } from './training-record-lines';

const none = { count: 0, bestPercent: null, lastAt: null, passed: false };

describe("the training record's words", () => {
  test('progress: singular and plural, a course without lessons, and its percent', () => {
    expect(progressText({ lessonsDone: 0, lessonsTotal: 1 })).toBe('0 de 1 aula');
    expect(progressText({ lessonsDone: 3, lessonsTotal: 8 })).toBe('3 de 8 aulas');
    expect(progressText({ lessonsDone: 0, lessonsTotal: 0 })).toBe('Sem aulas');
    expect(progressPercent({ lessonsDone: 1, lessonsTotal: 3 })).toBe(33);
    expect(progressPercent({ lessonsDone: 0, lessonsTotal: 0 })).toBe(0);
  });

  test('attempts: none yet, no final assessment, one failed, several with a pass (Brazilian date and grade)', () => {
    expect(attemptsText({ hasAssessment: true, attempts: none })).toBe('Nenhuma tentativa');
    expect(attemptsText({ hasAssessment: false, attempts: none })).toBe('Sem avaliação final');
    expect(
      attemptsText({ hasAssessment: true, attempts: { count: 1, bestPercent: 66.666, lastAt: '2026-11-24T12:10:00.000Z', passed: false } }),
    ).toBe('1 tentativa · melhor nota 66,7 % · última em 24/11/2026 · ainda não aprovado');
    expect(
      attemptsText({ hasAssessment: true, attempts: { count: 3, bestPercent: 85, lastAt: '2026-11-24T12:10:00.000Z', passed: true } }),
    ).toBe('3 tentativas · melhor nota 85 % · última em 24/11/2026 · aprovado');
  });

  test('completion and certificate lines', () => {
    expect(completionText({ completedAt: null })).toBe('Em andamento');
    expect(
      trainingRecordLines({
        lessonsDone: 2,
        lessonsTotal: 2,
        hasAssessment: false,
        attempts: none,
        completedAt: '2026-11-21T15:00:00.000Z',
        certificateCode: 'FRMACAPDFTESTXYZ0000000001',
      }),
    ).toEqual([
      ['Progresso', '2 de 2 aulas'],
      ['Avaliação final', 'Sem avaliação final'],
      ['Conclusão', '21/11/2026'],
      ['Certificado', 'FRMACAPDFTESTXYZ0000000001'],
    ]);
  });
});
