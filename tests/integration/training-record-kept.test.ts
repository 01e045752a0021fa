import { describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { courseGrants, lessonProgress } from '../../db/schema';
import { keptTrainingRecordPage } from '~/models/assessments/training-record-kept.server';
import * as trainingPage from '~/routes/_app+/account_.formacao';
import { createCourse, createLessons } from '../setup/factories';
import { call, createUser, getRequest, sessionCookie } from '../setup/helpers';
import { statementsDuring } from './helpers/sql-spy';

/**
 * Issue 33: 'Formação' is kept per person and page between writes. A write (a lesson done) shows on the
 * next view, and a grant that starts or ends changes the page at that moment with no write in between;
 * a view with nothing changed runs none of the record's statements.
 */

let sequence = 0;
const premiumCourse = () => createCourse({ title: `Curso guardado ${String(++sequence).padStart(3, '0')}`, priceCents: 19_900 });

type Record = { record: { items: { courseId: number; lessonsDone: number }[]; total: number } };

describe("'Formação' kept between writes", () => {
  test('a view with nothing written runs none of the record statements; a lesson done shows on the next view', async () => {
    const user = await createUser({ role: 'E-TOOL' });
    const cookie = await sessionCookie(user);
    const course = premiumCourse();
    const [first, second] = createLessons(course.id, ['Aula 1', 'Aula 2']);
    db.insert(lessonProgress).values({ userId: user.id, courseId: course.id, lessonId: first.id, completedAt: new Date() }).run();
    const view = async () => (await (await call(trainingPage.loader, getRequest('/account/formacao', { cookie }))).json()) as Record;

    expect((await view()).record.items).toEqual([expect.objectContaining({ courseId: course.id, lessonsDone: 1 })]);
    const query = { page: 1, perPage: 20 };
    const made = await statementsDuring(() => keptTrainingRecordPage(user, { page: 1, perPage: 19 }));
    const kept = await statementsDuring(() => keptTrainingRecordPage(user, query));
    expect(made).toBeGreaterThan(5);
    expect(kept).toBeLessThanOrEqual(2); // the database's version only

    db.insert(lessonProgress).values({ userId: user.id, courseId: course.id, lessonId: second.id, completedAt: new Date() }).run();
    expect((await view()).record.items).toEqual([expect.objectContaining({ courseId: course.id, lessonsDone: 2 })]);
  });

  test("a grant's start and end change the page when they come, with no write in between", async () => {
    const user = await createUser({ role: 'E-MASTER' });
    const ending = premiumCourse();
    const starting = premiumCourse();
    const now = Date.now();
    const hour = 3_600_000;
    db.insert(courseGrants)
      .values([
        { userId: user.id, courseId: ending.id, source: 'admin', startsAt: new Date(now - hour), endsAt: new Date(now + hour) },
        { userId: user.id, courseId: starting.id, source: 'admin', startsAt: new Date(now + 2 * hour), endsAt: null },
      ])
      .run();
    const listed = (at: number) =>
      keptTrainingRecordPage(user, { page: 1, perPage: 50 }, new Date(at))
        .items.map((item) => item.courseId)
        .filter((id) => id === ending.id || id === starting.id);

    expect(listed(now)).toEqual([ending.id]);
    expect(listed(now + hour / 2)).toEqual([ending.id]);
    expect(listed(now + hour + 1_000)).toEqual([]);
    expect(listed(now + 2 * hour + 1_000)).toEqual([starting.id]);
  });
});
