import { Form } from '@remix-run/react';
import { LightLink } from '~/components/ui/light-link';
import type { CertificateOffer } from '~/models/courses/certificate.server';

/** The course page's certificate box, once every lesson is done: 'Emitir certificado', or the issued one. */
export function CertificateOfferBox({ offer }: { offer: CertificateOffer }) {
  if (!offer.complete) return null;
  return (
    <section aria-labelledby="course-certificate-title" className="card mt-4 flex flex-wrap items-center justify-between gap-3 p-4">
      <div>
        <h2 id="course-certificate-title" className="font-semibold">
          Certificado
        </h2>
        <p className="text-sm text-slate-600">Você concluiu todas as aulas deste curso.</p>
      </div>
      {offer.code ? (
        <LightLink to={`/certificados/${offer.code}`} className="btn-primary">
          Ver certificado
        </LightLink>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="certificate" />
          <button type="submit" className="btn-primary">
            Emitir certificado
          </button>
        </Form>
      )}
    </section>
  );
}
