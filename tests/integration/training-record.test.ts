import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { createLessons } from '../setup/factories';
import { assessmentAttempts, certificates, courseAssessments, courseGrants, courses, lessonProgress } from '../../db/schema';
import type { TrainingRecordItem } from '~/models/assessments/training-record.server';
import { exportPersonalData } from '~/models/privacy/personal-data.server';
import * as appLayout from '~/routes/_app+/_layout';
import { action as accountAction } from '~/routes/_app+/account';
import * as trainingPage from '~/routes/_app+/account_.formacao';
import { loader as pdfLoader } from '~/routes/_app+/account_.formacao_.pdf';
import * as verifyPage from '~/routes/_marketing+/certificados.$codigo';
import { sortKey } from '~/utils/fold';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';
import { documentHandler } from './helpers/document-handler';

/**
 * Issue 31, item 4: 'Minha Conta' → 'Formação' lists the person's own courses (started, or open to them)
 * with progress, attempts, best grade, completion and certificate, a page at a time, with its empty state;
 * the PDF 'Histórico de formação' reads back the same, is the signed-in person's own and is rate-limited;
 * deleting the account removes the attempts and revokes the certificates.
 */

const serve = documentHandler([
  { id: 'routes/_app+/_layout', parentId: 'root', module: appLayout },
  { id: 'routes/_app+/account_.formacao', parentId: 'routes/_app+/_layout', path: 'account/formacao', module: trainingPage },
]);

let sequence = 0;
function course(values: Partial<typeof courses.$inferInsert> = {}, lessonCount = 2) {
  const title = values.title ?? `Curso de formação ${String(++sequence).padStart(3, '0')}`;
  const row = db
    .insert(courses)
    .values({
      title,
      titleKey: sortKey(title),
      description: 'Curso de teste.',
      category: 'electrical',
      instructor: 'Eng. Joana Araújo',
      duration: '40 horas',
      level: 'beginner',
      ...values,
    })
    .returning()
    .get();
  const lessonIds = createLessons(
    row.id,
    Array.from({ length: lessonCount }, (_, index) => `Aula ${index + 1}`),
  ).map((lesson) => lesson.id);
  return { ...row, lessonIds };
}

const done = (userId: number, courseId: number, lessonIds: number[], day = 20) =>
  lessonIds.forEach((lessonId, index) =>
    db
      .insert(lessonProgress)
      .values({ userId, courseId, lessonId, completedAt: new Date(Date.UTC(2026, 10, day + index, 15)) })
      .run(),
  );

function attempt(userId: number, courseId: number, scorePercent: number, day: number) {
  const at = new Date(Date.UTC(2026, 10, day, 12));
  db.insert(assessmentAttempts)
    .values({
      userId,
      courseId,
      questions: '[]',
      passPercent: 70,
      startedAt: at,
      submittedAt: new Date(at.getTime() + 600_000),
      answers: '[]',
      correctCount: 0,
      scorePercent,
      passed: scorePercent >= 70,
    })
    .run();
}

function certificate(userId: number, courseId: number, code: string) {
  db.insert(certificates)
    .values({
      code,
      userId,
      courseId,
      holderName: 'Maria da Silva Prado',
      courseTitle: 'NR-10',
      hours: '40 horas',
      instructor: 'Eng. Joana Araújo',
      completedAt: new Date(Date.UTC(2026, 10, 21, 15)),
    })
    .run();
}

type LoaderData = { record: { items: TrainingRecordItem[]; total: number; page: number; pageCount: number }; hasFullName: boolean };
const recordOf = async (cookie: string, search = '') =>
  (await (await call(trainingPage.loader, getRequest(`/account/formacao${search}`, { cookie }))).json()) as LoaderData;

async function pdfText(response: Response): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  return (await extractText(document, { mergePages: true })).text.replace(/\s+/g, ' ');
}

beforeEach(() => resetAllLimits());

describe("'Formação'", () => {
  test('a visitor is sent to /auth, for the page and the PDF', async () => {
    expectRedirect(await call(trainingPage.loader, getRequest('/account/formacao')), /^\/auth\?redirectTo=/);
    expectRedirect(await call(pdfLoader, getRequest('/account/formacao/pdf')), /^\/auth\?redirectTo=/);
  });

  test('with nothing started and no course open to them, the page says so and offers no PDF', async () => {
    const user = await createUser({ role: 'E-BASIC' });
    const cookie = await sessionCookie(user);
    const page = await serve(getRequest('/account/formacao', { cookie }));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1 class="text-2xl font-bold">Formação</h1>');
    expect(html).toContain('Nenhum curso na sua formação ainda.');
    expect(html).not.toContain('/account/formacao/pdf');
    expect(html).toContain('Informe seu nome completo em Minha Conta');
  });

  test("lists the person's own courses with progress, attempts, best grade, completion and certificate, and the PDF says the same", async () => {
    const user = await createUser({ role: 'E-MASTER', fullName: 'Maria da Silva Prado' });
    const other = await createUser({ role: 'E-MASTER' });
    const cookie = await sessionCookie(user);
    const assessed = course({ title: 'Aa NR-10 Básico' });
    db.insert(courseAssessments).values({ courseId: assessed.id, passPercent: 70, questionsPerAttempt: 3 }).run();
    done(user.id, assessed.id, assessed.lessonIds);
    attempt(user.id, assessed.id, 40, 22);
    attempt(user.id, assessed.id, 85, 24);
    certificate(user.id, assessed.id, 'FRMACAPDFTESTXYZ0000000001');
    const halfway = course({ title: 'Ab NBR 5410 em andamento' }, 4);
    done(user.id, halfway.id, halfway.lessonIds.slice(0, 1));
    const hiddenStarted = course({ title: 'Ac Curso oculto começado', isHidden: true });
    done(user.id, hiddenStarted.id, hiddenStarted.lessonIds.slice(0, 1));
    const promo = course({ title: 'Ad Curso com código', requiresPromoCode: true });
    const granted = course({ title: 'Ae Curso com código liberado', requiresPromoCode: true });
    db.insert(courseGrants)
      .values({ userId: user.id, courseId: granted.id, source: 'promo', startsAt: new Date(Date.now() - 60_000) })
      .run();
    const hiddenUntouched = course({ title: 'Af Curso oculto', isHidden: true });
    const openUntouched = course({ title: 'A0 Curso aberto, não começado' });
    const othersOnly = course({ title: 'Ag Curso pago de outra pessoa', priceCents: 9900 });
    done(other.id, othersOnly.id, othersOnly.lessonIds);
    attempt(other.id, assessed.id, 100, 23);

    const { record, hasFullName } = await recordOf(cookie);
    expect(hasFullName).toBe(true);
    const ids = record.items.map((item) => item.courseId);
    expect(ids).toEqual(expect.arrayContaining([assessed.id, halfway.id, hiddenStarted.id, granted.id]));
    for (const absent of [promo.id, hiddenUntouched.id, othersOnly.id]) expect(ids).not.toContain(absent);
    // What the person started comes first, then what is open to them, each part by name.
    expect(ids.slice(0, 3)).toEqual([assessed.id, halfway.id, hiddenStarted.id]);
    expect(ids.indexOf(openUntouched.id)).toBeLessThan(ids.indexOf(granted.id));
    const byId = new Map(record.items.map((item) => [item.courseId, item]));
    expect(byId.get(assessed.id)).toEqual({
      courseId: assessed.id,
      courseTitle: 'Aa NR-10 Básico',
      linkable: true,
      lessonsDone: 2,
      lessonsTotal: 2,
      hasAssessment: true,
      attempts: { count: 2, bestPercent: 85, lastAt: new Date(Date.UTC(2026, 10, 24, 12, 10)).toISOString(), passed: true },
      completedAt: new Date(Date.UTC(2026, 10, 21, 15)).toISOString(),
      certificateCode: 'FRMACAPDFTESTXYZ0000000001',
    });
    expect(byId.get(halfway.id)).toMatchObject({
      lessonsDone: 1,
      lessonsTotal: 4,
      completedAt: null,
      certificateCode: null,
      hasAssessment: false,
    });
    expect(byId.get(hiddenStarted.id)).toMatchObject({ linkable: false });
    expect(byId.get(granted.id)).toMatchObject({ lessonsDone: 0, attempts: { count: 0 } });

    const html = await (await serve(getRequest('/account/formacao', { cookie }))).text();
    for (const expected of [
      '2 tentativas · melhor nota 85 % · última em 24/11/2026 · aprovado',
      '1 de 4 aulas',
      'Em andamento',
      'href="/certificados/FRMACAPDFTESTXYZ0000000001"',
      'href="/account/formacao/pdf"',
      `href="/courses/${assessed.id}"`,
    ])
      expect(html).toContain(expected);
    expect(html).not.toContain(`href="/courses/${hiddenStarted.id}"`);

    const pdf = await call(pdfLoader, getRequest('/account/formacao/pdf', { cookie }));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(pdf.headers.get('Content-Disposition')).toMatch(/^attachment; filename="historico-de-formacao-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(pdf.headers.get('Cache-Control')).toBe('private, no-store');
    const text = await pdfText(pdf);
    for (const expected of [
      'Histórico de formação',
      'Nome: Maria da Silva Prado',
      'Aa NR-10 Básico',
      'Progresso: 2 de 2 aulas',
      'Avaliação final: 2 tentativas · melhor nota 85 % · última em 24/11/2026 · aprovado',
      'Conclusão: 21/11/2026',
      'Certificado: FRMACAPDFTESTXYZ0000000001',
      'Ab NBR 5410 em andamento',
      'Ac Curso oculto começado',
      'Página 1 de 1',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Ag Curso pago de outra pessoa');
    expect(text).not.toContain('100 %');
  });

  test('a page at a time on the server, in name order', async () => {
    const user = await createUser({ role: 'E-TOOL' });
    const cookie = await sessionCookie(user);
    const started = Array.from({ length: 23 }, (_, index) => course({ title: `Z Curso paginado ${String(index).padStart(2, '0')}` }, 1));
    for (const each of started) done(user.id, each.id, each.lessonIds);
    const first = await recordOf(cookie);
    expect(first.record).toMatchObject({ total: 23, page: 1, pageCount: 2 });
    expect(first.record.items).toHaveLength(20);
    const second = await recordOf(cookie, '?page=2');
    expect(second.record.items.map((item) => item.courseTitle)).toEqual([
      'Z Curso paginado 20',
      'Z Curso paginado 21',
      'Z Curso paginado 22',
    ]);
    expect((await recordOf(cookie, '?page=banana')).record.page).toBe(1);
  });

  test('the PDF is limited per account: the eleventh in 15 minutes is a page that says why', async () => {
    const user = await createUser({ role: 'E-BASIC' });
    const cookie = await sessionCookie(user);
    for (let index = 0; index < 10; index += 1)
      expect((await call(pdfLoader, getRequest('/account/formacao/pdf', { cookie }))).status).toBe(200);
    const refused = await call(pdfLoader, getRequest('/account/formacao/pdf', { cookie }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(await refused.text()).toContain('Muitas tentativas. Aguarde 15 minutos e tente novamente.');
    const other = await sessionCookie(await createUser({ role: 'E-BASIC' }));
    expect((await call(pdfLoader, getRequest('/account/formacao/pdf', { cookie: other }))).status).toBe(200);
  });
});

describe("'Excluir conta' and the training record", () => {
  test('removes the attempts and revokes the certificates; the LGPD export listed the attempts before', async () => {
    const user = await createUser({ role: 'E-MASTER', fullName: 'Maria da Silva Prado' });
    const cookie = await sessionCookie(user);
    const assessed = course({ title: 'NR-10 a excluir' });
    done(user.id, assessed.id, assessed.lessonIds);
    attempt(user.id, assessed.id, 40, 22);
    attempt(user.id, assessed.id, 90, 23);
    certificate(user.id, assessed.id, 'FRMACAPDFTESTXYZ0000000002');
    expect(exportPersonalData(user.id).assessmentAttempts.map((entry) => entry.scorePercent)).toEqual([40, 90]);

    const deleted = await call(
      accountAction,
      formRequest('/account', { intent: 'delete-account', password: 'senha123' }, { cookie }),
      {},
      { toast: { pending: null } },
    );
    expectRedirect(deleted, '/');
    expect(db.select().from(assessmentAttempts).where(eq(assessmentAttempts.courseId, assessed.id)).all()).toEqual([]);
    const revoked = db.select().from(certificates).where(eq(certificates.code, 'FRMACAPDFTESTXYZ0000000002')).get()!;
    expect(revoked).toMatchObject({ status: 'revoked', userId: null });
    expect(revoked.holderName).not.toContain('Maria');
    const verified = (await (
      await call(
        verifyPage.loader,
        getRequest('/certificados/FRMACAPDFTESTXYZ0000000002'),
        { codigo: 'FRMACAPDFTESTXYZ0000000002' },
        {
          clientAddress: '198.51.100.20',
        },
      )
    ).json()) as { certificate: { status: string } };
    expect(verified.certificate.status).toBe('revoked');
  });
});
