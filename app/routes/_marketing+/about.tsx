import { LightLink } from '~/components/ui/light-link';
import { type MetaFunction } from '@remix-run/node';

export const meta: MetaFunction = () => [
  { title: 'Sobre — E-Engenharia' },
  {
    name: 'description',
    content:
      'Conheça a E-Engenharia: nossa missão, nossos valores, a equipe e a história da plataforma de ferramentas e cursos para engenheiros.',
  },
];

const VALUES = [
  {
    title: 'Precisão técnica',
    description: 'Cada calculadora é revisada por engenheiros e segue normas e referências reconhecidas da área.',
  },
  {
    title: 'Aprendizado contínuo',
    description: 'Acreditamos que a engenharia evolui todos os dias, e os nossos cursos acompanham essa evolução.',
  },
  {
    title: 'Acessibilidade',
    description: 'Ferramentas em português, com um plano gratuito, para que todo engenheiro possa começar sem barreiras.',
  },
  {
    title: 'Transparência',
    description: 'Planos sem renovação automática e sem letras miúdas: você sabe exatamente pelo que está pagando.',
  },
] as const;

const TEAM = [
  {
    name: 'Eng. Rafael Monteiro',
    role: 'Fundador e CEO',
    bio: 'Engenheiro mecânico formado pela USP, com mais de 12 anos de experiência em projetos industriais.',
  },
  {
    name: 'Eng. Mariana Costa',
    role: 'Diretora de Conteúdo',
    bio: 'Engenheira eletricista e professora, responsável pela curadoria das ferramentas e dos cursos da plataforma.',
  },
  {
    name: 'Eng. Thiago Nascimento',
    role: 'Diretor de Tecnologia',
    bio: 'Engenheiro de computação, lidera o desenvolvimento da plataforma e a integração das novas calculadoras.',
  },
] as const;

const HISTORY = [
  {
    year: '2022',
    title: 'A ideia',
    description:
      'Um grupo de engenheiros cansado de planilhas espalhadas decide reunir, em um só lugar, as ferramentas de cálculo que usava no dia a dia.',
  },
  {
    year: '2023',
    title: 'Lançamento da plataforma',
    description: 'A E-Engenharia é lançada com calculadoras de mecânica e elétrica e o plano gratuito E-BASIC.',
  },
  {
    year: '2024',
    title: 'Novas áreas e planos',
    description: 'Chegam as categorias têxtil, informática e química, junto com os planos E-TOOL e E-MASTER e o chat de suporte.',
  },
  {
    year: '2025',
    title: 'Cursos especializados',
    description: 'Lançamos os cursos com aulas em vídeo e materiais exclusivos, e a comunidade passa de 20 engenheiros ativos.',
  },
] as const;

const initials = (name: string) =>
  name
    .replace(/^Eng\.\s*/, '')
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2);

export default function AboutPage() {
  return (
    <div className="bg-white">
      <section className="bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600 text-white">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-100">Sobre nós</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">Engenharia feita por engenheiros</h1>
          <p className="mt-6 text-lg text-brand-100">
            A E-Engenharia reúne ferramentas de cálculo, cursos especializados e suporte para profissionais de engenharia de todo o Brasil.
            Hoje somos mais de 20 engenheiros ativos usando a plataforma.
          </p>
        </div>
      </section>

      <section aria-labelledby="missao-title" className="py-16">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <h2 id="missao-title" className="text-3xl font-bold tracking-tight text-slate-900">
              Nossa missão
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-600">
              Simplificar o trabalho do engenheiro brasileiro, oferecendo ferramentas confiáveis e conhecimento de qualidade, em português,
              para que cada profissional dedique mais tempo às decisões que importam e menos tempo a cálculos repetitivos.
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            <div className="flex flex-col-reverse rounded-xl bg-brand-50 p-6">
              <dt className="mt-2 text-sm text-slate-600">engenheiros ativos na plataforma</dt>
              <dd className="text-3xl font-bold text-brand-700">20+</dd>
            </div>
            <div className="flex flex-col-reverse rounded-xl bg-brand-50 p-6">
              <dt className="mt-2 text-sm text-slate-600">áreas da engenharia atendidas</dt>
              <dd className="text-3xl font-bold text-brand-700">5</dd>
            </div>
          </dl>
        </div>
      </section>

      <section aria-labelledby="valores-title" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2 id="valores-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Nossos valores
          </h2>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((value) => (
              <article key={value.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-brand-700">{value.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{value.description}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="equipe-title" className="py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2 id="equipe-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Nossa equipe
          </h2>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {TEAM.map((member) => (
              <article key={member.name} className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
                <span
                  className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-700"
                  aria-hidden="true"
                >
                  {initials(member.name)}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{member.name}</h3>
                <p className="text-sm font-medium text-brand-600">{member.role}</p>
                <p className="mt-3 text-sm leading-relaxed text-slate-600">{member.bio}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="historia-title" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2 id="historia-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Nossa história
          </h2>
          <ol className="relative mt-10 space-y-10 border-l-2 border-brand-100 pl-8">
            {HISTORY.map((step) => (
              <li key={step.year} className="relative">
                <span
                  className="absolute -left-[2.6rem] top-0.5 flex h-5 w-5 items-center justify-center rounded-full bg-brand-600 ring-4 ring-white"
                  aria-hidden="true"
                />
                <p className="text-sm font-semibold text-brand-600">{step.year}</p>
                <h3 className="mt-1 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="about-cta-title" className="py-16">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <h2 id="about-cta-title" className="text-2xl font-bold text-slate-900">
            Quer fazer parte?
          </h2>
          <p className="mt-3 text-slate-600">Crie sua conta grátis ou fale com a nossa equipe.</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <LightLink
              to="/auth?tab=register"
              className="inline-flex items-center justify-center rounded-md bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              Criar conta grátis
            </LightLink>
            <LightLink
              to="/contact"
              className="inline-flex items-center justify-center rounded-md bg-brand-50 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-100"
            >
              Fale conosco
            </LightLink>
          </div>
        </div>
      </section>
    </div>
  );
}
