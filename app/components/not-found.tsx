import { LightLink } from '~/components/ui/light-link';

export function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold">Página não encontrada</h1>
      <p className="mt-4 text-slate-600">A página que você procura não existe ou foi movida.</p>
      <LightLink to="/" className="btn-primary mt-8">
        Voltar ao início
      </LightLink>
    </div>
  );
}
