import { COURSE_ACCESS_MESSAGES } from '~/models/courses/access.server';
import { CONTENT_MESSAGES, deleteLesson, updateLesson } from '~/models/courses/content.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { lessonInputSchema } from '~/schemas/course';
import { apiAction, idParam, readJson } from '~/utils/api.server';

const ids = (params: Record<string, string | undefined>) =>
  [idParam(params.id, COURSE_ACCESS_MESSAGES.notFound), idParam(params.lessonId, CONTENT_MESSAGES.lessonNotFound)] as const;

export const action = apiAction({
  /** Admin: the whole lesson (an omitted order keeps the current one) → the lesson. */
  PUT: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const [courseId, lessonId] = ids(params);
    const input = await readJson(request, lessonInputSchema);
    return updateLesson(admin, courseId, lessonId, input);
  },
  /** Admin: the lesson with its materials and everyone's progress on it. */
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const [courseId, lessonId] = ids(params);
    deleteLesson(admin, courseId, lessonId);
    return { message: 'Aula removida' };
  },
});
