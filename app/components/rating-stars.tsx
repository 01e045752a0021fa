import { Fragment } from 'react';
import { formatRating } from '~/utils/format';

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/**
 * Five stars as two runs of a text glyph (filled, then empty): the dashboard shows a row per tool,
 * and five SVGs per row were a third of its HTML.
 */
function StarRow({ filled }: { filled: number }) {
  return (
    <span aria-hidden="true" className="text-base leading-none tracking-tight">
      <span className="text-amber-400">{'★'.repeat(filled)}</span>
      <span className="text-slate-300">{'★'.repeat(5 - filled)}</span>
    </span>
  );
}

/** The average as rounded stars plus the number with one decimal (e.g. '4,3'). */
export function RatingStars({ value, count }: { value: number; count?: number }) {
  return (
    <div className="flex items-center gap-1 text-sm text-slate-600">
      <span role="img" aria-label={`Avaliação média ${formatRating(value)} de 5`}>
        <StarRow filled={Math.round(value)} />
      </span>
      <span data-testid="rating-average" className="font-medium text-slate-800">
        {formatRating(value)}
      </span>
      {count !== undefined ? (
        <span data-testid="rating-count">
          ({count} {count === 1 ? 'avaliação' : 'avaliações'})
        </span>
      ) : null}
    </div>
  );
}

/** A fixed number of stars (one rating in the list). */
export function StaticStars({ value }: { value: number }) {
  return (
    <span role="img" aria-label={`${value} de 5 estrelas`}>
      <StarRow filled={value} />
    </span>
  );
}

type RatingInputProps = {
  name: string;
  defaultValue?: number | null;
  errorId?: string;
  invalid?: boolean;
};

/**
 * Five native radio inputs drawn as stars (works without JavaScript). A star is filled when
 * it or a later one is chosen: `[input:checked+&]` is its own input, `[&:has(~input:checked)]`
 * any later one; hovering previews the same way.
 */
export function RatingInput({ name, defaultValue, errorId, invalid }: RatingInputProps) {
  return (
    <fieldset aria-describedby={errorId} aria-invalid={invalid || undefined}>
      <legend className="label">Sua nota</legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((value) => (
          <Fragment key={value}>
            <input
              type="radio"
              id={`${name}-${value}`}
              name={name}
              value={value}
              defaultChecked={defaultValue === value}
              className="sr-only"
            />
            <label
              htmlFor={`${name}-${value}`}
              className="cursor-pointer rounded text-slate-300 hover:text-amber-300 [&:has(~label:hover)]:text-amber-300 [&:has(~input:checked)]:text-amber-400 [input:checked+&]:text-amber-400 [input:focus-visible+&]:ring-2 [input:focus-visible+&]:ring-brand-500"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 fill-current">
                <path d={STAR_PATH} />
              </svg>
              <span className="sr-only">
                {value} {value === 1 ? 'estrela' : 'estrelas'}
              </span>
            </label>
          </Fragment>
        ))}
      </div>
    </fieldset>
  );
}
