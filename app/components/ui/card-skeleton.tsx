/** A card's shape while a grid loads (the specification's 4 skeletons): badges, title, two lines, its buttons. */
export function CardSkeleton({ testId, buttonWidths }: { testId: string; buttonWidths: readonly string[] }) {
  return (
    <div data-testid={testId} aria-hidden="true" className="card animate-pulse">
      <div className="flex gap-2">
        <div className="h-5 w-20 rounded-full bg-slate-200" />
        <div className="h-5 w-16 rounded-full bg-slate-200" />
      </div>
      <div className="mt-4 h-6 w-2/3 rounded bg-slate-200" />
      <div className="mt-3 h-4 w-full rounded bg-slate-200" />
      <div className="mt-2 h-4 w-5/6 rounded bg-slate-200" />
      <div className="mt-6 flex gap-2">
        {buttonWidths.map((width, index) => (
          <div key={index} className={`h-9 ${width} rounded bg-slate-200`} />
        ))}
      </div>
    </div>
  );
}
