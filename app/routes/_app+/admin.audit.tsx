import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AuditFilters, AuditTable } from '~/components/admin/audit';
import { Pagination } from '~/components/ui/pagination';
import { auditFilterChoices, listAuditLog } from '~/models/audit/audit.server';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { auditListQuerySchema } from '~/schemas/audit';
import { formatDateTime } from '~/utils/format';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';

export const meta: MetaFunction = () => pageMeta('Auditoria — Painel de Administração', 'Quem mudou o quê no painel, e quando.');

/** /admin/audit?actor=&action=&from=&to=&page=: read-only, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseListQuery(params, auditListQuerySchema);
  const page = listAuditLog({
    actorId: query.actor,
    action: query.action,
    from: query.from,
    to: query.to,
    page: query.page,
    perPage: query.perPage,
  });
  return json({
    rows: page.items.map((item) => ({
      id: item.id,
      when: formatDateTime(item.createdAt),
      actorName: item.actorName,
      action: item.action,
      entity: item.entityId === null ? item.entityType : `${item.entityType} #${item.entityId}`,
      summary: item.summary,
    })),
    total: page.total,
    page: page.page,
    pageCount: page.pageCount,
    ...auditFilterChoices(),
    // What the form shows: the parameters as given when they parsed (a bad one was dropped).
    value: {
      actor: query.actor ?? null,
      action: query.action ?? null,
      from: query.from ? (params.get('from') ?? '') : '',
      to: query.to ? (params.get('to') ?? '') : '',
    },
  });
}

export default function AdminAuditPage() {
  const { rows, total, page, pageCount, actors, actions, value } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-4" aria-labelledby="audit-title">
      <div>
        <h2 id="audit-title" className="text-xl font-bold">
          Auditoria
        </h2>
        <p className="mt-1 text-sm text-slate-600">Cada alteração feita no painel, com quem a fez e quando. Somente leitura.</p>
      </div>
      <div className="card space-y-4">
        <AuditFilters key={JSON.stringify(value)} actors={actors} actions={actions} value={value} />
        <AuditTable rows={rows} total={total} />
        <Pagination page={page} pageCount={pageCount} />
      </div>
    </section>
  );
}
