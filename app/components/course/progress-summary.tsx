import { LightLink } from '~/components/ui/light-link';
import type { CourseProgress } from '~/models/courses/course.server';

/** 'n de m aulas concluídas' as text and as a bar. */
export function ProgressBar({ progress }: { progress: CourseProgress }) {
  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const label = `${progress.done} de ${progress.total} aulas concluídas`;
  return (
    <div>
      <p className="text-sm font-medium text-slate-700" data-testid="course-progress-text">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label="Progresso no curso"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={label}
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The viewer's progress in this course, and where to go on ('Continuar de onde parou'). */
export function ProgressSummary({ progress, continueTo }: { progress: CourseProgress; continueTo: string | null }) {
  if (progress.total === 0) return null;
  return (
    <section className="card mt-6 flex flex-col gap-4 sm:flex-row sm:items-center" aria-label="Seu progresso">
      <div className="flex-1">
        <ProgressBar progress={progress} />
      </div>
      {continueTo ? (
        <LightLink to={continueTo} className="btn-primary shrink-0">
          Continuar de onde parou
        </LightLink>
      ) : null}
    </section>
  );
}
