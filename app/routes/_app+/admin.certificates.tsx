import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useLocation } from '@remix-run/react';
import { CertificateTable } from '~/components/certificate/admin-certificates';
import { ConfirmActionPanel } from '~/components/ui/confirm-action';
import { Pagination } from '~/components/ui/pagination';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { listCourseCertificates, revokeCertificate } from '~/models/courses/certificate.server';
import { listCourseOptions } from '~/models/courses/course.server';
import { adminCertificatesQuerySchema, certificateRevokeSchema } from '~/schemas/certificate';
import { handleForm } from '~/utils/form.server';
import { freshIntent } from '~/plumbing/fresh-check.server';
import { FreshCheckStep, useFreshCheckPrompt } from '~/components/account/fresh-check-step';
import { formatShortDate } from '~/utils/format';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';
import { redirectWithToast } from '~/utils/toast.server';
import { withParams } from '~/utils/url-state';

export const meta: MetaFunction = () => pageMeta('Certificados — Administração', 'Os certificados emitidos de cada curso, e a revogação.');

/** /admin/certificates?course=ID&page=: the certificates of one course, newest first; `&confirm=ID` asks before revoking (no JavaScript). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseListQuery(new URL(request.url).searchParams, adminCertificatesQuerySchema);
  const courses = listCourseOptions();
  const courseId = courses.some((course) => course.id === query.course) ? (query.course ?? null) : null;
  const page = courseId === null ? null : listCourseCertificates(courseId, query);
  const items = (page?.items ?? []).map((item) => ({
    ...item,
    issuedAt: formatShortDate(item.issuedAt),
    completedAt: formatShortDate(item.completedAt),
  }));
  return json({
    courses: courses.map(({ id, title }) => ({ id, title })),
    courseId,
    items,
    total: page?.total ?? 0,
    page: page?.page ?? 1,
    pageCount: page?.pageCount ?? 1,
    confirm: items.find((item) => item.id === query.confirm && item.status !== 'revoked') ?? null,
  });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await requireAdmin(args.request);
  const url = new URL(args.request.url);
  return handleForm(args, {
    revoke: freshIntent(admin, {
      schema: certificateRevokeSchema,
      refusalToast: (message) => ({ title: 'Erro ao revogar certificado', description: message, type: 'error' }),
      run: ({ certificateId }) => {
        const certificate = revokeCertificate(admin, certificateId);
        return redirectWithToast(`${url.pathname}${withParams(url.searchParams, { confirm: null })}`, {
          title: 'Certificado revogado',
          description: `${certificate.code} — ${certificate.courseTitle}`,
          type: 'success',
        });
      },
    }),
  });
}

export default function AdminCertificates() {
  const { courses, courseId, items, total, page, pageCount, confirm } = useLoaderData<typeof loader>();
  const location = useLocation();
  const freshCheck = useFreshCheckPrompt();
  if (freshCheck) return <FreshCheckStep prompt={freshCheck} />;
  if (confirm) {
    return (
      <ConfirmActionPanel
        title="Revogar certificado"
        message={`Revogar o certificado ${confirm.code} de ${confirm.holderName}? A página de verificação passará a dizer 'revogado'.`}
        intent="revoke"
        fields={{ certificateId: String(confirm.id) }}
        cancelTo={`${location.pathname}${withParams(location.search, { confirm: null })}`}
        confirmLabel="Revogar"
      />
    );
  }
  return (
    <section className="space-y-4" aria-labelledby="certificates-title">
      <div>
        <h2 id="certificates-title" className="text-xl font-bold">
          Certificados
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Os certificados emitidos de um curso. Um certificado revogado passa a dizer 'revogado' na página de verificação.
        </p>
      </div>
      <div className="card space-y-4">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="certificates-course" className="block text-sm font-medium">
              Curso
            </label>
            <select id="certificates-course" name="course" defaultValue={courseId ?? ''} className="input mt-1 max-w-full">
              <option value="">Escolha um curso</option>
              {courses.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Mostrar
          </button>
        </Form>
        {courseId === null ? (
          <p className="text-sm text-slate-600">Escolha um curso para ver os seus certificados.</p>
        ) : (
          <CertificateTable rows={items} total={total} />
        )}
        <Pagination page={page} pageCount={pageCount} />
      </div>
    </section>
  );
}
