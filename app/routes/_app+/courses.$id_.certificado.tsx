import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CourseCertificateFields } from '~/components/admin/course-certificate-fields';
import { LightLink } from '~/components/ui/light-link';
import { routeErrorBoundary } from '~/components/ui/route-error';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { COURSE_ACCESS_MESSAGES } from '~/models/courses/access.server';
import { courseCertificateSettings, saveCourseCertificateFields } from '~/models/courses/certificate-fields.server';
import {
  COURSE_CERTIFICATE_FORM_BYTES,
  COURSE_CERTIFICATE_MESSAGES,
  courseCertificateSchema,
  toCertificateFields,
  toCertificateForm,
} from '~/schemas/course-certificate';
import { idParam } from '~/utils/api.server';
import { handleForm, intent, orResponse } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';
import { redirectWithToast } from '~/utils/toast.server';

export const meta: MetaFunction = () =>
  pageMeta('Dados do certificado', 'Carga horária, conteúdo programático, instrutores e responsável técnico.');

/**
 * /courses/{id}/certificado (admins; reached from the course's 'Administração' tab): 'Dados do certificado',
 * what the course's certificates print (issue 31, item 3). Anyone else goes to /dashboard (the admin guard),
 * and a missing course is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const settings = orResponse(() => courseCertificateSettings(idParam(params.id, COURSE_ACCESS_MESSAGES.notFound)));
  return json({ settings, defaults: toCertificateForm(settings.fields) });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await requireAdmin(args.request);
  const courseId = orResponse(() => courseCertificateSettings(idParam(args.params.id, COURSE_ACCESS_MESSAGES.notFound))).courseId;
  return handleForm(
    args,
    {
      'certificate-fields': intent({
        schema: courseCertificateSchema,
        run: (value) => {
          saveCourseCertificateFields(admin, courseId, toCertificateFields(value));
          return redirectWithToast(`/courses/${courseId}/certificado`, {
            title: COURSE_CERTIFICATE_MESSAGES.saved,
            description: 'Os próximos certificados deste curso levam estes dados; os já emitidos não mudam.',
            type: 'success',
          });
        },
      }),
    },
    { maxBytes: COURSE_CERTIFICATE_FORM_BYTES },
  );
}

export default function CourseCertificatePage() {
  const { settings, defaults } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <LightLink to={`/courses/${settings.courseId}?tab=admin`} className="text-sm text-brand-700 hover:underline">
        ← Voltar para a administração do curso
      </LightLink>
      <h1 className="mt-2 text-2xl font-bold">Dados do certificado</h1>
      <p className="mt-1 break-words text-slate-700">{settings.courseTitle}</p>
      <p className="mt-2 text-sm text-slate-600">
        O certificado leva a carga horária, o conteúdo programático, os instrutores com a qualificação e o responsável técnico, além do nome
        completo do aluno, das datas, da modalidade (Ensino a distância), da nota da avaliação final, do local e da data de emissão.
        Alterações valem para os certificados emitidos depois delas.
      </p>
      <section className="card mt-6" aria-label="Dados do certificado">
        <CourseCertificateFields defaults={defaults} lessonTitles={settings.lessonTitles} />
      </section>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  back: { to: '/courses', label: 'Voltar para cursos' },
  notFound: { title: 'Curso não encontrado', text: 'Este curso não existe ou foi removido.' },
});
