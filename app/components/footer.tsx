import { LightLink } from '~/components/ui/light-link';
import { StaticMarkup } from '~/components/static-markup';

const columns: Array<{ title: string; links: Array<{ to: string; label: string }> }> = [
  {
    title: 'Produto',
    links: [
      { to: '/#recursos', label: 'Ferramentas' },
      { to: '/#planos', label: 'Planos' },
      { to: '/auth', label: 'Cursos' },
    ],
  },
  {
    title: 'Suporte',
    links: [
      { to: '/contact', label: 'Central de Ajuda' },
      { to: '/chats', label: 'Chat' },
      { to: '/terms', label: 'Documentação' },
    ],
  },
  {
    title: 'Empresa',
    links: [
      { to: '/about', label: 'Sobre' },
      { to: '/contact', label: 'Contato' },
      { to: '/terms', label: 'Termos' },
    ],
  },
];

/** What is inside the footer: the same for every page of a year (one text node for the line with the year, so it hydrates against the server's HTML). */
export function footerContent(year: number) {
  return (
    <>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-brand-700">E-Engenharia</p>
          <p className="mt-2 text-sm text-slate-600">Ferramentas, calculadoras e cursos para engenheiros.</p>
          <div className="mt-4 flex gap-3 text-sm">
            <a
              href="https://www.linkedin.com/company/e-engenharia"
              rel="noopener noreferrer"
              target="_blank"
              className="text-slate-600 hover:text-brand-700"
            >
              LinkedIn
            </a>
            <a
              href="https://www.instagram.com/e.engenharia"
              rel="noopener noreferrer"
              target="_blank"
              className="text-slate-600 hover:text-brand-700"
            >
              Instagram
            </a>
          </div>
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <p className="text-sm font-semibold text-slate-900">{column.title}</p>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <LightLink to={link.to} className="text-slate-600 hover:text-brand-700">
                    {link.label}
                  </LightLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-500">
        {`© ${year} E-Engenharia. Todos os direitos reservados.`}
      </p>
    </>
  );
}

export function Footer({ year }: { year: number }) {
  return (
    <StaticMarkup
      as="footer"
      className="border-t border-slate-200 bg-white print:hidden"
      markupKey={`footer:${year}`}
      content={() => footerContent(year)}
    />
  );
}
