import type { ReactNode } from 'react';

type PageSectionProps = {
  /** The anchor of the section (`#planos`); its heading's id is `{id}-title`. */
  id: string;
  /** The small line over the title ('Recursos'). */
  eyebrow: string;
  title: ReactNode;
  intro?: ReactNode;
  /** The slate background that alternates sections. */
  tinted?: boolean;
  children: ReactNode;
};

/** A titled section of a marketing page: eyebrow, heading and intro centred over its content. */
export function PageSection({ id, eyebrow, title, intro, tinted = false, children }: PageSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-24 ${tinted ? 'bg-slate-50 ' : ''}py-20`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{eyebrow}</p>
          <h2 id={`${id}-title`} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
