import { useContext } from 'react';
import { LightLink, LightLinkPath } from '~/components/ui/light-link';
import { StaticMarkup } from '~/components/static-markup';
import { CardSkeleton } from '~/components/ui/card-skeleton';
import { LockedActions } from './tool-frame';
import type { ToolCard as ToolCardData } from '~/models/tools/tool.server';
import { categoryLabel } from '~/utils/tool-catalog';
import { RatingStars } from './rating-stars';

/*
 * The dashboard draws 24 of these cards per page (about 60 % of its HTML): their fixed parts (the
 * badges of each category and level, the lock, the class names) are elements and strings made once
 * per process, and the dialog links come from one builder per page (`dialogLinks`).
 */

const BADGE = 'rounded-full px-2.5 py-0.5 text-xs';

/** One element per category (a fixed list): made on first use, then reused by every card. */
const categoryBadges = new Map<string, JSX.Element>();

export function CategoryBadge({ category }: { category: string }) {
  return categoryBadge(category);
}

function categoryBadge(category: string): JSX.Element {
  let badge = categoryBadges.get(category);
  if (!badge) {
    const label = categoryLabel(category);
    badge = <span className={`${BADGE} bg-slate-100 font-medium text-slate-700`}>{label}</span>;
    // An unknown category reads 'Desconhecida': kept once, not per value, so the map stays bounded.
    if (label !== 'Desconhecida') categoryBadges.set(category, badge);
  }
  return badge;
}

const LEVEL_STYLES: Record<string, string> = {
  'E-BASIC': 'bg-green-100 text-green-800',
  'E-TOOL': 'bg-brand-100 text-brand-700',
  'E-MASTER': 'bg-amber-100 text-amber-800',
};

const levelBadgeClass = (level: string) => `${BADGE} font-semibold ${LEVEL_STYLES[level] ?? 'bg-slate-100 text-slate-700'}`;

const LEVEL_BADGES = new Map(Object.keys(LEVEL_STYLES).map((level) => [level, <span className={levelBadgeClass(level)}>{level}</span>]));

export function LevelBadge({ level }: { level: string }) {
  return LEVEL_BADGES.get(level) ?? <span className={levelBadgeClass(level)}>{level}</span>;
}

const LOCKED_MARK = (
  <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-500">
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
    Bloqueada
  </span>
);

const OPEN_CARD = 'card flex flex-col';
const LOCKED_CARD = 'card flex flex-col border-dashed bg-slate-50';

/** A link that opens one of the dashboard's dialogs for a tool, keeping the page's filters (`dialogLinks(search, 'tool')`). */
export type ToolDialogHref = (kind: 'tool' | 'rate' | 'ratings', toolId: number) => string;

/**
 * How 'Abrir' opens an open tool: the large dialog for framed tools (custom HTML or an internal
 * page with showInIframe), a new tab for external links, the app route for internal ones, and
 * the tool page (its sandboxed frame) for custom tools shown full page.
 */
function openButton(tool: Extract<ToolCardData, { locked: false }>, dialogHref: ToolDialogHref) {
  if (tool.showInIframe && tool.frameUrl) {
    return (
      <LightLink to={dialogHref('tool', tool.id)} className="btn-primary" preventScrollReset>
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

type ToolCardProps = { tool: ToolCardData; rated: boolean; dialogHref: ToolDialogHref };

/** What is inside a card, with its links as absolute paths (rendered once per key on the server, where no page path is provided). */
function cardContent(tool: ToolCardData, rated: boolean, dialogHref: ToolDialogHref) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        {categoryBadge(tool.category)}
        {LEVEL_BADGES.get(tool.accessLevel) ?? <LevelBadge level={tool.accessLevel} />}
        {tool.locked ? LOCKED_MARK : null}
      </div>
      <h3 className="mt-3 text-lg font-semibold">{tool.name}</h3>
      <p className="mt-1 flex-1 text-sm text-slate-600">{tool.description}</p>
      <RatingStars value={tool.averageRating} count={tool.totalRatings} className="mt-3" />
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {tool.locked ? (
          <LockedActions level={tool.requiredLevel} />
        ) : (
          <>
            {openButton(tool, dialogHref)}
            <LightLink to={dialogHref('rate', tool.id)} className="btn-secondary" preventScrollReset>
              {rated ? 'Editar' : 'Avaliar'}
            </LightLink>
          </>
        )}
        <LightLink to={dialogHref('ratings', tool.id)} className="btn-ghost" preventScrollReset>
          Ver avaliações
        </LightLink>
      </div>
    </>
  );
}

/**
 * A card's markup depends on its tool (every field the card shows is in the card data), the
 * viewer's own rating and the dialog links (the page's path and query): its key holds all three,
 * so a new rating, a renamed tool or another filter renders it anew (decision 079).
 */
export function ToolCard({ tool, rated, dialogHref }: ToolCardProps) {
  const pathname = useContext(LightLinkPath);
  const links = (['tool', 'rate', 'ratings'] as const).map((kind) => {
    const to = dialogHref(kind, tool.id);
    return to.startsWith('?') ? `${pathname}${to}` : to;
  });
  const absolute: ToolDialogHref = (kind) => links[kind === 'tool' ? 0 : kind === 'rate' ? 1 : 2];
  return (
    <StaticMarkup
      as="article"
      testId="tool-card"
      className={tool.locked ? LOCKED_CARD : OPEN_CARD}
      markupKey={`tool-card:${rated ? 1 : 0}:${links.join(' ')}:${JSON.stringify(tool)}`}
      content={() => cardContent(tool, rated, absolute)}
    />
  );
}

export const ToolCardSkeleton = () => <CardSkeleton testId="tool-skeleton" buttonWidths={['w-20', 'w-24']} />;
