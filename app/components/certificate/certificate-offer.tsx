import { Form } from '@remix-run/react';
import { LightLink } from '~/components/ui/light-link';
import { ASSESSMENT_TEXTS } from '~/schemas/assessment';
import type { CourseCertificateOffer } from '~/models/assessments/certificate.server';

/** The form that issues (or, after a change of the full name, issues anew) the certificate: a plain POST. */
export function IssueCertificateForm({ action, label, className }: { action?: string; label: string; className: string }) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="certificate" />
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}

/** Where 'Nome completo' is asked, for a certificate that needs it. */
export function FullNameNeeded() {
  return (
    <p className="text-sm text-slate-600">
      O certificado leva o seu nome completo.{' '}
      <LightLink to="/account#nome-completo" className="text-brand-700 hover:underline">
        Informe seu nome completo em Minha Conta
      </LightLink>{' '}
      para emiti-lo.
    </p>
  );
}

/** The course page's certificate box, once every lesson is done: 'Emitir certificado', or the issued one (and 'Emitir com o novo nome' after a change of name). */
export function CertificateOfferBox({ offer, courseId }: { offer: CourseCertificateOffer; courseId: number }) {
  if (!offer.complete) {
    return offer.assessment ? (
      <p className="card mt-4 p-4 text-sm text-slate-700">
        Este curso tem avaliação final: conclua as aulas e seja aprovado para emitir o certificado.{' '}
        <LightLink to={`/courses/${courseId}/avaliacao`} className="text-brand-700 hover:underline">
          Ver a avaliação final
        </LightLink>
      </p>
    ) : null;
  }
  const awaitsAssessment = !offer.code && offer.assessment !== null && !offer.assessment.passed;
  return (
    <section aria-labelledby="course-certificate-title" className="card mt-4 flex flex-wrap items-center justify-between gap-3 p-4">
      <div>
        <h2 id="course-certificate-title" className="font-semibold">
          Certificado
        </h2>
        <p className="text-sm text-slate-600">Você concluiu todas as aulas deste curso.</p>
        {offer.renamed ? (
          <p className="text-sm text-slate-600">
            Seu nome completo mudou desde a emissão: emita o certificado de novo para que ele leve o novo nome (o código atual passa a
            constar como substituído).
          </p>
        ) : null}
        {awaitsAssessment ? <p className="text-sm text-slate-600">{ASSESSMENT_TEXTS.notPassed}</p> : null}
        {!offer.code && offer.needsFullName ? <FullNameNeeded /> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {offer.code ? (
          <LightLink to={`/certificados/${offer.code}`} className={offer.renamed ? 'btn-secondary' : 'btn-primary'}>
            Ver certificado
          </LightLink>
        ) : null}
        {offer.renamed ? <IssueCertificateForm label="Emitir com o novo nome" className="btn-primary" /> : null}
        {awaitsAssessment ? (
          <LightLink to={`/courses/${courseId}/avaliacao`} className="btn-primary">
            Fazer a avaliação final
          </LightLink>
        ) : null}
        {!offer.code && !offer.needsFullName && !awaitsAssessment ? (
          <IssueCertificateForm label="Emitir certificado" className="btn-primary" />
        ) : null}
      </div>
    </section>
  );
}
