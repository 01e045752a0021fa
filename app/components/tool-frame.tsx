import { LightLink } from '~/components/ui/light-link';

/**
 * A tool embedded in the page. Custom HTML is admin-written, so its frame is sandboxed without
 * allow-same-origin (an opaque origin: no cookies, no storage, no API calls as the user).
 * Internal tools are this app's own pages and are framed as they are.
 */
export function ToolFrame({ src, title, sandboxed }: { src: string; title: string; sandboxed: boolean }) {
  return (
    <iframe
      src={src}
      title={title}
      data-testid="tool-frame"
      {...(sandboxed ? { sandbox: 'allow-scripts allow-forms allow-popups' } : {})}
      referrerPolicy="no-referrer"
      className="h-[70vh] w-full rounded-md border border-slate-200 bg-white"
    />
  );
}

/** The locked state's actions: the disabled 'Requer {level}' button and the way to upgrade. */
export function LockedActions({
  level,
  upgradeClassName = 'text-sm font-medium text-brand-700 hover:underline',
}: {
  level: string;
  upgradeClassName?: string;
}) {
  return (
    <>
      <button type="button" className="btn-secondary" disabled>
        {`Requer ${level}`}
      </button>
      <LightLink to="/upgrade" className={upgradeClassName}>
        Fazer upgrade
      </LightLink>
    </>
  );
}

export function LockedNotice({ level }: { level: string }) {
  return (
    <div className="rounded-md border border-dashed border-slate-300 bg-slate-50 p-4">
      <p className="text-sm text-slate-700">Esta ferramenta faz parte do plano {level}.</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <LockedActions level={level} upgradeClassName="btn-primary" />
      </div>
    </div>
  );
}

export function ExternalToolLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="btn-primary">
      Abrir ferramenta em nova aba
    </a>
  );
}
