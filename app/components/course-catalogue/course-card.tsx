import { LightLink } from '~/components/ui/light-link';
import { CardSkeleton } from '~/components/ui/card-skeleton';
import type { CourseCard as CourseCardData } from '~/models/courses/course.server';
import { COURSE_CATEGORY_LABELS, COURSE_LEVEL_LABELS, type CourseCategory, type CourseLevel } from '~/utils/value-sets';

const LEVEL_STYLES: Record<CourseLevel, string> = {
  beginner: 'bg-green-100 text-green-800',
  intermediate: 'bg-brand-100 text-brand-700',
  advanced: 'bg-amber-100 text-amber-800',
};

export function CourseCategoryBadge({ category }: { category: CourseCategory }) {
  return (
    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
      {COURSE_CATEGORY_LABELS[category] ?? COURSE_CATEGORY_LABELS.other}
    </span>
  );
}

export function CourseLevelBadge({ level }: { level: CourseLevel }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${LEVEL_STYLES[level] ?? 'bg-slate-100 text-slate-700'}`}>
      {COURSE_LEVEL_LABELS[level] ?? level}
    </span>
  );
}

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

type Badge = { label: string; locked: boolean; tone: string };

/** What the card says about the viewer's way in: needs a code, premium, or open (and why). */
function accessBadge(course: CourseCardData): Badge {
  const { access } = course;
  const gated = course.requiresPromoCode || course.priceLabel !== null;
  if (access.isAdmin) {
    if (course.requiresPromoCode) return { label: 'Requer código', locked: false, tone: 'bg-slate-100 text-slate-700' };
    if (course.priceLabel) return { label: 'Premium', locked: false, tone: 'bg-slate-100 text-slate-700' };
    return { label: 'Livre para E-MASTER', locked: false, tone: 'bg-slate-100 text-slate-700' };
  }
  if (access.state === 'promo') return { label: 'Requer código', locked: true, tone: 'bg-slate-100 text-slate-700' };
  if (access.state === 'premium') return { label: 'Premium', locked: true, tone: 'bg-amber-100 text-amber-800' };
  if (access.hasPurchased) return { label: 'Adquirido', locked: false, tone: 'bg-green-100 text-green-800' };
  if (gated) return { label: 'Desbloqueado', locked: false, tone: 'bg-green-100 text-green-800' };
  return { label: 'Incluído no plano', locked: false, tone: 'bg-green-100 text-green-800' };
}

/** The card's button: 'Revisar curso' once every lesson is done, 'Continuar curso' part-way, 'Acessar curso' before the first. */
export function actionLabel(course: Pick<CourseCardData, 'access' | 'progress'>): string {
  if (course.access.state === 'promo') return 'Desbloquear';
  if (course.access.state === 'premium') return 'Ver detalhes';
  if (!course.progress || course.progress.done === 0) return 'Acessar curso';
  return course.progress.total > 0 && course.progress.done >= course.progress.total ? 'Revisar curso' : 'Continuar curso';
}

/** 'n de m aulas concluídas' with its bar (a course the viewer may open, with lessons). */
export function CourseProgressBar({ done, total, id }: { done: number; total: number; id: string }) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div>
      <p id={id} className="text-sm text-slate-600">
        {done} de {total} aulas concluídas
      </p>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** One card of the catalogue grid; a hidden course (admins only) has a dashed border and the 'Oculto' badge. */
export function CourseCard({ course }: { course: CourseCardData }) {
  const badge = accessBadge(course);
  const href = `/courses/${course.id}`;
  const showPrice = course.priceLabel !== null && (course.access.isAdmin || !course.access.hasAccess);
  return (
    <article
      data-testid="course-card"
      data-state={course.access.state}
      className={`card flex flex-col ${course.isHidden ? 'border-2 border-dashed border-slate-400 bg-slate-50' : ''}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <CourseCategoryBadge category={course.category} />
        <CourseLevelBadge level={course.level} />
        <span
          data-testid="course-access"
          className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ${badge.tone}`}
        >
          {badge.locked ? <LockIcon /> : null}
          {badge.label}
        </span>
        {course.isHidden ? (
          <span
            data-testid="course-hidden"
            className="rounded-full border border-dashed border-slate-500 px-2.5 py-0.5 text-xs font-semibold text-slate-700"
          >
            Oculto
          </span>
        ) : null}
      </div>
      <h3 className="mt-3 text-lg font-semibold">
        <LightLink to={href} className="hover:text-brand-700 hover:underline">
          {course.title}
        </LightLink>
      </h3>
      <p className="mt-1 line-clamp-3 text-sm text-slate-600">{course.description}</p>
      <dl className="mt-3 space-y-0.5 text-sm text-slate-600">
        <div className="flex gap-1">
          <dt className="font-medium text-slate-700">Instrutor:</dt>
          <dd>{course.instructor}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-medium text-slate-700">Duração:</dt>
          <dd>{course.duration}</dd>
        </div>
      </dl>
      <div className="mt-auto pt-4">
        {showPrice ? (
          <p data-testid="course-price" className="mb-3 text-lg font-bold text-slate-900">
            {course.priceLabel}
          </p>
        ) : null}
        {course.access.hasAccess && course.progress && course.progress.total > 0 ? (
          <div className="mb-3">
            <CourseProgressBar id={`course-${course.id}-progress`} done={course.progress.done} total={course.progress.total} />
          </div>
        ) : null}
        <LightLink to={href} className={course.access.hasAccess ? 'btn-primary' : 'btn-secondary'}>
          {actionLabel(course)}
          <span className="sr-only">: {course.title}</span>
        </LightLink>
      </div>
    </article>
  );
}

export const CourseCardSkeleton = () => <CardSkeleton testId="course-skeleton" buttonWidths={['w-32']} />;
