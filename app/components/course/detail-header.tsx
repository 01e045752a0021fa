import { LightLink } from '~/components/ui/light-link';
import { useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { CourseView } from '~/models/courses/course.server';
import { withParams } from '~/utils/url-state';
import { COURSE_CATEGORY_LABELS, COURSE_LEVEL_LABELS } from '~/utils/value-sets';

/** The course page's header, tabs and 'Visão Geral' (the specification's 'Course detail' screen). */

export function Badge({ children, tone = 'slate' }: { children: ReactNode; tone?: 'slate' | 'brand' | 'amber' }) {
  const tones = {
    slate: 'bg-slate-100 text-slate-700',
    brand: 'bg-brand-100 text-brand-700',
    amber: 'bg-amber-100 text-amber-800',
  } as const;
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}

export const categoryLabel = (category: string) =>
  COURSE_CATEGORY_LABELS[category as keyof typeof COURSE_CATEGORY_LABELS] ?? COURSE_CATEGORY_LABELS.other;
export const levelLabel = (level: string) => COURSE_LEVEL_LABELS[level as keyof typeof COURSE_LEVEL_LABELS] ?? level;

/** Category and level: what the locked cards show too. */
export function CourseKindBadges({ course }: { course: Pick<CourseView, 'category' | 'level'> }) {
  return (
    <>
      <Badge tone="brand">{categoryLabel(course.category)}</Badge>
      <Badge>{levelLabel(course.level)}</Badge>
    </>
  );
}

export function CourseHeader({ course }: { course: CourseView }) {
  return (
    <header className="mt-4">
      <h1 className="text-3xl font-bold">{course.title}</h1>
      <div className="mt-3 flex flex-wrap items-center gap-2" data-testid="course-badges">
        <CourseKindBadges course={course} />
        {course.duration ? <Badge>Duração: {course.duration}</Badge> : null}
        {course.instructor ? <Badge>Instrutor: {course.instructor}</Badge> : null}
        {course.isHidden ? <Badge tone="amber">Oculto</Badge> : null}
      </div>
      <p className="mt-4 whitespace-pre-line text-slate-700">{course.description}</p>
    </header>
  );
}

const TAB_LABELS = { overview: 'Visão Geral', content: 'Conteúdo do Curso', admin: 'Administração' } as const;
type Tab = keyof typeof TAB_LABELS;

/** Tabs are links (`?tab=`), so they work without JavaScript and survive a reload. */
export function CourseTabs({ current, isAdmin }: { current: Tab; isAdmin: boolean }) {
  const location = useLocation();
  const tabs: Tab[] = isAdmin ? ['overview', 'content', 'admin'] : ['overview', 'content'];
  return (
    <div role="tablist" aria-label="Seções do curso" className="mt-8 flex gap-1 overflow-x-auto border-b border-slate-200">
      {tabs.map((tab) => {
        const active = tab === current;
        return (
          <LightLink
            key={tab}
            id={`course-tab-${tab}`}
            role="tab"
            aria-selected={active}
            aria-controls={active ? 'course-tabpanel' : undefined}
            to={`${location.pathname}${withParams(location.search, { tab: tab === 'overview' ? null : tab, dialog: null, confirm: null, material: null })}`}
            preventScrollReset
            className={`-mb-px whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium ${
              active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {TAB_LABELS[tab]}
          </LightLink>
        );
      })}
    </div>
  );
}

export function CourseOverview({ course }: { course: CourseView }) {
  return (
    <div className="grid gap-6 md:grid-cols-3">
      <section className="card md:col-span-2" aria-labelledby="about-title">
        <h2 id="about-title" className="text-lg font-semibold">
          Sobre o curso
        </h2>
        <p className="mt-2 whitespace-pre-line text-slate-700">{course.description}</p>
      </section>
      <section className="card" aria-labelledby="details-title">
        <h2 id="details-title" className="text-lg font-semibold">
          Detalhes
        </h2>
        <dl className="mt-2 space-y-3 text-sm">
          <div>
            <dt className="font-medium text-slate-500">Instrutor</dt>
            <dd className="text-slate-900">{course.instructor || 'Não especificado'}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Duração</dt>
            <dd className="text-slate-900">{course.duration || 'Não especificada'}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Nível</dt>
            <dd className="text-slate-900">{levelLabel(course.level)}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
