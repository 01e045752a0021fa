import { COURSE_ACCESS_MESSAGES } from '~/models/courses/access.server';
import { CONTENT_MESSAGES, deleteMaterial, updateMaterial } from '~/models/courses/content.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { materialInputSchema } from '~/schemas/course';
import { apiAction, idParam, readJson } from '~/utils/api.server';

const ids = (params: Record<string, string | undefined>) =>
  [idParam(params.id, COURSE_ACCESS_MESSAGES.notFound), idParam(params.materialId, CONTENT_MESSAGES.materialNotFound)] as const;

export const action = apiAction({
  /** Admin: the whole material → the material. */
  PUT: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const [courseId, materialId] = ids(params);
    const input = await readJson(request, materialInputSchema);
    return updateMaterial(admin, courseId, materialId, input);
  },
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const [courseId, materialId] = ids(params);
    deleteMaterial(admin, courseId, materialId);
    return { message: 'Material removido' };
  },
});
