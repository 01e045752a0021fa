import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { ListCount } from '~/components/ui/list-table';
import { PROMO_DELETE_CONFIRM, PromoCodeForm, PromoCodeTable, PromoCourseFilter } from '~/components/admin/promo-codes';
import { ConfirmActionPanel } from '~/components/ui/confirm-action';
import { ListSearch } from '~/components/ui/list-search';
import { Pagination } from '~/components/ui/pagination';
import { listCourseOptions } from '~/models/courses/course.server';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { createPromoCode, deletePromoCode, listPromoCodes } from '~/models/courses/promo-code.server';
import { promoAdminQuerySchema, promoCodeFormSchema, promoCodeIdSchema } from '~/schemas/promo-code';
import { handleForm, intent } from '~/utils/form.server';
import { formatShortDate } from '~/utils/format';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';
import { redirectWithToast } from '~/utils/toast.server';
import { urlWithout, withParams } from '~/utils/url-state';

export const meta: MetaFunction = () =>
  pageMeta('Códigos Promo — Administração', 'Criar, filtrar e excluir códigos promocionais de cargo e de curso.');

/** The no-JavaScript confirmation of a delete: `?confirm=delete-promo&promo={id}`. */
const CONFIRM_PARAMS = ['confirm', 'promo'] as const;

/** /admin/promocodes?q=&courseId=&page=: codes newest first, 20 a page, searched by code, filtered by course. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, promoAdminQuerySchema);
  const page = listPromoCodes(query);
  const courses = listCourseOptions();
  const confirmId = url.searchParams.get('confirm') === 'delete-promo' ? url.searchParams.get('promo') : null;
  return json({
    ...page,
    items: page.items.map((promo) => ({ ...promo, expiryLabel: promo.expiryDate ? formatShortDate(promo.expiryDate) : '-' })),
    q: query.q,
    courseId: query.courseId,
    courses,
    confirm:
      confirmId && /^\d{1,12}$/.test(confirmId)
        ? { id: Number(confirmId), code: page.items.find((promo) => String(promo.id) === confirmId)?.code ?? null }
        : null,
  });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await requireAdmin(args.request);
  const back = urlWithout(args.request.url, CONFIRM_PARAMS);
  return handleForm(args, {
    create: intent({
      schema: promoCodeFormSchema,
      refusalToast: (message) => ({ title: 'Erro ao criar código promocional', description: message, type: 'error' }),
      run: (input) => {
        const created = createPromoCode(admin, input);
        return redirectWithToast(back, {
          title: 'Código promocional criado',
          description: `O código ${created.code} foi criado.`,
          type: 'success',
        });
      },
    }),
    delete: intent({
      schema: promoCodeIdSchema,
      refusalToast: (message) => ({ title: 'Erro ao excluir código promocional', description: message, type: 'error' }),
      run: ({ id }) => {
        deletePromoCode(admin, id);
        return redirectWithToast(back, { title: 'Código promocional excluído', description: 'O código foi removido.', type: 'success' });
      },
    }),
  });
}

export default function AdminPromoCodes() {
  const { items, total, page, pageCount, q, courseId, courses, confirm } = useLoaderData<typeof loader>();
  const location = useLocation();
  if (confirm) {
    return (
      <ConfirmActionPanel
        title={confirm.code ? `Excluir o código ${confirm.code}` : 'Excluir código promocional'}
        message={PROMO_DELETE_CONFIRM}
        intent="delete"
        fields={{ id: String(confirm.id) }}
        cancelTo={`${location.pathname}${withParams(location.search, { confirm: null, promo: null })}`}
      />
    );
  }
  const filterCourse = courseId ? courses.find((course) => course.id === courseId) : null;
  return (
    <div className="space-y-6">
      {/* Remounted after each navigation, so a created code leaves an empty form. */}
      <PromoCodeForm key={location.key} courses={courses} presetCourseId={filterCourse?.id ?? null} />
      <section className="card" aria-labelledby="promo-list-heading">
        <h2 id="promo-list-heading" className="text-lg font-semibold">
          Códigos promocionais
        </h2>
        <div className="mt-4 grid gap-3 lg:grid-cols-2 lg:items-end">
          <ListSearch
            label="Buscar por código"
            placeholder="Buscar por código..."
            defaultValue={q}
            keep={{ courseId: courseId ? String(courseId) : null }}
          />
          <PromoCourseFilter courses={courses} courseId={courseId} q={q} />
        </div>
        {courseId ? (
          <p className="mt-3 text-sm text-slate-700" data-testid="promo-course-filter">
            Códigos do curso <strong>{filterCourse?.title ?? `#${courseId}`}</strong>
          </p>
        ) : null}
        <ListCount total={total} one="código encontrado" many="códigos encontrados" />
        <PromoCodeTable items={items} />
        <Pagination page={page} pageCount={pageCount} />
      </section>
    </div>
  );
}
