import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { TrainingRecordList } from '~/components/account/training-record';
import { LightLink } from '~/components/ui/light-link';
import { routeErrorBoundary } from '~/components/ui/route-error';
import { requireUser } from '~/models/accounts/permissions.server';
import { keptTrainingRecordPage } from '~/models/assessments/training-record-kept.server';
import { listQuerySchema } from '~/utils/list-query';
import { parseListQuery } from '~/utils/pagination.server';
import { pageMeta } from '~/utils/meta';
import { TRAINING_RECORD_TITLE } from '~/utils/training-record-lines';

export const meta: MetaFunction = () => pageMeta('Formação', 'Seus cursos, avaliações, notas, conclusões e certificados.');

const trainingRecordQuerySchema = listQuerySchema({ sorts: ['name'], perPage: 20, maxPerPage: 50 });

/**
 * /account/formacao, 'Minha Conta' → 'Formação' (issue 31, item 4): the signed-in person's own training
 * record, a page of courses at a time (`?page=`), and the link to the PDF 'Histórico de formação'.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = parseListQuery(new URL(request.url).searchParams, trainingRecordQuerySchema);
  return json({ record: keptTrainingRecordPage(user, query), hasFullName: user.fullName !== null });
}

export default function TrainingRecordPage() {
  const { record, hasFullName } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <LightLink to="/account" className="text-sm text-brand-700 hover:underline">
        ← Voltar para Minha Conta
      </LightLink>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Formação</h1>
        {record.total > 0 ? (
          <a href="/account/formacao/pdf" className="btn-primary" download>
            Baixar {TRAINING_RECORD_TITLE.toLowerCase()}
          </a>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Seus cursos com o progresso nas aulas, as tentativas da avaliação final, a conclusão e o certificado.
      </p>
      {hasFullName ? null : (
        <p className="mt-2 text-sm text-slate-600">
          O histórico e os certificados levam o seu nome completo.{' '}
          <LightLink to="/account#nome-completo" className="text-brand-700 hover:underline">
            Informe seu nome completo em Minha Conta
          </LightLink>
          .
        </p>
      )}
      <TrainingRecordList items={record.items} total={record.total} page={record.page} pageCount={record.pageCount} />
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  back: { to: '/account', label: 'Voltar para Minha Conta' },
  unexpected: { title: 'Erro ao carregar a formação', text: 'Não foi possível carregar o seu histórico de formação agora.' },
});
