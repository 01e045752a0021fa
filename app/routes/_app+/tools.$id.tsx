import { LightLink } from '~/components/ui/light-link';
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { RatingStars } from '~/components/rating-stars';
import { CategoryBadge, LevelBadge } from '~/components/tool-card';
import { ExternalToolLink, LockedNotice, ToolFrame } from '~/components/tool-frame';
import { findVisibleTool, TOOL_ERRORS, toToolCard } from '~/models/tools/tool.server';
import { isSameSitePath } from '~/schemas/tool';
import { requireUser } from '~/models/accounts/permissions.server';
import { errorResponse, idParam } from '~/utils/api.server';
import { orResponse } from '~/utils/form.server';
import { safeRedirect } from '~/utils/toast.server';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.tool.name ?? 'Ferramenta', data?.tool.description);

/**
 * /tools/{id}: internal tools go to their app route; external ones show their outbound link;
 * custom ones run in the sandboxed frame. A locked tool answers 403 without its link or HTML;
 * a hidden or missing one is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const visible = orResponse(() => findVisibleTool(user, idParam(params.id, TOOL_ERRORS.notFound)));
  const tool = toToolCard(visible.row, user)!;
  if (tool.locked) return json({ tool }, { status: 403 });
  if (tool.linkType === 'internal') {
    if (!isSameSitePath(tool.link)) throw errorResponse(404, TOOL_ERRORS.notFound);
    throw safeRedirect(tool.link);
  }
  return json({ tool });
}

export default function ToolPage() {
  const { tool } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <LightLink to="/dashboard" className="text-sm text-brand-700 hover:underline">
        ← Voltar ao início
      </LightLink>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <CategoryBadge category={tool.category} />
        <LevelBadge level={tool.accessLevel} />
      </div>
      <h1 className="mt-2 text-2xl font-bold">{tool.name}</h1>
      <p className="mt-1 text-slate-600">{tool.description}</p>
      <div className="mt-2">
        <RatingStars value={tool.averageRating} count={tool.totalRatings} />
      </div>
      <div className="mt-6">
        {tool.locked ? (
          <LockedNotice level={tool.requiredLevel} />
        ) : tool.linkType === 'custom' && tool.frameUrl ? (
          <ToolFrame src={tool.frameUrl} title={tool.name} sandboxed />
        ) : (
          <ExternalToolLink href={tool.link} />
        )}
      </div>
    </div>
  );
}
