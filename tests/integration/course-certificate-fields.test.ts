import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { createLessons } from '../setup/factories';
import { auditLog, certificates, courses, lessonProgress } from '../../db/schema';
import { COURSE_CERTIFICATE_MESSAGES } from '~/schemas/course-certificate';
import * as appLayout from '~/routes/_app+/_layout';
import * as coursePage from '~/routes/_app+/courses.$id';
import * as fieldsPage from '~/routes/_app+/courses.$id_.certificado';
import { sortKey } from '~/utils/fold';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';
import { documentHandler } from './helpers/document-handler';

/**
 * Issue 31, item 3: admins set a course's workload, syllabus, instructors with qualification and technical
 * lead on 'Dados do certificado' (/courses/{id}/certificado), a plain form; the next certificate copies
 * them; bad input is refused beside its field and saves nothing; nobody else may read or write it.
 */

const serve = documentHandler([
  { id: 'routes/_app+/_layout', parentId: 'root', module: appLayout },
  { id: 'routes/_app+/courses.$id_.certificado', parentId: 'routes/_app+/_layout', path: 'courses/:id/certificado', module: fieldsPage },
]);

let sequence = 0;
function course() {
  const title = `Curso com certificado ${++sequence}`;
  const row = db
    .insert(courses)
    .values({
      title,
      titleKey: sortKey(title),
      description: 'Curso.',
      category: 'electrical',
      instructor: 'Eng. Joana Araújo',
      duration: 'Cerca de um mês',
      level: 'beginner',
    })
    .returning()
    .get();
  const lessonIds = createLessons(row.id, ['Riscos elétricos', 'Medidas de controle']).map((lesson) => lesson.id);
  return { ...row, lessonIds };
}

const VALID = {
  intent: 'certificate-fields',
  workloadHours: '16',
  syllabus: 'Introdução à segurança em eletricidade\r\n\r\n  Riscos   em instalações  \nPrimeiros socorros',
  instructorName0: 'Eng. Joana Araújo',
  instructorQualification0: 'Engenheira eletricista, especialista em segurança do trabalho',
  instructorName1: '',
  instructorQualification1: '',
  technicalLeadName: 'Eng. Carlos Mendes',
  technicalLeadProfession: 'Engenheiro eletricista',
  technicalLeadRegistration: 'CREA-SP 5061234567',
};

const post = (courseId: number, cookie: string, fields: Record<string, string>) =>
  call(
    fieldsPage.action,
    formRequest(`/courses/${courseId}/certificado`, fields, { cookie }),
    { id: String(courseId) },
    {
      toast: { pending: null },
    },
  );

const row = (id: number) => db.select().from(courses).where(eq(courses.id, id)).get()!;

beforeEach(() => resetAllLimits());

describe("'Dados do certificado'", () => {
  test('only admins: a visitor goes to /auth, anyone else to /dashboard, for the page and the form; a missing course is 404', async () => {
    const { id } = course();
    expectRedirect(await call(fieldsPage.loader, getRequest(`/courses/${id}/certificado`), { id: String(id) }), /^\/auth\?redirectTo=/);
    const master = await sessionCookie(await createUser({ role: 'E-MASTER' }));
    expectRedirect(
      await call(fieldsPage.loader, getRequest(`/courses/${id}/certificado`, { cookie: master }), { id: String(id) }),
      '/dashboard',
    );
    expectRedirect(await post(id, master, VALID), '/dashboard');
    expect(row(id).workloadHours).toBeNull();
    const admin = await sessionCookie(await createUser({ role: 'admin' }));
    expect(
      (await call(fieldsPage.loader, getRequest('/courses/900000001/certificado', { cookie: admin }), { id: '900000001' })).status,
    ).toBe(404);
    expect((await post(900_000_001, admin, VALID)).status).toBe(404);
  });

  test('a plain form saves the fields (trimmed, blank rows dropped), audits it, and the next certificate prints them', async () => {
    const { id, lessonIds } = course();
    const admin = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(admin);
    const page = await serve(getRequest(`/courses/${id}/certificado`, { cookie }));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<form method="post"[^>]*>/);
    expect(html).toContain('Em branco: os títulos das aulas (Riscos elétricos; Medidas de controle).');

    expectRedirect(await post(id, cookie, VALID), `/courses/${id}/certificado`);
    expect(row(id)).toMatchObject({
      workloadHours: 16,
      syllabus: 'Introdução à segurança em eletricidade\nRiscos em instalações\nPrimeiros socorros',
      instructors: JSON.stringify([
        { name: 'Eng. Joana Araújo', qualification: 'Engenheira eletricista, especialista em segurança do trabalho' },
      ]),
      technicalLead: JSON.stringify({
        name: 'Eng. Carlos Mendes',
        profession: 'Engenheiro eletricista',
        registration: 'CREA-SP 5061234567',
      }),
    });
    const audit = db.select().from(auditLog).orderBy(desc(auditLog.id)).get()!;
    expect(audit).toMatchObject({ action: 'course.certificate', entityId: id, actorId: admin.id });
    const reread = await (await serve(getRequest(`/courses/${id}/certificado`, { cookie }))).text();
    expect(reread).toContain('value="CREA-SP 5061234567"');

    const learner = await createUser({ role: 'E-MASTER', fullName: 'Renata Campos Vieira' });
    lessonIds.forEach((lessonId) =>
      db.insert(lessonProgress).values({ userId: learner.id, courseId: id, lessonId, completedAt: new Date() }).run(),
    );
    const issued = await call(
      coursePage.action,
      formRequest(`/courses/${id}`, { intent: 'certificate' }, { cookie: await sessionCookie(learner) }),
      { id: String(id) },
      { toast: { pending: null } },
    );
    expectRedirect(issued, /^\/certificados\/[0-9A-Z]{26}$/);
    const record = JSON.parse(db.select().from(certificates).where(eq(certificates.userId, learner.id)).get()!.record!);
    expect(record).toMatchObject({
      workloadHours: 16,
      syllabus: ['Introdução à segurança em eletricidade', 'Riscos em instalações', 'Primeiros socorros'],
      instructors: [{ name: 'Eng. Joana Araújo' }],
      technicalLead: { registration: 'CREA-SP 5061234567' },
      gradePercent: null,
    });

    // Left blank, the certificate falls back: the lesson titles, the course's duration text, no lead.
    const blank = Object.fromEntries(Object.keys(VALID).map((key) => [key, key === 'intent' ? VALID.intent : '']));
    expectRedirect(await post(id, cookie, blank), `/courses/${id}/certificado`);
    expect(row(id)).toMatchObject({ workloadHours: null, syllabus: null, instructors: null, technicalLead: null });
  });

  test('bad input answers 400 beside its field and saves nothing', async () => {
    const { id } = course();
    const cookie = await sessionCookie(await createUser({ role: 'admin' }));
    const cases: [Record<string, string>, string, string][] = [
      [{ workloadHours: 'quarenta' }, 'workloadHours', COURSE_CERTIFICATE_MESSAGES.workload],
      [{ workloadHours: '2,5' }, 'workloadHours', COURSE_CERTIFICATE_MESSAGES.workload],
      [{ workloadHours: '0' }, 'workloadHours', COURSE_CERTIFICATE_MESSAGES.workload],
      [{ workloadHours: '2001' }, 'workloadHours', COURSE_CERTIFICATE_MESSAGES.workload],
      [
        { instructorName1: '', instructorQualification1: 'Técnico em eletrotécnica' },
        'instructorName1',
        COURSE_CERTIFICATE_MESSAGES.instructorName,
      ],
      [{ instructorName1: 'Téc. Ana Lima' }, 'instructorQualification1', COURSE_CERTIFICATE_MESSAGES.instructorQualification],
      [{ technicalLeadRegistration: '' }, 'technicalLeadRegistration', COURSE_CERTIFICATE_MESSAGES.leadRegistration],
      [{ technicalLeadName: '' }, 'technicalLeadName', COURSE_CERTIFICATE_MESSAGES.leadName],
      [{ technicalLeadRegistration: 'CREA <b>' }, 'technicalLeadRegistration', COURSE_CERTIFICATE_MESSAGES.registration],
      [{ technicalLeadName: 'Eng. Carlos \u202eMendes' }, 'technicalLeadName', COURSE_CERTIFICATE_MESSAGES.hidden],
      [{ syllabus: 'Tópico\u200b escondido' }, 'syllabus', COURSE_CERTIFICATE_MESSAGES.hidden],
      [
        { syllabus: Array.from({ length: 61 }, (_, index) => `Tópico ${index}`).join('\n') },
        'syllabus',
        COURSE_CERTIFICATE_MESSAGES.topics,
      ],
      [{ syllabus: 'x'.repeat(201) }, 'syllabus', COURSE_CERTIFICATE_MESSAGES.topic],
      [{ instructorName0: 'n'.repeat(121) }, 'instructorName0', COURSE_CERTIFICATE_MESSAGES.tooLong(120)],
    ];
    for (const [change, field, message] of cases) {
      const response = await post(id, cookie, { ...VALID, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(await response.json()).toMatchObject({ intent: 'certificate-fields', result: { error: { [field]: [message] } } });
    }
    expect(row(id)).toMatchObject({ workloadHours: null, syllabus: null, instructors: null, technicalLead: null });
  });
});
