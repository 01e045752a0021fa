import { and, asc, desc, eq, max, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import {
  courseGrants,
  courses,
  lessonProgress,
  lessons,
  materials,
  type LessonRow,
  type MaterialRow,
  type UserRow,
} from '../../../db/schema';
import type { LessonInput, MaterialInput } from '../../schemas/course';
import { AppError } from '../../utils/errors';
import { lessonVideo, type LessonVideo } from '../../utils/video';
import { describeChanges, recordAudit, type AuditActor } from '../audit/audit.server';
import { loadCourseFor, loadOpenCourseFor, type CourseAccess } from './access.server';
import { progressFor, toCourseView, type CourseProgress, type CourseView } from './course.server';

/**
 * What is inside a course: lessons (ordered, each with its video and materials), materials of
 * the whole course, and each user's progress. Nothing here leaves the server for a viewer
 * without access: every read goes through loadOpenCourseFor (403).
 */

type Viewer = Pick<UserRow, 'id' | 'role'>;

export const CONTENT_MESSAGES = {
  lessonNotFound: 'Aula não encontrada',
  materialNotFound: 'Material não encontrado',
  lessonOfOtherCourse: 'A aula escolhida não pertence a este curso',
} as const;

export type MaterialView = {
  id: number;
  courseId: number;
  lessonId: number | null;
  title: string;
  description: string | null;
  fileUrl: string;
  fileType: string;
  iconType: MaterialRow['iconType'];
  downloadable: boolean;
  createdAt: string;
};

export type LessonView = {
  id: number;
  courseId: number;
  title: string;
  description: string;
  youtubeUrl: string;
  videoSource: LessonRow['videoSource'];
  order: number;
  createdAt: string;
  video: LessonVideo;
};

export const toMaterialView = (row: MaterialRow): MaterialView => ({
  id: row.id,
  courseId: row.courseId,
  lessonId: row.lessonId,
  title: row.title,
  description: row.description,
  fileUrl: row.fileUrl,
  fileType: row.fileType,
  iconType: row.iconType,
  downloadable: row.downloadable,
  createdAt: row.createdAt.toISOString(),
});

export const toLessonView = (row: LessonRow): LessonView => ({
  id: row.id,
  courseId: row.courseId,
  title: row.title,
  description: row.description,
  youtubeUrl: row.youtubeUrl,
  videoSource: row.videoSource,
  order: row.order,
  createdAt: row.createdAt.toISOString(),
  video: lessonVideo(row.videoSource, row.youtubeUrl),
});

const lessonRows = (executor: Executor, courseId: number) =>
  executor.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.order), asc(lessons.id)).all();
const materialRows = (executor: Executor, courseId: number) =>
  executor.select().from(materials).where(eq(materials.courseId, courseId)).orderBy(asc(materials.createdAt), asc(materials.id)).all();

/** GET /api/courses/{id}/lessons: 404 / 403 as the access rule says. */
export function listLessons(viewer: Viewer, courseId: number): LessonView[] {
  loadOpenCourseFor(viewer, courseId);
  return lessonRows(db, courseId).map(toLessonView);
}

/** GET /api/courses/{id}/materials: every material of the course, lesson ones included. */
export function listMaterials(viewer: Viewer, courseId: number): MaterialView[] {
  loadOpenCourseFor(viewer, courseId);
  return materialRows(db, courseId).map(toMaterialView);
}

export type LessonWithMaterials = LessonView & { materials: MaterialView[]; done: boolean };

export type CourseContent = {
  lessons: LessonWithMaterials[];
  /** Materials of the whole course (no lesson): the 'Materiais do Curso' card. */
  courseMaterials: MaterialView[];
  progress: CourseProgress & { nextLessonId: number | null };
};

/** The course page (the specification's 'Course detail' screen): the course, the access state and, only with access, the content. */
export function getCoursePage(
  viewer: Viewer,
  courseId: number,
  now = new Date(),
): { course: CourseView; access: CourseAccess; content: CourseContent | null } {
  const { course, access } = loadCourseFor(viewer, courseId, db, now);
  if (!access.hasAccess) return { course: toCourseView(course), access, content: null };
  const done = new Set(
    db
      .select({ lessonId: lessonProgress.lessonId })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, viewer.id), eq(lessonProgress.courseId, courseId)))
      .all()
      .map((row) => row.lessonId),
  );
  const allMaterials = materialRows(db, courseId).map(toMaterialView);
  const lessonList = lessonRows(db, courseId).map((row) => ({
    ...toLessonView(row),
    materials: allMaterials.filter((material) => material.lessonId === row.id),
    done: done.has(row.id),
  }));
  const finished = lessonList.filter((lesson) => lesson.done).length;
  return {
    course: toCourseView(course),
    access,
    content: {
      lessons: lessonList,
      courseMaterials: allMaterials.filter((material) => material.lessonId === null),
      progress: { done: finished, total: lessonList.length, nextLessonId: lessonList.find((lesson) => !lesson.done)?.id ?? null },
    },
  };
}

function findLesson(executor: Executor, courseId: number, lessonId: number): LessonRow {
  const row = executor
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
    .get();
  if (!row) throw new AppError(404, CONTENT_MESSAGES.lessonNotFound);
  return row;
}

function findMaterial(executor: Executor, courseId: number, materialId: number): MaterialRow {
  const row = executor
    .select()
    .from(materials)
    .where(and(eq(materials.id, materialId), eq(materials.courseId, courseId)))
    .get();
  if (!row) throw new AppError(404, CONTENT_MESSAGES.materialNotFound);
  return row;
}

function assertCourse(executor: Executor, courseId: number) {
  const row = executor.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).get();
  if (!row) throw new AppError(404, 'Curso não encontrado');
}

/** The specification's Business constants: a new lesson goes after the last one unless an order is given. */
function nextOrder(executor: Executor, courseId: number): number {
  const row = executor
    .select({ value: max(lessons.order) })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .get();
  return (row?.value ?? 0) + 1;
}

const LESSON_FIELDS = ['title', 'description', 'youtubeUrl', 'videoSource', 'order'] as const;
const MATERIAL_FIELDS = ['title', 'description', 'fileUrl', 'fileType', 'iconType', 'downloadable', 'lessonId'] as const;

export function createLesson(actor: AuditActor, courseId: number, input: LessonInput): LessonView {
  return db.transaction((tx) => {
    assertCourse(tx, courseId);
    const row = tx
      .insert(lessons)
      .values({
        courseId,
        title: input.title,
        description: input.description,
        youtubeUrl: input.youtubeUrl,
        videoSource: input.videoSource,
        order: input.order ?? nextOrder(tx, courseId),
      })
      .returning()
      .get();
    recordAudit(tx, actor, {
      action: 'lesson.create',
      entityType: 'lesson',
      entityId: row.id,
      summary: `curso #${courseId}: ${row.title} (ordem ${row.order})`,
    });
    return toLessonView(row);
  });
}

/** PUT: the whole lesson; an omitted order keeps the current one. */
export function updateLesson(actor: AuditActor, courseId: number, lessonId: number, input: LessonInput): LessonView {
  return db.transaction((tx) => {
    assertCourse(tx, courseId);
    const before = findLesson(tx, courseId, lessonId);
    const after = tx
      .update(lessons)
      .set({
        title: input.title,
        description: input.description,
        youtubeUrl: input.youtubeUrl,
        videoSource: input.videoSource,
        order: input.order ?? before.order,
      })
      .where(eq(lessons.id, lessonId))
      .returning()
      .get();
    const summary = describeChanges(before, after, LESSON_FIELDS);
    if (summary) recordAudit(tx, actor, { action: 'lesson.update', entityType: 'lesson', entityId: lessonId, summary });
    return toLessonView(after);
  });
}

/** Deletes a lesson with its materials and everyone's progress on it (foreign keys cascade). */
export function deleteLesson(actor: AuditActor, courseId: number, lessonId: number): void {
  db.transaction((tx) => {
    assertCourse(tx, courseId);
    const before = findLesson(tx, courseId, lessonId);
    tx.delete(lessons).where(eq(lessons.id, lessonId)).run();
    recordAudit(tx, actor, {
      action: 'lesson.delete',
      entityType: 'lesson',
      entityId: lessonId,
      summary: `curso #${courseId}: ${before.title}`,
    });
  });
}

function assertLessonOfCourse(executor: Executor, courseId: number, lessonId: number | null) {
  if (lessonId === null) return;
  const row = executor.select({ courseId: lessons.courseId }).from(lessons).where(eq(lessons.id, lessonId)).get();
  if (!row || row.courseId !== courseId) throw new AppError(400, CONTENT_MESSAGES.lessonOfOtherCourse, 'lessonId');
}

export function createMaterial(actor: AuditActor, courseId: number, input: MaterialInput): MaterialView {
  return db.transaction((tx) => {
    assertCourse(tx, courseId);
    assertLessonOfCourse(tx, courseId, input.lessonId);
    const row = tx
      .insert(materials)
      .values({ courseId, ...input })
      .returning()
      .get();
    recordAudit(tx, actor, {
      action: 'material.create',
      entityType: 'material',
      entityId: row.id,
      summary: `curso #${courseId}: ${row.title}`,
    });
    return toMaterialView(row);
  });
}

export function updateMaterial(actor: AuditActor, courseId: number, materialId: number, input: MaterialInput): MaterialView {
  return db.transaction((tx) => {
    assertCourse(tx, courseId);
    const before = findMaterial(tx, courseId, materialId);
    assertLessonOfCourse(tx, courseId, input.lessonId);
    const after = tx.update(materials).set(input).where(eq(materials.id, materialId)).returning().get();
    const summary = describeChanges(before, after, MATERIAL_FIELDS);
    if (summary) recordAudit(tx, actor, { action: 'material.update', entityType: 'material', entityId: materialId, summary });
    return toMaterialView(after);
  });
}

export function deleteMaterial(actor: AuditActor, courseId: number, materialId: number): void {
  db.transaction((tx) => {
    assertCourse(tx, courseId);
    const before = findMaterial(tx, courseId, materialId);
    tx.delete(materials).where(eq(materials.id, materialId)).run();
    recordAudit(tx, actor, {
      action: 'material.delete',
      entityType: 'material',
      entityId: materialId,
      summary: `curso #${courseId}: ${before.title}`,
    });
  });
}

/** Marks (or unmarks) a lesson as done for a viewer who may open the course; answers the course's progress. */
export function setLessonDone(viewer: Viewer, courseId: number, lessonId: number, done: boolean, now = new Date()): CourseProgress {
  return db.transaction((tx) => {
    loadOpenCourseFor(viewer, courseId, tx, now);
    findLesson(tx, courseId, lessonId);
    if (done) {
      tx.insert(lessonProgress)
        .values({ userId: viewer.id, lessonId, courseId, completedAt: now })
        .onConflictDoUpdate({ target: [lessonProgress.userId, lessonProgress.lessonId], set: { completedAt: now } })
        .run();
    } else {
      tx.delete(lessonProgress)
        .where(and(eq(lessonProgress.userId, viewer.id), eq(lessonProgress.lessonId, lessonId)))
        .run();
    }
    return progressFor(viewer.id, [courseId]).get(courseId) ?? { done: 0, total: 0 };
  });
}

export type RecentCourse = { id: number; title: string; progress: CourseProgress; nextLessonId: number | null };

/**
 * The course the viewer last marked a lesson in, among those they may still open (admins: any;
 * others: visible, and free or with an entitlement in force), with its progress and the first
 * lesson not done: one prepared statement, walking lesson_progress_user_completed_idx from the
 * newest row, with each count on an index (lessons_course_order_idx, lesson_progress_user_course_idx).
 */
const lastCourseStatement = preparedQuery(() => {
  const userId = sql.placeholder('userId');
  const now = sql.placeholder('now');
  const isAdmin = sql.placeholder('isAdmin');
  return db
    .select({
      id: courses.id,
      title: courses.title,
      total: sql<number>`(select count(*) from ${lessons} l where l.course_id = ${courses.id})`,
      done: sql<number>`(select count(*) from ${lessonProgress} d where d.user_id = ${userId} and d.course_id = ${courses.id})`,
      nextLessonId: sql<number | null>`(select l.id from ${lessons} l where l.course_id = ${courses.id}
        and not exists (select 1 from ${lessonProgress} d where d.user_id = ${userId} and d.lesson_id = l.id)
        order by l."order", l.id limit 1)`,
    })
    .from(lessonProgress)
    .innerJoin(courses, eq(courses.id, lessonProgress.courseId))
    .where(
      and(
        eq(lessonProgress.userId, userId),
        sql`(${isAdmin} = 1 or (${courses.isHidden} = 0 and ((${courses.requiresPromoCode} = 0 and ${courses.priceCents} is null)
          or exists (select 1 from ${courseGrants} g where g.user_id = ${userId} and g.course_id = ${courses.id} and g.active = 1
            and g.starts_at <= ${now} and (g.ends_at is null or g.ends_at > ${now})))))`,
      ),
    )
    .orderBy(desc(lessonProgress.completedAt))
    .limit(1)
    .prepare();
});

/** The dashboard's Cursos card (E-MASTER and admin): the course last worked on, with where to go on; null if none. */
export function lastCourseWorkedOn(viewer: Viewer, now = new Date()): RecentCourse | null {
  const row = lastCourseStatement().get({ userId: viewer.id, now: now.getTime(), isAdmin: viewer.role === 'admin' ? 1 : 0 });
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    progress: { done: Math.min(row.done, row.total), total: row.total },
    nextLessonId: row.nextLessonId,
  };
}

/** Where 'Continuar de onde parou' leads: the content tab with that lesson open. */
export const continueHref = (courseId: number, lessonId: number) =>
  `/courses/${courseId}?${new URLSearchParams({ tab: 'content', lesson: String(lessonId) })}#lesson-${lessonId}`;
