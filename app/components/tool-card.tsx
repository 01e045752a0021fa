import { LightLink } from '~/components/ui/light-link';
import { CardSkeleton } from '~/components/ui/card-skeleton';
import { LockedActions } from './tool-frame';
import type { ToolCard as ToolCardData } from '~/models/tools/tool.server';
import { categoryLabel } from '~/utils/tool-catalog';
import { dialogLink } from '~/utils/url-state';
import { RatingStars } from './rating-stars';

export function CategoryBadge({ category }: { category: string }) {
  return <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">{categoryLabel(category)}</span>;
}

const levelStyles: Record<string, string> = {
  'E-BASIC': 'bg-green-100 text-green-800',
  'E-TOOL': 'bg-brand-100 text-brand-700',
  'E-MASTER': 'bg-amber-100 text-amber-800',
};

export function LevelBadge({ level }: { level: string }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${levelStyles[level] ?? 'bg-slate-100 text-slate-700'}`}>
      {level}
    </span>
  );
}

/**
 * How 'Abrir' opens an open tool: the large dialog for framed tools (custom HTML or an internal
 * page with showInIframe), a new tab for external links, the app route for internal ones, and
 * the tool page (its sandboxed frame) for custom tools shown full page.
 */
function OpenButton({ tool, search }: { tool: Extract<ToolCardData, { locked: false }>; search: string }) {
  if (tool.showInIframe && tool.frameUrl) {
    return (
      <LightLink to={dialogLink(search, 'tool', { tool: tool.id })} className="btn-primary" preventScrollReset>
        Abrir
      </LightLink>
    );
  }
  if (tool.linkType === 'external') {
    return (
      <a href={tool.link} target="_blank" rel="noopener noreferrer" className="btn-primary">
        Abrir
        <span className="sr-only"> (abre em nova aba)</span>
      </a>
    );
  }
  return (
    <LightLink to={tool.linkType === 'internal' ? tool.link : `/tools/${tool.id}`} className="btn-primary">
      Abrir
    </LightLink>
  );
}

type ToolCardProps = { tool: ToolCardData; rated: boolean; search: string };

export function ToolCard({ tool, rated, search }: ToolCardProps) {
  return (
    <article data-testid="tool-card" className={`card flex flex-col ${tool.locked ? 'border-dashed bg-slate-50' : ''}`}>
      <div className="flex flex-wrap items-center gap-2">
        <CategoryBadge category={tool.category} />
        <LevelBadge level={tool.accessLevel} />
        {tool.locked ? (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-500">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2">
              <rect x="5" y="11" width="14" height="10" rx="2" />
              <path d="M8 11V7a4 4 0 0 1 8 0v4" />
            </svg>
            Bloqueada
          </span>
        ) : null}
      </div>
      <h3 className="mt-3 text-lg font-semibold">{tool.name}</h3>
      <p className="mt-1 flex-1 text-sm text-slate-600">{tool.description}</p>
      <div className="mt-3">
        <RatingStars value={tool.averageRating} count={tool.totalRatings} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {tool.locked ? (
          <LockedActions level={tool.requiredLevel} />
        ) : (
          <>
            <OpenButton tool={tool} search={search} />
            <LightLink to={dialogLink(search, 'rate', { tool: tool.id })} className="btn-secondary" preventScrollReset>
              {rated ? 'Editar' : 'Avaliar'}
            </LightLink>
          </>
        )}
        <LightLink to={dialogLink(search, 'ratings', { tool: tool.id })} className="btn-ghost" preventScrollReset>
          Ver avaliações
        </LightLink>
      </div>
    </article>
  );
}

export const ToolCardSkeleton = () => <CardSkeleton testId="tool-skeleton" buttonWidths={['w-20', 'w-24']} />;
