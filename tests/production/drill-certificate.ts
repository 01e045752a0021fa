import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { extractText, getDocumentProxy } from 'unpdf';
import { courses, lessons } from '../../db/schema';
import { call, type Client } from './load-client';

/**
 * The recovery drill's certificate (issue 29, item 6: "certificates verify"): a course of one lesson
 * is put in the database before the server starts (the drill's database has no demo data), an
 * E-MASTER client marks the lesson done and issues the certificate through the course page's form
 * before the kill, and after the restore a visitor verifies it: the public page and its PDF.
 */

export const DRILL_HOLDER = 'Renata Quintela Barros';
const COURSE_TITLE = 'Recuperação de Desastres — Instalações Elétricas';

/** A free, visible course with one lesson, written straight into the prepared database. */
export function addDrillCourse(dbPath: string): { courseId: number; lessonId: number } {
  const sqlite = new Database(dbPath, { fileMustExist: true });
  try {
    const db = drizzle(sqlite);
    const course = db
      .insert(courses)
      .values({
        title: COURSE_TITLE,
        titleKey: 'recuperacao de desastres — instalacoes eletricas',
        description: 'Curso do ensaio de recuperação.',
        category: 'electrical',
        instructor: 'Eng. Joana Araújo',
        duration: '4 horas',
        level: 'beginner',
      })
      .returning({ id: courses.id })
      .get();
    const lesson = db
      .insert(lessons)
      .values({ courseId: course.id, title: 'Aula única', description: 'Aula do ensaio.', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' })
      .returning({ id: lessons.id })
      .get();
    return { courseId: course.id, lessonId: lesson.id };
  } finally {
    sqlite.close();
  }
}

async function postForm(url: string, path: string, client: Client, fields: Record<string, string>): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { Cookie: client.cookie, Origin: url, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Real-IP': client.address },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
}

/** The E-MASTER client names itself, completes the course and issues its certificate; returns the code. */
export async function issueDrillCertificate(url: string, client: Client, course: { courseId: number; lessonId: number }): Promise<string> {
  const named = await call({ url }, '/api/profile', { method: 'PATCH', body: { fullName: DRILL_HOLDER }, cookie: client.cookie });
  if (named.status !== 200) throw new Error(`PATCH /api/profile: ${named.status} ${JSON.stringify(named.body)}`);
  const done = await postForm(url, `/courses/${course.courseId}`, client, {
    intent: 'progress',
    lessonId: String(course.lessonId),
    done: 'true',
  });
  if (![302, 303].includes(done.status)) throw new Error(`progress: ${done.status} ${await done.text()}`);
  const issued = await postForm(url, `/courses/${course.courseId}`, client, { intent: 'certificate' });
  const code = /^\/certificados\/([0-9A-Z]{26})$/.exec(issued.headers.get('Location') ?? '')?.[1];
  if (!code) throw new Error(`certificate: ${issued.status} ${issued.headers.get('Location')} ${await issued.text()}`);
  return code;
}

/** What a stranger sees of a code, without a session: the verification page's text and the PDF's text. */
export async function verifyAsVisitor(url: string, code: string) {
  const page = await fetch(`${url}/certificados/${code}`);
  const pdf = await fetch(`${url}/certificados/${code}/pdf`);
  const pdfBytes = new Uint8Array(await pdf.arrayBuffer());
  const pdfText =
    pdf.status === 200 ? (await extractText(await getDocumentProxy(pdfBytes), { mergePages: true })).text.replace(/\s+/g, ' ') : '';
  return {
    pageStatus: page.status,
    pageText: (await page.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
    pdfStatus: pdf.status,
    pdfType: pdf.headers.get('Content-Type'),
    pdfText,
  };
}
