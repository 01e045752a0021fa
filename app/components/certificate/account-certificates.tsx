import { Form } from '@remix-run/react';
import { LightLink } from '~/components/ui/light-link';
import type { AccountCertificate } from '~/models/courses/certificate.server';

/** 'Minha Conta' → 'Certificados': a link to each issued certificate, and 'Emitir certificado' for a completed course without one. */
export function AccountCertificates({ items }: { items: AccountCertificate[] }) {
  return (
    <section className="card" aria-labelledby="certificates-title" id="certificados">
      <h2 id="certificates-title" className="text-lg font-semibold">
        Certificados
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Conclua todas as aulas de um curso para emitir o seu certificado.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.courseId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="font-medium">{item.courseTitle}</span>
              {item.code ? (
                <LightLink to={`/certificados/${item.code}`} className="text-brand-700 hover:underline">
                  Ver certificado
                </LightLink>
              ) : (
                <Form method="post" action={`/courses/${item.courseId}`}>
                  <input type="hidden" name="intent" value="certificate" />
                  <button type="submit" className="btn-secondary">
                    Emitir certificado
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
