import { Form } from '@remix-run/react';
import { LightLink } from '~/components/ui/light-link';
import { Pagination } from '~/components/ui/pagination';
import type { RevisionSummary } from '~/models/projects/revisions.server';
import type { ShareLinkView } from '~/models/projects/share-links.server';
import type { Page } from '~/utils/pagination.server';

/** The issued revisions, newest first (each with its memorial and 'Compartilhar'), and the share links with their views; each list paginated. */
export function ProjectRevisions({
  projectId,
  revisions,
  links,
  sharedPath,
}: {
  projectId: number;
  revisions: Page<RevisionSummary>;
  links: Page<ShareLinkView>;
  sharedPath: string | null;
}) {
  return (
    <div className="space-y-4">
      {revisions.total === 0 ? (
        <p className="text-sm text-slate-600" data-testid="project-revisions-empty">
          Nenhuma revisão emitida. “Emitir revisão” congela os cálculos como Rev. 00.
        </p>
      ) : (
        <ul className="space-y-2" data-testid="project-revisions">
          {revisions.items.map((revision) => (
            <li
              key={revision.id}
              className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-end sm:justify-between"
            >
              <div>
                <p className="font-medium">{revision.label}</p>
                <p className="text-sm text-slate-600">Emitida em {revision.issuedAt}</p>
                <LightLink to={`/projects/${projectId}/memorial?rev=${revision.number}`} className="text-sm text-brand-700 hover:underline">
                  Memorial da {revision.label}
                </LightLink>
              </div>
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="share" />
                <input type="hidden" name="revision" value={revision.number} />
                <div>
                  <label htmlFor={`days-${revision.id}`} className="label">
                    Validade (dias, opcional)
                  </label>
                  <input id={`days-${revision.id}`} name="days" type="number" min={1} max={365} className="input w-32" />
                </div>
                <button type="submit" className="btn-secondary">
                  Compartilhar<span className="sr-only"> {revision.label}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={revisions.page} pageCount={revisions.pageCount} param="revisoes" label="Páginas das revisões" />
      {sharedPath ? (
        <div className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm" data-testid="project-shared-link">
          <label htmlFor="shared-link" className="label">
            Link para o cliente (copie agora: ele não é mostrado de novo)
          </label>
          <input id="shared-link" readOnly value={sharedPath} className="input w-full font-mono text-xs" />
          <a href={sharedPath} className="mt-1 inline-block text-brand-700 hover:underline">
            Abrir o link
          </a>
        </div>
      ) : null}
      {links.total > 0 ? (
        <div>
          <h3 className="text-sm font-semibold">Links compartilhados</h3>
          <ul className="mt-2 space-y-2" data-testid="project-share-links">
            {links.items.map((link) => (
              <li
                key={link.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-2 text-sm"
                data-testid="project-share-link"
              >
                <span>
                  {link.revision} · criado em {link.createdAt}
                  {link.expiresAt ? ` · válido até ${link.expiresAt}` : ' · sem validade'} ·{' '}
                  <span data-testid="share-views">
                    {link.viewCount} {link.viewCount === 1 ? 'visualização' : 'visualizações'}
                  </span>
                  {link.revoked ? ' · revogado' : link.expired ? ' · expirado' : ''}
                </span>
                {link.revoked ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="linkId" value={link.id} />
                    <button type="submit" className="btn-ghost text-red-700 hover:bg-red-50">
                      Revogar<span className="sr-only"> link da {link.revision}</span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          <Pagination page={links.page} pageCount={links.pageCount} param="links" label="Páginas dos links compartilhados" />
        </div>
      ) : null}
    </div>
  );
}
