import { Form } from '@remix-run/react';
import { LightLink } from '~/components/ui/light-link';
import type { ProjectCalculationView } from '~/models/projects/project-calculations.server';
import type { VersionDrift } from '~/models/projects/revisions.server';
import { MAX_HISTORY_TITLE } from '~/schemas/calculation-history';

/** One small POST form: an intent and a calculation (works without JavaScript). */
function Action({
  intent,
  id,
  label,
  title,
  extra,
}: {
  intent: string;
  id: number;
  label: string;
  title: string;
  extra?: Record<string, string>;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="calculationId" value={id} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn-ghost">
        {label}
        <span className="sr-only"> {title}</span>
      </button>
    </Form>
  );
}

/** The project's calculations in order: title, calculator and version, and what can be done to each. */
export function ProjectCalculations({
  projectId,
  calculations,
  editable,
}: {
  projectId: number;
  calculations: ProjectCalculationView[];
  editable: boolean;
}) {
  if (calculations.length === 0) {
    return (
      <p
        className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600"
        data-testid="project-calculations-empty"
      >
        Nenhum cálculo neste projeto. Use “Adicionar ao projeto” no resultado de uma calculadora ou no histórico, ou crie um cálculo abaixo.
      </p>
    );
  }
  return (
    <ol className="space-y-3" data-testid="project-calculations">
      {calculations.map((calculation, index) => (
        <li key={calculation.id} className="card p-4" data-testid="project-calculation">
          <div className="flex flex-col gap-2">
            <h3 className="break-words font-semibold">
              {index + 1}. {calculation.title}
            </h3>
            <p className="text-sm text-slate-600">
              {calculation.calculatorTitle ?? calculation.calculatorSlug} · versão {calculation.savedVersion}
            </p>
            {calculation.versionNote ? (
              <p className="rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900">{calculation.versionNote}</p>
            ) : null}
            {editable ? (
              <>
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="rename" />
                  <input type="hidden" name="calculationId" value={calculation.id} />
                  <div className="min-w-0 flex-1">
                    <label htmlFor={`title-${calculation.id}`} className="label">
                      Título
                    </label>
                    <input
                      id={`title-${calculation.id}`}
                      name="title"
                      defaultValue={calculation.title}
                      maxLength={MAX_HISTORY_TITLE}
                      required
                      className="input w-full"
                    />
                  </div>
                  <button type="submit" className="btn-secondary">
                    Renomear
                  </button>
                </Form>
                <div className="flex flex-wrap items-center gap-1">
                  <LightLink to={`/projects/${projectId}/calculations/${calculation.id}`} className="btn-secondary">
                    Alterar dados<span className="sr-only"> {calculation.title}</span>
                  </LightLink>
                  {index > 0 ? (
                    <Action intent="move" id={calculation.id} label="Subir" title={calculation.title} extra={{ direction: 'up' }} />
                  ) : null}
                  {index < calculations.length - 1 ? (
                    <Action intent="move" id={calculation.id} label="Descer" title={calculation.title} extra={{ direction: 'down' }} />
                  ) : null}
                  <Action intent="duplicate" id={calculation.id} label="Duplicar" title={calculation.title} />
                  <Action intent="remove" id={calculation.id} label="Remover" title={calculation.title} />
                </div>
              </>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Calculations of the last revision whose calculator has a new version: what they would give now. */
export function VersionDriftNotice({ drift }: { drift: VersionDrift[] }) {
  if (drift.length === 0) return null;
  return (
    <section
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="project-drift"
      aria-labelledby="drift-title"
    >
      <h2 id="drift-title" className="font-semibold">
        Calculadoras atualizadas desde a última revisão
      </h2>
      <ul className="mt-2 space-y-2">
        {drift.map((item) => (
          <li key={item.sourceId} className="break-words">
            <strong>{item.title}</strong> ({item.calculatorTitle}): versão {item.frozenVersion} → {item.currentVersion ?? 'indisponível'}.{' '}
            {item.broken
              ? 'Os dados não são mais aceitos: revise o cálculo.'
              : item.moves.length === 0
                ? 'Os resultados não mudam.'
                : item.moves
                    .map(
                      (move) =>
                        `${move.label}: ${move.before} → ${move.after}${move.unit ? ` ${move.unit}` : ''}${move.percent ? ` (${move.percent})` : ''}`,
                    )
                    .join('; ')}
          </li>
        ))}
      </ul>
      <p className="mt-2">A revisão emitida não muda. Para recalcular com as versões atuais, emita a próxima revisão.</p>
    </section>
  );
}
