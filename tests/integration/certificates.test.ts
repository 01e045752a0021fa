import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { createLessons } from '../setup/factories';
import { auditLog, certificates, courses, lessonProgress, users } from '../../db/schema';
import { deleteOwnAccount } from '~/models/privacy/account-deletion.server';
import { exportPersonalData } from '~/models/privacy/personal-data.server';
import { CERTIFICATE_MESSAGES, newCertificateCode, normalizeCertificateCode } from '~/models/courses/certificate.server';
import * as account from '~/routes/_app+/account';
import * as adminCertificates from '~/routes/_app+/admin.certificates';
import * as coursePage from '~/routes/_app+/courses.$id';
import * as verifyPage from '~/routes/_marketing+/certificados.$codigo';
import * as pdfRoute from '~/routes/_marketing+/certificados.$codigo_.pdf';
import { sortKey } from '~/utils/fold';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';

/**
 * Issue 22, certificates: issued once every lesson is done, one valid per user and course, reissued on a
 * name change ('substituído'), verified publicly (no e-mail or CPF; misses rate-limited), downloaded as a
 * PDF whose text reads back, revoked by an admin (audited) or by the account's deletion, and in the export.
 */

let sequence = 0;
function courseWithLessons(count = 2, values: Partial<typeof courses.$inferInsert> = {}) {
  const title = values.title ?? `Proteção e Seletividade ${++sequence}`;
  const course = db
    .insert(courses)
    .values({
      description: 'Curso de teste.',
      category: 'electrical',
      instructor: 'Eng. Joana Araújo',
      duration: '12 horas',
      level: 'intermediate',
      ...values,
      title,
      titleKey: sortKey(title),
    })
    .returning()
    .get();
  const lessonIds = createLessons(
    course.id,
    Array.from({ length: count }, (_, index) => `Aula ${index + 1}`),
  ).map((lesson) => lesson.id);
  return { course, lessonIds };
}

/** Marks lessons done, one a day from 20 November 2026 (`firstDay` moves the start). */
const markDone = (userId: number, courseId: number, lessonIds: number[], firstDay = 20) =>
  lessonIds.forEach((lessonId, index) =>
    db
      .insert(lessonProgress)
      .values({ userId, courseId, lessonId, completedAt: new Date(Date.UTC(2026, 10, firstDay + index, 15)) })
      .run(),
  );

/** An E-MASTER user with a 'Nome completo' (`null`: none yet), as certificates require one. */
async function master(fullName: string | null = 'Maria da Silva Prado') {
  const user = await createUser({ role: 'E-MASTER', fullName });
  return { user, cookie: await sessionCookie(user) };
}

const issue = (cookie: string, courseId: number) =>
  call(
    coursePage.action,
    formRequest(`/courses/${courseId}`, { intent: 'certificate' }, { cookie }),
    { id: String(courseId) },
    { toast: { pending: null } },
  );

async function issuedCode(cookie: string, courseId: number): Promise<string> {
  const response = await issue(cookie, courseId);
  expectRedirect(response, /^\/certificados\/[0-9A-Z]{26}$/);
  return response.headers.get('Location')!.split('/').pop()!;
}

const verify = (code: string, address = '198.51.100.7') =>
  call(verifyPage.loader, getRequest(`/certificados/${code}`), { codigo: code }, { clientAddress: address });
const download = (code: string) =>
  call(pdfRoute.loader, getRequest(`/certificados/${code}/pdf`), { codigo: code }, { clientAddress: '198.51.100.8' });

async function pdfText(response: Response): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

beforeEach(() => resetAllLimits());

describe('certificate codes', () => {
  test('128 random bits as 26 Crockford base32 characters; typed forms are read back', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newCertificateCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    const code = [...codes][0];
    expect(normalizeCertificateCode(code.toLowerCase().replace(/(.{5})/g, '$1-'))).toBe(code);
    expect(normalizeCertificateCode('ABC')).toBeNull();
    expect(normalizeCertificateCode('U'.repeat(26))).toBeNull();
  });
});

describe('issuing', () => {
  test('refused until every lesson is done, then issued once: asking again gives the same code', async () => {
    const { user, cookie } = await master();
    const { course, lessonIds } = courseWithLessons(2);
    markDone(user.id, course.id, lessonIds.slice(0, 1));
    const early = await issue(cookie, course.id);
    expect(early.status).toBe(409);
    expect(JSON.stringify(await early.json())).toContain(CERTIFICATE_MESSAGES.incomplete);
    expect(db.select().from(certificates).where(eq(certificates.userId, user.id)).all()).toEqual([]);

    markDone(user.id, course.id, lessonIds.slice(1), 21);
    const code = await issuedCode(cookie, course.id);
    expect(await issuedCode(cookie, course.id)).toBe(code);
    const rows = db.select().from(certificates).where(eq(certificates.userId, user.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      holderName: 'Maria da Silva Prado',
      courseTitle: course.title,
      hours: '12 horas',
      instructor: 'Eng. Joana Araújo',
      status: 'valid',
    });
    expect(rows[0].completedAt.toISOString()).toBe('2026-11-21T15:00:00.000Z');

    const page = (await (
      await call(coursePage.loader, getRequest(`/courses/${course.id}`, { cookie }), { id: String(course.id) })
    ).json()) as { certificate: unknown };
    expect(page.certificate).toEqual({ complete: true, code, renamed: false, needsFullName: false, assessment: null });
  });

  test('a course without lessons, or one the user cannot open, gives no certificate', async () => {
    const { cookie } = await master();
    const empty = courseWithLessons(0);
    expect((await issue(cookie, empty.course.id)).status).toBe(409);
    const basic = await createUser({ role: 'E-BASIC' });
    const paid = courseWithLessons(1, { priceCents: 19990 });
    markDone(basic.id, paid.course.id, paid.lessonIds);
    const basicCookie = await sessionCookie(basic);
    const refused = await issue(basicCookie, paid.course.id);
    expect(refused.status).toBe(302);
    expect(db.select().from(certificates).where(eq(certificates.courseId, paid.course.id)).all()).toEqual([]);
  });

  test("a full-name change offers 'Emitir com o novo nome': the old code says 'substituído', the new one carries the new name", async () => {
    const { user, cookie } = await master();
    const { course, lessonIds } = courseWithLessons(1);
    markDone(user.id, course.id, lessonIds);
    const first = await issuedCode(cookie, course.id);
    // The username is not what is printed: changing it reissues nothing.
    db.update(users).set({ username: 'outro_login' }).where(eq(users.id, user.id)).run();
    expect(await issuedCode(cookie, course.id)).toBe(first);
    expectRedirect(
      await call(account.action, formRequest('/account', { intent: 'full-name', fullName: 'Júlia  Conceição ' }, { cookie })),
      '/account#nome-completo',
    );
    const offered = (await (
      await call(coursePage.loader, getRequest(`/courses/${course.id}`, { cookie }), { id: String(course.id) })
    ).json()) as { certificate: unknown };
    expect(offered.certificate).toEqual({ complete: true, code: first, renamed: true, needsFullName: false, assessment: null });
    const inAccount = (await (await call(account.loader, getRequest('/account', { cookie }))).json()) as { certificates: unknown[] };
    expect(inAccount.certificates).toEqual([
      { courseId: course.id, courseTitle: course.title, code: first, renamed: true, assessment: null },
    ]);
    const second = await issuedCode(cookie, course.id);
    expect(second).not.toBe(first);
    const old = (await (await verify(first)).json()) as { certificate: { status: string } };
    expect(old.certificate.status).toBe('replaced');
    const current = (await (await verify(second)).json()) as { certificate: { status: string; holderName: string } };
    expect(current.certificate).toMatchObject({ status: 'valid', holderName: 'Júlia Conceição' });
    expect((await download(first)).status).toBe(404);
  });

  test("'Minha Conta' offers 'Emitir certificado' for a completed course, then links the certificate", async () => {
    const { user, cookie } = await master();
    const { course, lessonIds } = courseWithLessons(1);
    markDone(user.id, course.id, lessonIds);
    const before = (await (await call(account.loader, getRequest('/account', { cookie }))).json()) as { certificates: unknown[] };
    expect(before.certificates).toEqual([{ courseId: course.id, courseTitle: course.title, code: null, renamed: false, assessment: null }]);
    const code = await issuedCode(cookie, course.id);
    const after = (await (await call(account.loader, getRequest('/account', { cookie }))).json()) as { certificates: unknown[] };
    expect(after.certificates).toEqual([{ courseId: course.id, courseTitle: course.title, code, renamed: false, assessment: null }]);
  });

  test("without a 'Nome completo' the certificate is refused, and the pages say where to give it", async () => {
    const { user, cookie } = await master(null);
    const { course, lessonIds } = courseWithLessons(1);
    markDone(user.id, course.id, lessonIds);
    const refused = await issue(cookie, course.id);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain(CERTIFICATE_MESSAGES.needsFullName);
    const page = (await (
      await call(coursePage.loader, getRequest(`/courses/${course.id}`, { cookie }), { id: String(course.id) })
    ).json()) as { certificate: unknown };
    expect(page.certificate).toEqual({ complete: true, code: null, renamed: false, needsFullName: true, assessment: null });
    const bad = await call(account.action, formRequest('/account', { intent: 'full-name', fullName: 'Maria\u202E avliS' }, { cookie }));
    expect(bad.status).toBe(400);
    expect(db.select({ fullName: users.fullName }).from(users).where(eq(users.id, user.id)).get()?.fullName).toBeNull();
    expectRedirect(
      await call(account.action, formRequest('/account', { intent: 'full-name', fullName: "Ana D'Ávila-Souza" }, { cookie })),
      '/account#nome-completo',
    );
    expect(await issuedCode(cookie, course.id)).toMatch(/^[0-9A-Z]{26}$/);
  });
});

describe('public verification and the PDF', () => {
  test('anyone sees name, course, hours and date, never the e-mail or the CPF', async () => {
    const { user, cookie } = await master('Luís Antônio Gonçalves');
    const { course, lessonIds } = courseWithLessons(1, { title: 'Instalações Elétricas — Média Tensão', duration: '40 horas' });
    markDone(user.id, course.id, lessonIds);
    const code = await issuedCode(cookie, course.id);
    const response = await verify(code.toLowerCase());
    expect(response.status).toBe(200);
    const text = await response.text();
    const data = JSON.parse(text) as { certificate: Record<string, string> };
    expect(data.certificate).toMatchObject({
      code,
      status: 'valid',
      holderName: 'Luís Antônio Gonçalves',
      courseTitle: course.title,
      hours: '40 horas',
    });
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(user.cpf!);
  });

  test('the PDF is A4 landscape and its text reads back: name, course, hours and code, accents right', async () => {
    const { user, cookie } = await master('Conceição Araújo');
    const { course, lessonIds } = courseWithLessons(1, { title: 'Termodinâmica Aplicada à Refrigeração', duration: '24 horas' });
    markDone(user.id, course.id, lessonIds);
    const code = await issuedCode(cookie, course.id);
    const response = await download(code);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Disposition')).toContain(`certificado-e-engenharia-${code}.pdf`);
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    const document = await getDocumentProxy(bytes);
    const page = await document.getPage(1);
    const [, , width, height] = page.view;
    expect(Math.round(width)).toBe(842);
    expect(Math.round(height)).toBe(595);
    const text = await pdfText(response);
    for (const expected of [
      'CERTIFICADO DE CONCLUSÃO',
      'Conceição Araújo',
      'Termodinâmica Aplicada à Refrigeração',
      '24 horas',
      code,
      'Eng. Joana Araújo',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain(user.username);
  });

  test("an unknown code is 'Certificado não encontrado'; after 30 misses an address is refused, even a right code", async () => {
    const { user, cookie } = await master();
    const { course, lessonIds } = courseWithLessons(1);
    markDone(user.id, course.id, lessonIds);
    const code = await issuedCode(cookie, course.id);
    const missing = await verify('0'.repeat(26), '203.0.113.9');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ kind: 'refused', message: CERTIFICATE_MESSAGES.notFound });
    for (let i = 0; i < 29; i += 1) expect((await verify(`garbage-${i}`, '203.0.113.9')).status).toBe(404);
    const limited = await verify(code, '203.0.113.9');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toMatch(/^Muitas tentativas/);
    expect((await verify(code, '203.0.113.10')).status).toBe(200);
    // A found code costs nothing: many lookups of it from one address all answer.
    for (let i = 0; i < 40; i += 1) expect((await verify(code, '203.0.113.11')).status).toBe(200);
  });
});

describe('revocation', () => {
  test("an admin revokes (audited): the page says 'revogado', the PDF is gone, and the user cannot issue it again", async () => {
    const { user, cookie } = await master();
    const adminUser = await createUser({ role: 'admin' });
    const admin = { user: adminUser, cookie: await sessionCookie(adminUser) };
    const { course, lessonIds } = courseWithLessons(1);
    markDone(user.id, course.id, lessonIds);
    const code = await issuedCode(cookie, course.id);
    const row = db.select().from(certificates).where(eq(certificates.code, code)).get()!;

    const list = (await (
      await call(adminCertificates.loader, getRequest(`/admin/certificates?course=${course.id}`, { cookie: admin.cookie }))
    ).json()) as { items: { code: string }[] };
    expect(list.items.map((item) => item.code)).toEqual([code]);

    const byUser = await call(
      adminCertificates.action,
      formRequest('/admin/certificates', { intent: 'revoke', certificateId: String(row.id) }, { cookie }),
    );
    expectRedirect(byUser, '/dashboard');
    expect(db.select().from(certificates).where(eq(certificates.id, row.id)).get()!.status).toBe('valid');

    const bad = await call(
      adminCertificates.action,
      formRequest('/admin/certificates', { intent: 'revoke', certificateId: 'abc' }, { cookie: admin.cookie }),
      {},
      { toast: { pending: null } },
    );
    expect(bad.status).toBe(400);

    const revoked = await call(
      adminCertificates.action,
      formRequest(
        `/admin/certificates?course=${course.id}&confirm=${row.id}`,
        { intent: 'revoke', certificateId: String(row.id) },
        { cookie: admin.cookie },
      ),
    );
    expectRedirect(revoked, `/admin/certificates?course=${course.id}`);
    const audit = db.select().from(auditLog).where(eq(auditLog.action, 'certificate.revoke')).all();
    expect(audit.map((entry) => entry.entityId)).toContain(row.id);

    const page = (await (await verify(code)).json()) as { certificate: { status: string } };
    expect(page.certificate.status).toBe('revoked');
    expect((await download(code)).status).toBe(404);
    expect((await issue(cookie, course.id)).status).toBe(409);
    const again = await call(
      adminCertificates.action,
      formRequest('/admin/certificates', { intent: 'revoke', certificateId: String(row.id) }, { cookie: admin.cookie }),
      {},
      { toast: { pending: null } },
    );
    expect(again.status).toBe(409);
  });

  test('deleting the account revokes its certificates and blanks the name; the export lists them before', async () => {
    const { user, cookie } = await master('Renata Lúcia');
    const { course, lessonIds } = courseWithLessons(1);
    markDone(user.id, course.id, lessonIds);
    const code = await issuedCode(cookie, course.id);
    const exported = exportPersonalData(user.id);
    expect(exported.certificates).toEqual([
      expect.objectContaining({ code, status: 'valid', courseTitle: course.title, hours: '12 horas' }),
    ]);

    await deleteOwnAccount(user.id, user.plainPassword, '127.0.0.92');
    const row = db.select().from(certificates).where(eq(certificates.code, code)).get()!;
    expect(row).toMatchObject({ status: 'revoked', holderName: '', userId: null });
    const text = await (await verify(code)).text();
    expect(text).toContain('"status":"revoked"');
    expect(text).not.toContain('Renata');
  });
});
