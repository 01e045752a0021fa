import { and, asc, count, desc, eq, exists, sql, type SQL } from 'drizzle-orm';
import { databaseVersion, db, preparedQuery, preparedShapes, sqliteConnection, type Executor } from '../../../db/client';
import { courseGrants, courses, lessonProgress, type CourseRow, type UserRow } from '../../../db/schema';
import type { CourseInput, CoursePatch } from '../../schemas/course';
import type { CourseListQuery } from '../../schemas/course-list';
import { AppError } from '../../utils/errors';
import { sortKey } from '../../utils/fold';
import { formatCents } from '../../utils/format';
import { likePattern, listQuerySchema, paginate, type Page } from '../../utils/pagination.server';
import { COURSE_CATEGORIES, type CourseCategory } from '../../utils/value-sets';
import { describeChanges, recordAudit, type AuditActor } from '../audit/audit.server';
import {
  COURSE_ACCESS_MESSAGES,
  courseAccess,
  grantInForce,
  grantsInForce,
  grantTime,
  inJsonIds,
  type CourseAccess,
} from './access.server';
import { lessonTotalsFor } from './lesson-totals.server';

type Viewer = Pick<UserRow, 'id' | 'role'>;

/** A course as the API and pages receive it (the specification's Entities), the price as a decimal string in reais. */
export type CourseView = {
  id: number;
  title: string;
  description: string;
  category: CourseRow['category'];
  instructor: string;
  duration: string;
  level: CourseRow['level'];
  imageUrl: string | null;
  isHidden: boolean;
  requiresPromoCode: boolean;
  /** '199.90', or null when the course is not for sale. */
  price: string | null;
  /** 'R$ 199,90', or null. */
  priceLabel: string | null;
  createdAt: string;
  createdBy: number | null;
};

export const centsToDecimal = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

export function toCourseView(row: CourseRow): CourseView {
  return {
    ...toCatalogueCourse(row),
    imageUrl: row.imageUrl,
    price: centsToDecimal(row.priceCents),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

export type CourseProgress = { done: number; total: number };

const ORDER_BY: Record<CourseListQuery['sort'], SQL[]> = {
  recent: [desc(courses.createdAt), desc(courses.id)],
  'name-asc': [asc(courses.titleKey), asc(courses.id)],
  'name-desc': [desc(courses.titleKey), desc(courses.id)],
};

const lessonsDone = preparedQuery(() =>
  db
    .select({ courseId: lessonProgress.courseId, done: count() })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, sql.placeholder('userId')), inJsonIds(lessonProgress.courseId, 'courseIds')))
    .groupBy(lessonProgress.courseId)
    .prepare(),
);

/** Lessons the user finished per course, for a page of courses. */
function lessonsDoneBy(userId: number, courseIds: number[]): Map<number, number> {
  if (courseIds.length === 0) return new Map();
  return new Map(
    lessonsDone()
      .all({ userId, courseIds: JSON.stringify(courseIds) })
      .map((row) => [row.courseId, row.done]),
  );
}

/** Lessons per course and lessons the user finished per course, for a page of courses (two grouped queries, also inside a caller's transaction). */
export function progressFor(userId: number, courseIds: number[]): Map<number, CourseProgress> {
  const result = new Map<number, CourseProgress>();
  if (courseIds.length === 0) return result;
  const ids = JSON.stringify(courseIds);
  const totals = lessonTotalsFor(courseIds);
  const doneBy = new Map(
    lessonsDone()
      .all({ userId, courseIds: ids })
      .map((row) => [row.courseId, row.done]),
  );
  for (const [courseId, total] of totals) result.set(courseId, { done: Math.min(doneBy.get(courseId) ?? 0, total), total });
  return result;
}

/** Which filters a catalogue query has: each shape is one pair of prepared statements (count and rows per sort). */
type CatalogueShape = { isAdmin: boolean; unlocked: boolean; q: boolean; level: boolean; category: boolean };

/** The catalogue's condition for a shape, its values as placeholders (userId, now, q, level, category). */
function catalogueWhere(shape: CatalogueShape): SQL | undefined {
  return and(
    shape.isAdmin ? undefined : eq(courses.isHidden, false),
    shape.unlocked
      ? and(
          eq(courses.requiresPromoCode, true),
          shape.isAdmin
            ? undefined
            : exists(
                db
                  .select({ one: sql`1` })
                  .from(courseGrants)
                  .where(
                    and(
                      eq(courseGrants.courseId, courses.id),
                      eq(courseGrants.userId, sql.placeholder('userId')),
                      grantInForce(sql.placeholder('now')),
                    ),
                  ),
              ),
        )
      : undefined,
    shape.q ? sql`${courses.titleKey} like ${sql.placeholder('q')} escape '\\'` : undefined,
    shape.level ? eq(courses.level, sql.placeholder('level')) : undefined,
    shape.category ? eq(courses.category, sql.placeholder('category')) : undefined,
  );
}

const buildCatalogueCount = (shape: CatalogueShape) => db.select({ value: count() }).from(courses).where(catalogueWhere(shape)).prepare();
const buildCatalogueRows = ({ sort, ...shape }: CatalogueShape & { sort: CourseListQuery['sort'] }) =>
  db
    .select()
    .from(courses)
    .where(catalogueWhere(shape))
    .orderBy(...ORDER_BY[sort])
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
const buildCatalogueCategories = (isAdmin: boolean) =>
  db
    .selectDistinct({ category: courses.category })
    .from(courses)
    .where(isAdmin ? undefined : eq(courses.isHidden, false))
    .prepare();

const catalogueCount = preparedShapes(buildCatalogueCount);
const catalogueRows = preparedShapes(buildCatalogueRows);
const catalogueCategories = preparedShapes(buildCatalogueCategories);

/** A course as a catalogue card shows it: the page's loader data carries nothing else (no price as a decimal, dates or author). */
export type CatalogueCourse = Pick<
  CourseView,
  'id' | 'title' | 'description' | 'category' | 'instructor' | 'duration' | 'level' | 'isHidden' | 'requiresPromoCode' | 'priceLabel'
>;

/** A catalogue card: the course, the viewer's access state and, when it is open, their progress. */
export type CourseCard = CatalogueCourse & { access: CourseAccess; progress: CourseProgress | null };

/** What a catalogue page is for every viewer of one role and query: its courses, their lesson counts, the tabs. */
type SharedCataloguePage = Page<{ course: CatalogueCourse; priceCents: number | null; lessons: number }> & {
  categories: CourseCategory[];
};

/** The fields of a course every view of it carries (a catalogue card carries only these). */
function toCatalogueCourse(row: CourseRow): CatalogueCourse {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    instructor: row.instructor,
    duration: row.duration,
    level: row.level,
    isHidden: row.isHidden,
    requiresPromoCode: row.requiresPromoCode,
    priceLabel: row.priceCents === null ? null : formatCents(row.priceCents),
  };
}

/** The page, its count and the categories for a query: four statements (rows, count, lesson totals, categories). */
function readCataloguePage(
  shape: CatalogueShape,
  query: CourseListQuery,
  values: { userId: number; now: unknown; q: string | null; level: string | null; category: string | null },
): SharedCataloguePage {
  const page = paginate(query, {
    count: () => catalogueCount(shape).get(values)?.value ?? 0,
    rows: (limit, offset) => catalogueRows({ ...shape, sort: query.sort }).all({ ...values, limit, offset }),
  });
  const lessonsOf = lessonTotalsFor(page.items.map((row) => row.id));
  const present = new Set(
    catalogueCategories(shape.isAdmin)
      .all()
      .map((row) => row.category),
  );
  return {
    ...page,
    items: page.items.map((row) => ({ course: toCatalogueCourse(row), priceCents: row.priceCents, lessons: lessonsOf.get(row.id) ?? 0 })),
    categories: COURSE_CATEGORIES.filter((category) => present.has(category)),
  };
}

/**
 * Catalogue pages kept until the database version moves (any write, from this process or another: a course edited,
 * hidden, added, a lesson added), per role and query; at most CATALOGUE_PAGES_KEPT of them. A non-admin's 'Desbloqueados'
 * depends on their own grants and is read every time.
 */
const CATALOGUE_PAGES_KEPT = 500;
let cataloguePages: { connection: object; version: string; pages: Map<string, SharedCataloguePage> } | null = null;

function cachedCataloguePage(shape: CatalogueShape, query: CourseListQuery, values: Parameters<typeof readCataloguePage>[2]) {
  if (shape.unlocked && !shape.isAdmin) return readCataloguePage(shape, query, values);
  // The version is per connection: a reopened database may count from the same numbers again.
  const connection = sqliteConnection();
  const version = databaseVersion();
  if (cataloguePages?.version !== version || cataloguePages.connection !== connection) {
    cataloguePages = { connection, version, pages: new Map() };
  }
  const key = `${shape.isAdmin ? 'a' : 'u'}|${shape.unlocked ? 1 : 0}|${query.sort}|${query.page}|${query.perPage}|${values.q ?? ''}|${values.level ?? ''}|${values.category ?? ''}`;
  let page = cataloguePages.pages.get(key);
  if (!page) {
    page = readCataloguePage(shape, query, values);
    if (cataloguePages.pages.size >= CATALOGUE_PAGES_KEPT) cataloguePages.pages.clear();
    cataloguePages.pages.set(key, page);
  }
  return page;
}

/**
 * The catalogue (the specification's Screens and routes): the courses the viewer may see (hidden ones only for admins),
 * searched by title (accents and case ignored), filtered by level, category and 'Desbloqueados
 * com código' (code courses the viewer has opened; every code course for admins), sorted, paged.
 * `categories` are the categories of the visible courses, for the tabs. What every viewer of a role sees is
 * kept per database version (cachedCataloguePage); the viewer's grants and finished lessons are read per request.
 */
export function listCatalogue(
  viewer: Viewer,
  query: CourseListQuery,
  now = new Date(),
): Page<CourseCard> & { categories: CourseCategory[] } {
  const isAdmin = viewer.role === 'admin';
  const shape: CatalogueShape = {
    isAdmin,
    unlocked: query.filter === 'unlocked',
    q: Boolean(query.q),
    level: Boolean(query.level),
    category: Boolean(query.category),
  };
  const page = cachedCataloguePage(shape, query, {
    userId: viewer.id,
    now: grantTime(now),
    q: query.q ? likePattern(query.q, sortKey) : null,
    level: query.level,
    category: query.category,
  });
  const ids = page.items.map((item) => item.course.id);
  const grants = grantsInForce(viewer.id, ids, now);
  const doneBy = lessonsDoneBy(viewer.id, ids);
  return {
    ...page,
    items: page.items.map(({ course, priceCents, lessons }) => {
      const access = courseAccess(viewer.role, { ...course, priceCents }, grants.get(course.id));
      const progress = access.hasAccess && lessons > 0 ? { done: Math.min(doneBy.get(course.id) ?? 0, lessons), total: lessons } : null;
      return { ...course, access, progress };
    }),
  };
}

/** GET /api/courses: `?q=` (title, accents and case ignored), `?page=`, `?perPage=` (default 50, at most 100). */
export const courseApiListQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: 50, maxPerPage: 100 });

/** GET /api/courses: the visible courses, newest first, paged (hidden ones for admins only); `q` searches the titles. */
export function listCourses(viewer: Viewer, query: { page: number; perPage: number; q?: string }): Page<CourseView> {
  const where = and(
    viewer.role === 'admin' ? undefined : eq(courses.isHidden, false),
    query.q ? sql`${courses.titleKey} like ${likePattern(query.q, sortKey)} escape '\\'` : undefined,
  );
  return paginate(query, {
    count: () => db.select({ value: count() }).from(courses).where(where).get()?.value ?? 0,
    rows: (limit, offset) =>
      db
        .select()
        .from(courses)
        .where(where)
        .orderBy(desc(courses.createdAt), desc(courses.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map(toCourseView),
  });
}

/** Admin lists: every course (hidden too), by title, for pickers such as the promo-code form. */
const courseOptions = preparedQuery(() =>
  db
    .select({ id: courses.id, title: courses.title, isHidden: courses.isHidden })
    .from(courses)
    .orderBy(asc(courses.titleKey), asc(courses.id))
    .prepare(),
);

export function listCourseOptions(): { id: number; title: string; isHidden: boolean }[] {
  return courseOptions().all();
}

const AUDITED_FIELDS = [
  'title',
  'description',
  'category',
  'instructor',
  'duration',
  'level',
  'imageUrl',
  'isHidden',
  'requiresPromoCode',
  'priceCents',
] as const;

function courseValues(input: CourseInput) {
  return {
    title: input.title,
    titleKey: sortKey(input.title),
    description: input.description,
    category: input.category,
    instructor: input.instructor,
    duration: input.duration,
    level: input.level,
    imageUrl: input.imageUrl,
    isHidden: input.isHidden,
    requiresPromoCode: input.requiresPromoCode,
    priceCents: input.price,
  };
}

function findCourse(executor: Executor, id: number): CourseRow {
  const row = executor.select().from(courses).where(eq(courses.id, id)).get();
  if (!row) throw new AppError(404, COURSE_ACCESS_MESSAGES.notFound);
  return row;
}

export function createCourse(actor: AuditActor, input: CourseInput): CourseView {
  return db.transaction((tx) => {
    const row = tx
      .insert(courses)
      .values({ ...courseValues(input), createdBy: actor.id })
      .returning()
      .get();
    recordAudit(tx, actor, { action: 'course.create', entityType: 'course', entityId: row.id, summary: `criado: ${row.title}` });
    return toCourseView(row);
  });
}

/** PATCH semantics: only the given fields change. */
export function updateCourse(actor: AuditActor, id: number, patch: CoursePatch): CourseView {
  return db.transaction((tx) => {
    const before = findCourse(tx, id);
    const changes: Partial<typeof courses.$inferInsert> = {};
    if (patch.title !== undefined) Object.assign(changes, { title: patch.title, titleKey: sortKey(patch.title) });
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.category !== undefined) changes.category = patch.category;
    if (patch.instructor !== undefined) changes.instructor = patch.instructor;
    if (patch.duration !== undefined) changes.duration = patch.duration;
    if (patch.level !== undefined) changes.level = patch.level;
    if (patch.imageUrl !== undefined) changes.imageUrl = patch.imageUrl;
    if (patch.isHidden !== undefined) changes.isHidden = patch.isHidden;
    if (patch.requiresPromoCode !== undefined) changes.requiresPromoCode = patch.requiresPromoCode;
    if (patch.price !== undefined) changes.priceCents = patch.price;
    const after = Object.keys(changes).length > 0 ? tx.update(courses).set(changes).where(eq(courses.id, id)).returning().get() : before;
    const summary = describeChanges(before, after, AUDITED_FIELDS);
    if (summary) recordAudit(tx, actor, { action: 'course.update', entityType: 'course', entityId: id, summary });
    return toCourseView(after);
  });
}

/** Shows or hides a course; without `isHidden` it flips the current state. */
export function setCourseVisibility(actor: AuditActor, id: number, isHidden?: boolean): CourseView {
  return db.transaction((tx) => {
    const before = findCourse(tx, id);
    const next = isHidden ?? !before.isHidden;
    const after = tx.update(courses).set({ isHidden: next }).where(eq(courses.id, id)).returning().get();
    if (before.isHidden !== next) {
      recordAudit(tx, actor, {
        action: 'course.visibility',
        entityType: 'course',
        entityId: id,
        summary: `isHidden: ${before.isHidden} → ${next}`,
      });
    }
    return toCourseView(after);
  });
}

/** Sets or clears (null) a course's price in cents; the admin 'Prices' tab and API use it. */
export function setCoursePrice(actor: AuditActor, id: number, priceCents: number | null): CourseView {
  return db.transaction((tx) => {
    const before = findCourse(tx, id);
    const after = tx.update(courses).set({ priceCents }).where(eq(courses.id, id)).returning().get();
    const summary = describeChanges(before, after, ['priceCents']);
    if (summary) recordAudit(tx, actor, { action: 'course.price', entityType: 'course', entityId: id, summary });
    return toCourseView(after);
  });
}

/**
 * Deletes a course and, in the same transaction, its lessons, materials, progress, grants and
 * course codes (foreign keys with ON DELETE CASCADE); payments keep their row (course_id set null).
 */
export function deleteCourse(actor: AuditActor, id: number): void {
  db.transaction((tx) => {
    const before = findCourse(tx, id);
    tx.delete(courses).where(eq(courses.id, id)).run();
    recordAudit(tx, actor, { action: 'course.delete', entityType: 'course', entityId: id, summary: `excluído: ${before.title}` });
  });
}

/** GET /api/courses/{id}: the course if the viewer may see it (404 otherwise). */
export function getCourse(viewer: Viewer, id: number): CourseView {
  const row = db.select().from(courses).where(eq(courses.id, id)).get();
  if (!row || (row.isHidden && viewer.role !== 'admin')) throw new AppError(404, COURSE_ACCESS_MESSAGES.notFound);
  return toCourseView(row);
}
