import type { CertificateView } from '~/models/courses/certificate.server';
import { certificateRecordLines, workloadText } from '~/utils/certificate-lines';
import { formatLongDate, formatShortDate } from '~/utils/format';

/** The certificate as a printable page: what the PDF says, with the QR code as SVG. */
export function CertificateCard({
  certificate,
  qr,
  verifyUrl,
}: {
  certificate: CertificateView;
  qr: { size: number; path: string };
  verifyUrl: string;
}) {
  return (
    <article
      aria-labelledby="certificate-title"
      className="rounded-lg border-4 border-double border-brand-600 bg-white p-4 text-center text-slate-900 sm:p-10"
    >
      <p className="text-sm font-bold text-brand-700">E-Engenharia</p>
      <h2 id="certificate-title" className="mt-2 text-xl font-bold uppercase tracking-wide sm:text-3xl">
        Certificado de conclusão
      </h2>
      <p className="mt-6 text-slate-600">Certificamos que</p>
      <p className="mt-1 break-words text-2xl font-bold" data-testid="certificate-holder">
        {certificate.holderName}
      </p>
      <p className="mt-3 text-slate-600">concluiu o curso</p>
      <p className="mt-1 break-words text-xl font-bold">{certificate.courseTitle}</p>
      <p className="mt-4 text-slate-700">
        com carga horária de {workloadText(certificate, certificate.record)}, ministrado por {certificate.instructor}, concluído em{' '}
        {formatLongDate(certificate.completedAt)}.
      </p>
      {certificate.record ? (
        <section aria-labelledby="certificate-syllabus" className="mt-6 text-left text-sm text-slate-800">
          <h3 id="certificate-syllabus" className="font-semibold">
            Conteúdo programático
          </h3>
          <ul className="mt-1 list-disc pl-5">
            {certificate.record.syllabus.map((topic, index) => (
              <li key={index}>{topic}</li>
            ))}
          </ul>
          <dl className="mt-4 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
            {certificateRecordLines(certificate, certificate.record)
              .slice(2, -1)
              .map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-medium">{label}</dt>
                  <dd className="break-words">{value}</dd>
                </div>
              ))}
          </dl>
        </section>
      ) : null}
      <div className="mt-8 flex flex-col items-center gap-4 text-left sm:flex-row sm:justify-between">
        <dl className="text-sm text-slate-700">
          <dt className="inline">Emitido em </dt>
          <dd className="inline">{formatShortDate(certificate.issuedAt)}</dd>
          <dt className="mt-2 block">Código de verificação:</dt>
          <dd className="break-all font-mono text-base font-bold text-slate-900">{certificate.code}</dd>
          <dt className="mt-2 block">Verifique em</dt>
          <dd className="break-all">{verifyUrl}</dd>
        </dl>
        <svg
          role="img"
          aria-label="QR code da página de verificação deste certificado"
          viewBox={`-2 -2 ${qr.size + 4} ${qr.size + 4}`}
          className="h-28 w-28 shrink-0 bg-white"
          shapeRendering="crispEdges"
        >
          <path d={qr.path} fill="currentColor" />
        </svg>
      </div>
    </article>
  );
}
