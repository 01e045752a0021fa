import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { CoursePriceForm, CoursePriceTable, PlanPriceForm, PlanPriceTable } from '~/components/admin/prices';
import { Pagination } from '~/components/ui/pagination';
import { listCourseOptions, listCourses, setCoursePrice } from '~/models/courses/course.server';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { listPlanPrices, setPlanPrice } from '~/models/payments/index.server';
import { coursePriceFormSchema, courseIdFormSchema, planPriceFormSchema } from '~/schemas/price';
import { handleForm, intent } from '~/utils/form.server';
import { formatCents, formatDateTime } from '~/utils/format';
import { listQuerySchema } from '~/utils/list-query';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';
import { redirectWithToast, type Toast } from '~/utils/toast.server';

export const meta: MetaFunction = () => pageMeta('Preços — Administração', 'Preço mensal dos planos e preço dos cursos.');

const coursePageSchema = listQuerySchema({ sorts: ['recent'], perPage: 20, maxPerPage: 100 });

const refusal =
  (title: string) =>
  (message: string): Toast => ({ title, description: message, type: 'error' });

/** /admin/prices?page=: the plans' monthly prices, and every course's price, 20 courses a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const courses = listCourses(admin, parseListQuery(new URL(request.url).searchParams, coursePageSchema));
  return json({
    plans: listPlanPrices().map((plan) => ({ ...plan, updatedLabel: plan.updatedAt ? formatDateTime(plan.updatedAt) : 'Preço anunciado' })),
    courses,
    courseOptions: listCourseOptions(),
  });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await requireAdmin(args.request);
  const url = new URL(args.request.url);
  const back = `${url.pathname}${url.search}`;
  return handleForm(args, {
    'plan-price': intent({
      schema: planPriceFormSchema,
      refusalToast: refusal('Erro ao atualizar preço'),
      run: ({ planType, monthlyPrice }) => {
        const plan = setPlanPrice(admin, planType, monthlyPrice);
        return redirectWithToast(back, {
          title: 'Preço atualizado',
          description: `${plan.planType}: ${plan.monthlyPriceLabel} por mês.`,
          type: 'success',
        });
      },
    }),
    'course-price': intent({
      schema: coursePriceFormSchema,
      refusalToast: refusal('Erro ao atualizar preço'),
      run: ({ courseId, price }) => {
        const course = setCoursePrice(admin, courseId, price);
        return redirectWithToast(back, {
          title: 'Preço atualizado',
          description: `${course.title}: ${formatCents(price)}.`,
          type: 'success',
        });
      },
    }),
    'remove-course-price': intent({
      schema: courseIdFormSchema,
      refusalToast: refusal('Erro ao remover preço'),
      run: ({ courseId }) => {
        const course = setCoursePrice(admin, courseId, null);
        return redirectWithToast(back, { title: 'Preço removido', description: `${course.title} não está mais à venda.`, type: 'success' });
      },
    }),
  });
}

export default function AdminPrices() {
  const { plans, courses, courseOptions } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className="space-y-6">
      <section className="card" aria-labelledby="plan-prices-heading">
        <h2 id="plan-prices-heading" className="text-lg font-semibold">
          Preço mensal dos planos
        </h2>
        <PlanPriceForm key={location.key} />
        <PlanPriceTable plans={plans} />
      </section>
      <section className="card" aria-labelledby="course-prices-heading">
        <h2 id="course-prices-heading" className="text-lg font-semibold">
          Preço dos cursos
        </h2>
        <CoursePriceForm key={location.key} courses={courseOptions} />
        <CoursePriceTable items={courses.items} />
        <Pagination page={courses.page} pageCount={courses.pageCount} />
      </section>
    </div>
  );
}
