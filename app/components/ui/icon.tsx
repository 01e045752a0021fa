/** A 24 × 24 outline icon drawn from one SVG path (Heroicons' outline style), hidden from screen readers. */
export function Icon({ path, className = 'h-6 w-6' }: { path: string; className?: string }) {
  return (
    <svg className={className} fill="none" viewBox="0 0 24 24" strokeWidth={1.5} stroke="currentColor" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" d={path} />
    </svg>
  );
}

/** An icon in the brand's rounded square: the cards of the marketing pages. */
export function IconBadge({ path }: { path: string }) {
  return (
    <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
      <Icon path={path} />
    </span>
  );
}
