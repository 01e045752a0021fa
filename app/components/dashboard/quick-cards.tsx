import { LightLink } from '~/components/ui/light-link';
import { CourseProgressBar } from '~/components/course-catalogue/course-card';

/** The course an E-MASTER (or admin) last worked on, as the dashboard loader shapes it. */
export type RecentCourseCard = { title: string; done: number; total: number; href: string; finished: boolean };

function CoursesCard({ recentCourse }: { recentCourse: RecentCourseCard | null }) {
  if (!recentCourse) {
    return (
      <LightLink to="/courses" className="card hover:border-brand-500">
        <p className="font-semibold">Cursos</p>
        <p className="mt-1 text-sm text-slate-600">Cursos especializados com aulas e materiais.</p>
      </LightLink>
    );
  }
  return (
    <section data-testid="recent-course" className="card" aria-labelledby="recent-course-title">
      <LightLink to="/courses" className="font-semibold hover:text-brand-700 hover:underline">
        Cursos
      </LightLink>
      <p id="recent-course-title" className="mt-1 text-sm font-medium text-slate-800">
        {recentCourse.title}
      </p>
      <div className="mt-2">
        <CourseProgressBar id="recent-course-progress" done={recentCourse.done} total={recentCourse.total} />
      </div>
      <LightLink to={recentCourse.href} className="btn-primary mt-3">
        {recentCourse.finished ? 'Rever o curso' : 'Continuar de onde parou'}
      </LightLink>
    </section>
  );
}

/** The dashboard's shortcuts: Cursos (with the course last worked on, if any), Admin (admins only), Conta. */
export function QuickCards({ isAdmin, recentCourse = null }: { isAdmin: boolean; recentCourse?: RecentCourseCard | null }) {
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <CoursesCard recentCourse={recentCourse} />
      {isAdmin ? (
        <LightLink to="/admin" className="card hover:border-brand-500">
          <p className="font-semibold">Admin</p>
          <p className="mt-1 text-sm text-slate-600">Gerencie usuários, ferramentas e cursos.</p>
        </LightLink>
      ) : null}
      <LightLink to="/account" className="card hover:border-brand-500">
        <p className="font-semibold">Conta</p>
        <p className="mt-1 text-sm text-slate-600">Seu perfil, senha e plano.</p>
      </LightLink>
    </div>
  );
}
