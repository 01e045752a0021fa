import { COURSE_ACCESS_MESSAGES, requireApiCourseReader } from '~/models/courses/access.server';
import { createMaterial, listMaterials } from '~/models/courses/content.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { materialInputSchema } from '~/schemas/course';
import { apiAction, apiLoader, idParam, jsonResponse, readJson } from '~/utils/api.server';

/** GET /api/courses/{id}/materials: every material of the course, lesson ones included; 403 without access, 404 hidden or missing. */
export const loader = apiLoader(async ({ request, params }) => {
  const user = await requireApiCourseReader(request);
  return listMaterials(user, idParam(params.id, COURSE_ACCESS_MESSAGES.notFound));
});

/** POST /api/courses/{id}/materials (admin): title, fileUrl (http/https), fileType, iconType, downloadable, description?, lessonId? → 201 material. */
export const action = apiAction({
  POST: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const courseId = idParam(params.id, COURSE_ACCESS_MESSAGES.notFound);
    const input = await readJson(request, materialInputSchema);
    return jsonResponse(createMaterial(admin, courseId, input), { status: 201 });
  },
});
