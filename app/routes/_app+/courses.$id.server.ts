import { type ActionFunctionArgs } from '@remix-run/node';
import { SESSION_MESSAGES } from '~/models/accounts/auth.server';
import { activatePromoCode } from '~/models/courses/promo-code.server';
import { COURSE_ACCESS_MESSAGES, loadCourseFor, requireCourseReader } from '~/models/courses/access.server';
import { issueCourseCertificate } from '~/models/assessments/certificate.server';
import {
  createLesson,
  createMaterial,
  deleteLesson,
  deleteMaterial,
  setLessonDone,
  updateLesson,
  updateMaterial,
} from '~/models/courses/content.server';
import { certificateIssueSchema } from '~/schemas/certificate';
import { courseCodeSchema, lessonInputSchema, materialInputSchema } from '~/schemas/course';
import {
  lessonDeleteSchema,
  lessonProgressSchema,
  lessonUpdateSchema,
  materialDeleteSchema,
  materialUpdateSchema,
} from '~/schemas/course-page';
import { errorResponse, idParam } from '~/utils/api.server';
import { handleForm, intent, orResponse, type FormArgs, type FormIntent } from '~/utils/form.server';
import { redirectWithToast, safeRedirect, type Toast } from '~/utils/toast.server';
import { withParams, type ParamChanges } from '~/utils/url-state';
import { questionBankIntents } from './courses.$id.question-bank.server';

/**
 * The forms of /courses/{id} (its route module re-exports `action`): the learner's intents (a
 * course code, a lesson's progress, the certificate) and the admin's content intents (lessons and
 * materials, and the question bank of `courses.$id.question-bank.server.ts`), each refused with 403 to anyone
 * but an admin before its fields are read.
 */

/** The error catalogue's destructive toast for a refused form, the server's message as its description. */
const refusal =
  (title: string) =>
  (message: string): Toast => ({ title, description: message, type: 'error' });

/** The page after a form: the same tab, without the dialog or confirmation, with `changes`. */
function backTo(request: Request, changes: ParamChanges = {}, hash = '') {
  const url = new URL(request.url);
  return `${url.pathname}${withParams(url.searchParams, { dialog: null, confirm: null, material: null, ...changes })}${hash}`;
}

export async function action(args: ActionFunctionArgs) {
  const { request, params } = args;
  const user = await requireCourseReader(request);
  // A hidden or missing course is the same 404 here as on the page.
  const { course } = orResponse(() => loadCourseFor(user, idParam(params.id, COURSE_ACCESS_MESSAGES.notFound)));
  const courseId = course.id;

  /** Content management is for admins: anyone else gets 403 before the fields are looked at. */
  const adminOnly = (handler: FormIntent): FormIntent =>
    // Keeps the form's field allowance, so the page's body is counted against what its forms can use.
    Object.assign(
      (formData: FormData, formArgs: FormArgs, name: string) => {
        if (user.role !== 'admin') throw errorResponse(403, SESSION_MESSAGES.forbidden);
        return handler(formData, formArgs, name);
      },
      { fields: handler.fields },
    );

  const bankIntents = Object.fromEntries(
    Object.entries(questionBankIntents(user, courseId, request)).map(([name, handler]) => [name, adminOnly(handler)]),
  );

  return handleForm(args, {
    ...bankIntents,
    unlock: intent({
      schema: courseCodeSchema,
      refusalToast: refusal('Erro ao aplicar código'),
      run: async ({ code }) => {
        await activatePromoCode({ userId: user.id, code, courseId });
        return redirectWithToast(`/courses/${courseId}`, {
          title: 'Código promocional aplicado',
          description: 'Você agora tem acesso ao curso!',
          type: 'success',
        });
      },
    }),
    progress: intent({
      schema: lessonProgressSchema,
      run: ({ lessonId, done }) => {
        setLessonDone(user, courseId, lessonId, done);
        return safeRedirect(backTo(request, { tab: 'content', lesson: lessonId }, `#lesson-${lessonId}`));
      },
    }),
    certificate: intent({
      schema: certificateIssueSchema,
      refusalToast: refusal('Erro ao emitir certificado'),
      run: () => {
        const certificate = issueCourseCertificate(user, courseId);
        return redirectWithToast(`/certificados/${certificate.code}`, {
          title: 'Certificado emitido',
          description: certificate.courseTitle,
          type: 'success',
        });
      },
    }),
    'create-lesson': adminOnly(
      intent({
        schema: lessonInputSchema,
        refusalToast: refusal('Erro ao criar aula'),
        run: (value) => {
          const lesson = createLesson(user, courseId, value);
          return redirectWithToast(backTo(request, { lesson: lesson.id }, `#lesson-${lesson.id}`), {
            title: 'Aula criada',
            description: lesson.title,
            type: 'success',
          });
        },
      }),
    ),
    'update-lesson': adminOnly(
      intent({
        schema: lessonUpdateSchema,
        refusalToast: refusal('Erro ao atualizar aula'),
        run: ({ lessonId, ...input }) => {
          const lesson = updateLesson(user, courseId, lessonId, input);
          return redirectWithToast(backTo(request, { lesson: lesson.id }, `#lesson-${lesson.id}`), {
            title: 'Aula atualizada',
            description: lesson.title,
            type: 'success',
          });
        },
      }),
    ),
    'delete-lesson': adminOnly(
      intent({
        schema: lessonDeleteSchema,
        refusalToast: refusal('Erro ao remover aula'),
        run: ({ lessonId }) => {
          deleteLesson(user, courseId, lessonId);
          return redirectWithToast(backTo(request, { lesson: null }), { title: 'Aula removida', type: 'success' });
        },
      }),
    ),
    'create-material': adminOnly(
      intent({
        schema: materialInputSchema,
        refusalToast: refusal('Erro ao criar material'),
        run: (value) => {
          const material = createMaterial(user, courseId, value);
          return redirectWithToast(backTo(request, { lesson: material.lessonId }), {
            title: 'Material criado',
            description: material.title,
            type: 'success',
          });
        },
      }),
    ),
    'update-material': adminOnly(
      intent({
        schema: materialUpdateSchema,
        refusalToast: refusal('Erro ao atualizar material'),
        run: ({ materialId, ...input }) => {
          const material = updateMaterial(user, courseId, materialId, input);
          return redirectWithToast(backTo(request, { lesson: material.lessonId }), {
            title: 'Material atualizado',
            description: material.title,
            type: 'success',
          });
        },
      }),
    ),
    'delete-material': adminOnly(
      intent({
        schema: materialDeleteSchema,
        refusalToast: refusal('Erro ao remover material'),
        run: ({ materialId }) => {
          deleteMaterial(user, courseId, materialId);
          return redirectWithToast(backTo(request), { title: 'Material removido', type: 'success' });
        },
      }),
    ),
  });
}
