import { keptUntilWritten } from '../../../db/kept-until-written';
import type { UserRow } from '../../../db/schema';
import type { Page } from '../../utils/pagination.server';
import { grantChangeAfter } from '../courses/grant-changes.server';
import { trainingRecordPage, type TrainingRecordItem } from './training-record.server';

/**
 * 'Formação' as the page shows it, kept per person and page until anything is written to the database
 * (a lesson done, an attempt, a certificate, a grant, a course edited) or a grant of the person starts or
 * ends, whichever comes first: the record's seven statements (about 0.4 ms on the large bench database,
 * a fifth of the page) run once per change instead of once per view. The PDF reads the record itself.
 */

/** The people seen most recently, a page each (a page holds at most 50 courses). */
export const KEPT_RECORD_PAGES = 1_000;
const kept = keptUntilWritten<Page<TrainingRecordItem>>(KEPT_RECORD_PAGES);

export function keptTrainingRecordPage(
  viewer: Pick<UserRow, 'id' | 'role'>,
  query: { page: number; perPage: number },
  now = new Date(),
): Page<TrainingRecordItem> {
  const key = `${viewer.id}:${viewer.role}:${query.page}:${query.perPage}`;
  return kept.get(key, now.getTime(), () => ({
    value: trainingRecordPage(viewer, query, now),
    until: grantChangeAfter(viewer.id, now),
  }));
}
