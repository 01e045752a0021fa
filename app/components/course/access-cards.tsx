import { LightLink } from '~/components/ui/light-link';
import { PromoCodeInput } from '~/components/ui/promo-code-input';
import type { ReactNode } from 'react';
import { IntentForm } from '~/components/ui/intent-form';
import type { CourseView } from '~/models/courses/course.server';
import { courseCodeSchema } from '~/schemas/course';
import { useIntentForm } from '~/utils/intent-form';
import { CourseKindBadges } from './detail-header';

/** What a non-admin sees of a course they cannot open yet (the specification's Screens and routes): no lesson, material or video. */

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

/** The locked card's frame: its title with a lock, then the course's title, badges and description. */
function LockedCourseCard({ title, testId, course, children }: { title: string; testId: string; course: CourseView; children: ReactNode }) {
  const titleId = `${testId}-title`;
  return (
    <section className="card" aria-labelledby={titleId} data-testid={testId}>
      <div className="flex items-center gap-3 text-amber-700">
        <LockIcon />
        <h1 id={titleId} className="text-2xl font-bold text-slate-900">
          {title}
        </h1>
      </div>
      <h2 className="mt-4 text-xl font-semibold">{course.title}</h2>
      <div className="mt-2 flex flex-wrap gap-2">
        <CourseKindBadges course={course} />
      </div>
      <p className="mt-3 whitespace-pre-line text-slate-700">{course.description}</p>
      {children}
    </section>
  );
}

/** 'Acesso Restrito': the course needs its code; a refusal shows beside the field (and as a toast). */
export function PromoAccessCard({ course }: { course: CourseView }) {
  // No client check: the server answers an empty code with its message and the toast.
  const { form, fields, submitting } = useIntentForm('unlock', courseCodeSchema, { id: 'course-unlock', clientValidation: false });
  const error = fields.code.errors?.[0] ?? form.errors?.[0];
  const errorId = `${fields.code.id}-error`;
  return (
    <LockedCourseCard title="Acesso Restrito" testId="course-promo-card" course={course}>
      <p className="mt-4 font-medium text-slate-900">Este curso requer um código promocional para acesso.</p>
      <IntentForm intent="unlock" form={form} className="mt-4 space-y-3">
        <div>
          <PromoCodeInput
            field={fields.code}
            visibleLabel="Código Promocional"
            placeholder="Digite o código do curso"
            invalid={Boolean(error)}
            describedBy={error ? errorId : undefined}
          />
          {error ? (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Verificando...' : 'Desbloquear Acesso'}
        </button>
      </IntentForm>
    </LockedCourseCard>
  );
}

/** 'Curso Premium': the price (two decimals) and the way to buy it. */
export function PremiumAccessCard({ course }: { course: CourseView }) {
  return (
    <LockedCourseCard title="Curso Premium" testId="course-premium-card" course={course}>
      {course.priceLabel ? (
        <p className="mt-4 text-3xl font-bold text-slate-900" data-testid="course-price">
          {course.priceLabel}
        </p>
      ) : null}
      <p className="mt-2 text-slate-700">Este curso requer uma compra para obter acesso.</p>
      <LightLink to={`/upgrade?${new URLSearchParams({ courseId: String(course.id) })}`} className="btn-primary mt-4">
        Comprar Acesso
      </LightLink>
    </LockedCourseCard>
  );
}
