import { LightLink } from '~/components/ui/light-link';
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { landingPage } from '~/models/payments/index.server';
import { CATEGORY_LABELS, type Category, type ProRole } from '~/utils/value-sets';
import { previewMeta, siteOriginOf } from '~/utils/meta';
import { Icon, IconBadge } from '~/components/ui/icon';
import { PageSection } from '~/components/ui/page-section';

const LANDING_DESCRIPTION =
  'Calculadoras de engenharia mecânica, elétrica, têxtil, informática e química, cursos especializados e suporte de quem entende. Comece grátis no plano E-BASIC.';

export const meta: MetaFunction = ({ matches }) => [
  { title: 'E-Engenharia — Ferramentas e cursos para engenheiros' },
  { name: 'description', content: LANDING_DESCRIPTION },
  ...previewMeta({
    title: 'E-Engenharia — Ferramentas e cursos para engenheiros',
    description: LANDING_DESCRIPTION,
    url: '/',
    origin: siteOriginOf(matches),
  }),
];

/** Whether the visitor is logged in, and the paid plans' prices; back from a payment redirect, its redirect. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await landingPage(request));
}

const ICONS = {
  gear: 'M9.594 3.94c.09-.542.56-.94 1.11-.94h2.593c.55 0 1.02.398 1.11.94l.213 1.281c.063.374.313.686.645.87.074.04.147.083.22.127.325.196.72.257 1.075.124l1.217-.456a1.125 1.125 0 0 1 1.37.49l1.296 2.247a1.125 1.125 0 0 1-.26 1.431l-1.003.827c-.293.241-.438.613-.43.992a7.723 7.723 0 0 1 0 .255c-.008.378.137.75.43.991l1.004.827c.424.35.534.955.26 1.43l-1.298 2.247a1.125 1.125 0 0 1-1.369.491l-1.217-.456c-.355-.133-.75-.072-1.076.124a6.47 6.47 0 0 1-.22.128c-.331.183-.581.495-.644.869l-.213 1.281c-.09.543-.56.94-1.11.94h-2.594c-.55 0-1.019-.398-1.11-.94l-.213-1.281c-.062-.374-.312-.686-.644-.87a6.52 6.52 0 0 1-.22-.127c-.325-.196-.72-.257-1.076-.124l-1.217.456a1.125 1.125 0 0 1-1.369-.49l-1.297-2.247a1.125 1.125 0 0 1 .26-1.431l1.004-.827c.292-.24.437-.613.43-.991a6.932 6.932 0 0 1 0-.255c.007-.38-.138-.751-.43-.992l-1.004-.827a1.125 1.125 0 0 1-.26-1.43l1.297-2.247a1.125 1.125 0 0 1 1.37-.491l1.216.456c.356.133.751.072 1.076-.124.072-.044.146-.086.22-.128.332-.183.582-.495.644-.869l.214-1.28Z M15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
  bolt: 'm3.75 13.5 10.5-11.25L12 10.5h8.25L9.75 21.75 12 13.5H3.75Z',
  swatch:
    'M4.098 19.902a3.75 3.75 0 0 0 5.304 0l6.401-6.402M6.75 21A3.75 3.75 0 0 1 3 17.25V4.125C3 3.504 3.504 3 4.125 3h5.25c.621 0 1.125.504 1.125 1.125v4.072M6.75 21a3.75 3.75 0 0 0 3.75-3.75V8.197M6.75 21h13.125c.621 0 1.125-.504 1.125-1.125v-5.25c0-.621-.504-1.125-1.125-1.125h-4.072M10.5 8.197l2.88-2.88c.438-.439 1.15-.439 1.59 0l3.712 3.713c.44.44.44 1.152 0 1.59l-2.879 2.88M6.75 17.25h.008v.008H6.75v-.008Z',
  computer:
    'M9 17.25v1.007a3 3 0 0 1-.879 2.122L7.5 21h9l-.621-.621A3 3 0 0 1 15 18.257V17.25m6-12V15a2.25 2.25 0 0 1-2.25 2.25H5.25A2.25 2.25 0 0 1 3 15V5.25m18 0A2.25 2.25 0 0 0 18.75 3H5.25A2.25 2.25 0 0 0 3 5.25m18 0V12a2.25 2.25 0 0 1-2.25 2.25H5.25A2.25 2.25 0 0 1 3 12V5.25',
  beaker:
    'M9.75 3.104v5.714a2.25 2.25 0 0 1-.659 1.591L5 14.5M9.75 3.104c-.251.023-.501.05-.75.082m.75-.082a24.301 24.301 0 0 1 4.5 0m0 0v5.714c0 .597.237 1.17.659 1.591L19.8 15.3M14.25 3.104c.251.023.501.05.75.082M19.8 15.3l-1.57.393A9.065 9.065 0 0 1 12 15a9.065 9.065 0 0 0-6.23-.693L5 14.5m14.8.8 1.402 1.402c1.232 1.232.65 3.318-1.067 3.611A48.309 48.309 0 0 1 12 21c-2.773 0-5.491-.235-8.135-.687-1.718-.293-2.3-2.379-1.067-3.61L5 14.5',
  academic:
    'M4.26 10.147a60.438 60.438 0 0 0-.491 6.347A48.62 48.62 0 0 1 12 20.904a48.62 48.62 0 0 1 8.232-4.41 60.46 60.46 0 0 0-.491-6.347m-15.482 0a50.636 50.636 0 0 0-2.658-.813A59.906 59.906 0 0 1 12 3.493a59.903 59.903 0 0 1 10.399 5.84c-.896.248-1.783.52-2.658.814m-15.482 0A50.717 50.717 0 0 1 12 13.489a50.702 50.702 0 0 1 7.74-3.342M6.75 15a.75.75 0 1 0 0-1.5.75.75 0 0 0 0 1.5Zm0 0v-3.675A55.378 55.378 0 0 1 12 8.443m-7.007 11.55A5.981 5.981 0 0 0 6.75 15.75v-1.5',
  chat: 'M20.25 8.511c.884.284 1.5 1.128 1.5 2.097v4.286c0 1.136-.847 2.1-1.98 2.193-.34.027-.68.052-1.02.072v3.091l-3-3c-1.354 0-2.694-.055-4.02-.163a2.115 2.115 0 0 1-.825-.242m9.345-8.334a2.126 2.126 0 0 0-.476-.095 48.64 48.64 0 0 0-8.048 0c-1.131.094-1.976 1.057-1.976 2.192v4.286c0 .837.46 1.58 1.155 1.951m9.345-8.334V6.637c0-1.621-1.152-3.026-2.76-3.235A48.455 48.455 0 0 0 11.25 3c-2.115 0-4.198.137-6.24.402-1.608.209-2.76 1.614-2.76 3.235v6.226c0 1.621 1.152 3.026 2.76 3.235.577.075 1.157.14 1.74.194V21l4.155-4.155',
  check: 'm4.5 12.75 6 6 9-13.5',
} as const;

/** Each area's card: its calculators come from the loader (the calculators themselves), never from text written here. */
const AREA_ICONS: Record<Category, string> = {
  mechanical: ICONS.gear,
  electrical: ICONS.bolt,
  textile: ICONS.swatch,
  informatics: ICONS.computer,
  chemical: ICONS.beaker,
};

const FEATURES = [
  {
    title: 'Cursos Especializados',
    description: 'Cursos com aulas em vídeo e materiais exclusivos, preparados por engenheiros para quem quer ir além no dia a dia.',
    icon: ICONS.academic,
  },
  {
    title: 'Suporte Especializado',
    description: 'Chat de suporte com a nossa equipe, avaliações das ferramentas pela comunidade e notificações de novidades.',
    icon: ICONS.chat,
  },
] as const;

type Plan = {
  name: string;
  /** 'Grátis', or the paid plan whose price (plan_prices) the loader gives. */
  price: 'Grátis' | ProRole;
  period?: string;
  description: string;
  features: string[];
  cta: string;
  popular?: boolean;
};

const PLANS: Plan[] = [
  {
    name: 'E-BASIC',
    price: 'Grátis',
    description: 'Para conhecer a plataforma e resolver o dia a dia.',
    features: [
      'Ferramentas básicas das cinco categorias',
      'Avaliações e comentários nas ferramentas',
      'Notificações de novidades',
      'Chat de suporte',
    ],
    cta: 'Começar grátis',
  },
  {
    name: 'E-TOOL',
    price: 'E-TOOL',
    period: '/mês',
    description: 'Para o engenheiro que usa cálculos todos os dias.',
    features: [
      'Tudo do plano E-BASIC',
      'Todas as ferramentas E-TOOL',
      'Calculadoras profissionais de mecânica, elétrica, têxtil, informática e química',
      'Sem renovação automática',
    ],
    cta: 'Assinar E-TOOL',
    popular: true,
  },
  {
    name: 'E-MASTER',
    price: 'E-MASTER',
    period: '/mês',
    description: 'Acesso completo: ferramentas, cursos e suporte premium.',
    features: ['Tudo do plano E-TOOL', 'Acesso a todas as ferramentas', 'Cursos especializados', 'Materiais exclusivos', 'Suporte premium'],
    cta: 'Assinar E-MASTER',
  },
];

const TESTIMONIALS = [
  {
    quote:
      'As calculadoras de elétrica viraram parte da minha rotina de projetos. O que eu fazia em planilha agora resolvo em poucos minutos.',
    name: 'Carla Mendes',
    role: 'Engenheira Eletricista, Campinas/SP',
  },
  {
    quote:
      'Os cursos do E-MASTER são objetivos e feitos por quem está no chão de fábrica. Recomendo para quem quer se atualizar sem perder tempo.',
    name: 'Ricardo Almeida',
    role: 'Engenheiro Mecânico, Joinville/SC',
  },
  {
    quote: 'Finalmente uma plataforma com ferramentas de engenharia têxtil em português. O suporte responde rápido e entende do assunto.',
    name: 'Juliana Prado',
    role: 'Engenheira Têxtil, Blumenau/SC',
  },
] as const;

const HERO_STATS = [
  { value: '50+ engenheiros', label: 'já fazem parte da comunidade' },
  { value: '5 áreas', label: 'mecânica, elétrica, têxtil, informática e química' },
  { value: 'Grátis', label: 'para começar no plano E-BASIC' },
  { value: 'Sem fidelidade', label: 'planos pagos sem renovação automática' },
] as const;

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2);

export default function LandingPage() {
  const { isLoggedIn, planPrices, areas } = useLoaderData<typeof loader>();
  const registerHref = isLoggedIn ? '/dashboard' : '/auth?tab=register';

  return (
    <div className="bg-white">
      {/* Signed-in visitors already have the site header (sticky) above this one. */}
      <header className={`border-b border-slate-200 bg-white/90 backdrop-blur ${isLoggedIn ? '' : 'sticky top-0 z-30'}`}>
        <nav
          aria-label="Navegação da página inicial"
          className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8"
        >
          <LightLink to="/" className="text-xl font-bold tracking-tight text-brand-700">
            E-Engenharia
          </LightLink>
          <ul className="hidden items-center gap-6 text-sm font-medium text-slate-700 md:flex">
            <li>
              <a href="#recursos" className="hover:text-brand-600">
                Recursos
              </a>
            </li>
            <li>
              <a href="#planos" className="hover:text-brand-600">
                Planos
              </a>
            </li>
            <li>
              <a href="#depoimentos" className="hover:text-brand-600">
                Depoimentos
              </a>
            </li>
          </ul>
          <div className="flex items-center gap-2">
            {isLoggedIn ? (
              <LightLink
                to="/dashboard"
                className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                Ir para o Dashboard
              </LightLink>
            ) : (
              <>
                <LightLink to="/auth" className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
                  Entrar
                </LightLink>
                <LightLink
                  to="/auth?tab=register"
                  className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
                >
                  Começar
                </LightLink>
              </>
            )}
          </div>
        </nav>
        <ul className="flex justify-center gap-6 border-t border-slate-100 py-2 text-sm font-medium text-slate-700 md:hidden">
          <li>
            <a href="#recursos">Recursos</a>
          </li>
          <li>
            <a href="#planos">Planos</a>
          </li>
          <li>
            <a href="#depoimentos">Depoimentos</a>
          </li>
        </ul>
      </header>

      {/* Hero */}
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-28">
          <div>
            <p className="inline-flex items-center rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/20">
              50+ engenheiros já usam a plataforma
            </p>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl">Ferramentas e cursos para engenheiros</h1>
            <p className="mt-6 max-w-xl text-lg text-brand-100">
              Calculadoras de mecânica, elétrica, têxtil, informática e química, cursos especializados e suporte de quem entende de
              engenharia — tudo em um só lugar, em português.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <LightLink
                to={registerHref}
                className="inline-flex items-center justify-center rounded-md bg-white px-6 py-3 text-base font-semibold text-brand-700 shadow hover:bg-brand-50"
              >
                {isLoggedIn ? 'Ir para o Dashboard' : 'Comece grátis'}
              </LightLink>
              <a
                href="#planos"
                className="inline-flex items-center justify-center rounded-md px-6 py-3 text-base font-semibold text-white ring-1 ring-white/40 hover:bg-white/10"
              >
                Ver planos
              </a>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4 sm:gap-6">
            {HERO_STATS.map((stat) => (
              // Reversed so the value reads first; justify-end keeps it at the top when a neighbour's label wraps longer.
              <div
                key={stat.label}
                data-testid="hero-stat"
                className="flex min-w-0 flex-col-reverse justify-end rounded-xl bg-white/10 p-4 ring-1 ring-white/20 sm:p-6"
              >
                <dt className="mt-2 text-sm text-brand-100">{stat.label}</dt>
                <dd className="break-words text-lg font-bold sm:text-3xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      {/* Features */}
      <PageSection
        id="recursos"
        eyebrow="Recursos"
        title="Tudo o que você precisa no dia a dia da engenharia"
        intro="Ferramentas organizadas em cinco categorias: mecânica, elétrica, têxtil, informática e química."
      >
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {areas.map((area) => (
            <article
              key={area.category}
              data-testid="landing-area"
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md"
            >
              <IconBadge path={AREA_ICONS[area.category]} />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">Engenharia {CATEGORY_LABELS[area.category]}</h3>
              <p className="mt-2 text-sm text-slate-600">
                {area.calculators.length === 1 ? '1 calculadora:' : `${area.calculators.length} calculadoras:`}
              </p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm leading-relaxed text-slate-600">
                {area.calculators.map((title) => (
                  <li key={title}>{title}</li>
                ))}
              </ul>
            </article>
          ))}
          {FEATURES.map((feature) => (
            <article key={feature.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md">
              <IconBadge path={feature.icon} />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{feature.description}</p>
            </article>
          ))}
        </div>
      </PageSection>

      {/* Pricing */}
      <PageSection
        id="planos"
        eyebrow="Planos"
        title="Escolha o plano ideal para você"
        intro="Comece grátis e faça upgrade quando precisar. Os planos pagos não têm renovação automática: o acesso vale pelo período contratado."
        tinted
      >
        <div className="mt-12 grid gap-8 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <article
              key={plan.name}
              className={`relative flex flex-col rounded-2xl bg-white p-8 shadow-sm ${
                plan.popular ? 'border-2 border-brand-600 shadow-lg lg:-translate-y-2' : 'border border-slate-200'
              }`}
            >
              {plan.popular ? (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-4 py-1 text-xs font-semibold uppercase tracking-wide text-white">
                  Mais Popular
                </span>
              ) : null}
              <h3 className="text-lg font-semibold text-brand-700">{plan.name}</h3>
              <p className="mt-2 text-sm text-slate-600">{plan.description}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight text-slate-900">
                  {plan.price === 'Grátis' ? plan.price : planPrices[plan.price]}
                </span>
                {plan.period ? <span className="text-sm font-medium text-slate-500">{plan.period}</span> : null}
              </p>
              <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Icon path={ICONS.check} className="h-5 w-5 shrink-0 text-brand-600" />
                    {feature}
                  </li>
                ))}
              </ul>
              <LightLink
                to="/auth?tab=register"
                className={`mt-8 inline-flex items-center justify-center rounded-md px-4 py-3 text-sm font-semibold shadow-sm ${
                  plan.popular ? 'bg-brand-600 text-white hover:bg-brand-700' : 'bg-brand-50 text-brand-700 hover:bg-brand-100'
                }`}
              >
                {plan.cta}
              </LightLink>
            </article>
          ))}
        </div>
      </PageSection>

      {/* Testimonials */}
      <PageSection id="depoimentos" eyebrow="Depoimentos" title="O que dizem os engenheiros">
        <div className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <figure key={testimonial.name} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <blockquote className="flex-1 text-slate-700">
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
                  aria-hidden="true"
                >
                  {initials(testimonial.name)}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{testimonial.name}</span>
                  <span className="block text-sm text-slate-500">{testimonial.role}</span>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </PageSection>

      {/* Final call to action */}
      <section aria-labelledby="cta-title" className="bg-brand-700">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:px-8">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Pronto para acelerar seus projetos?
          </h2>
          <p className="mt-4 text-lg text-brand-100">
            Junte-se aos 50+ engenheiros que já usam a E-Engenharia. Crie sua conta grátis em menos de um minuto.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <LightLink
              to={registerHref}
              className="inline-flex items-center justify-center rounded-md bg-white px-6 py-3 text-base font-semibold text-brand-700 shadow hover:bg-brand-50"
            >
              {isLoggedIn ? 'Ir para o Dashboard' : 'Criar conta grátis'}
            </LightLink>
            <LightLink
              to="/contact"
              className="inline-flex items-center justify-center rounded-md px-6 py-3 text-base font-semibold text-white ring-1 ring-white/40 hover:bg-white/10"
            >
              Fale conosco
            </LightLink>
          </div>
        </div>
      </section>
    </div>
  );
}
