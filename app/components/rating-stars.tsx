import { Fragment } from 'react';
import { formatRating } from '~/utils/format';

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/**
 * Five stars as two runs of a text glyph (filled, then empty): the dashboard shows a row per tool,
 * and five SVGs per row were a third of its HTML. Made once per count (the dashboard draws 24 rows);
 * an empty run is left out.
 */
const STAR_RUNS = [0, 1, 2, 3, 4, 5].map((filled) => (
  <Fragment key={filled}>
    {filled > 0 ? <span className="text-amber-400">{'★'.repeat(filled)}</span> : null}
    {filled < 5 ? <span className="text-slate-300">{'★'.repeat(5 - filled)}</span> : null}
  </Fragment>
));

const STARS_CLASS = 'text-base leading-none tracking-tight';

/** The stars of a whole number from 0 to 5, named for screen readers by `label` (the glyphs themselves are not read). */
function Stars({ filled, label }: { filled: number; label: string }) {
  return (
    <span role="img" aria-label={label} className={STARS_CLASS}>
      {STAR_RUNS[Math.min(5, Math.max(0, filled))]}
    </span>
  );
}

const RATING_ROW_CLASS = 'flex items-center gap-1 text-sm text-slate-600';

/** The average as rounded stars plus the number with one decimal (e.g. '4,3'); `className` adds to the row's (its margin). */
export function RatingStars({ value, count, className }: { value: number; count?: number; className?: string }) {
  const text = formatRating(value);
  return (
    <div className={className ? `${RATING_ROW_CLASS} ${className}` : RATING_ROW_CLASS}>
      <Stars filled={Math.round(value)} label={`Avaliação média ${text} de 5`} />
      <span data-testid="rating-average" className="font-medium text-slate-800">
        {text}
      </span>
      {count !== undefined ? <span data-testid="rating-count">{`(${count} ${count === 1 ? 'avaliação' : 'avaliações'})`}</span> : null}
    </div>
  );
}

/** A fixed number of stars (one rating in the list). */
export function StaticStars({ value }: { value: number }) {
  return <Stars filled={value} label={`${value} de 5 estrelas`} />;
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
