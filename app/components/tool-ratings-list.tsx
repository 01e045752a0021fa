import type { ToolRatingItem } from '~/models/tools/rating.server';
import { formatShortDate } from '~/utils/format';
import { StaticStars } from './rating-stars';

export function ToolRatingsList({ ratings }: { ratings: ToolRatingItem[] }) {
  if (ratings.length === 0) return <p className="text-sm text-slate-600">Nenhuma avaliação ainda. Seja o primeiro a avaliar!</p>;
  return (
    <ul className="divide-y divide-slate-200" data-testid="ratings-list">
      {ratings.map((item) => (
        <li key={item.id} className="py-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm font-semibold">{item.user.username}</span>
            <time dateTime={item.createdAt} className="text-xs text-slate-500">
              {formatShortDate(item.createdAt)}
            </time>
          </div>
          <div className="mt-1">
            <StaticStars value={item.rating} />
          </div>
          {item.comment ? <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{item.comment}</p> : null}
        </li>
      ))}
    </ul>
  );
}
