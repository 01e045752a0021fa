import { LightLink } from '~/components/ui/light-link';
import type { AccountCertificateOffer } from '~/models/assessments/certificate.server';
import { FullNameNeeded, IssueCertificateForm } from './certificate-offer';

/**
 * 'Minha Conta' → 'Certificados': a link to each issued certificate, 'Emitir certificado' for a completed course without one
 * ('Faça a avaliação final' while its final assessment is not passed), 'Emitir com o novo nome' after a change of name.
 */
export function AccountCertificates({ items, hasFullName }: { items: AccountCertificateOffer[]; hasFullName: boolean }) {
  return (
    <section className="card" aria-labelledby="certificates-title" id="certificados">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="certificates-title" className="text-lg font-semibold">
          Certificados
        </h2>
        <LightLink to="/account/formacao" className="btn-secondary">
          Formação
        </LightLink>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Em Formação: cada curso com progresso, tentativas, notas, conclusão e certificado, e o histórico de formação em PDF.
      </p>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Conclua todas as aulas de um curso para emitir o seu certificado.</p>
      ) : (
        <>
          {!hasFullName && items.some((item) => !item.code) ? (
            <div className="mt-2">
              <FullNameNeeded />
            </div>
          ) : null}
          <ul className="mt-3 divide-y divide-slate-100">
            {items.map((item) => (
              <li key={item.courseId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="font-medium">{item.courseTitle}</span>
                <span className="flex flex-wrap items-center gap-3">
                  {item.code ? (
                    <LightLink to={`/certificados/${item.code}`} className="text-brand-700 hover:underline">
                      Ver certificado
                    </LightLink>
                  ) : null}
                  {item.renamed ? (
                    <IssueCertificateForm action={`/courses/${item.courseId}`} label="Emitir com o novo nome" className="btn-secondary" />
                  ) : null}
                  {!item.code && item.assessment && !item.assessment.passed ? (
                    <LightLink to={`/courses/${item.courseId}/avaliacao`} className="text-brand-700 hover:underline">
                      Faça a avaliação final
                    </LightLink>
                  ) : null}
                  {!item.code && hasFullName && (!item.assessment || item.assessment.passed) ? (
                    <IssueCertificateForm action={`/courses/${item.courseId}`} label="Emitir certificado" className="btn-secondary" />
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
