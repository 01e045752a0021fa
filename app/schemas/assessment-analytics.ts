import { listQuerySchema } from '../utils/list-query';

/** /admin/courses/{id}/avaliacao?page=: the item analysis, 20 questions a page (hardest first). */
export const assessmentAnalyticsQuerySchema = listQuerySchema({ sorts: ['hardest'], perPage: 20, maxPerPage: 50 });
