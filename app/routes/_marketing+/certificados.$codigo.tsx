import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CertificateCard } from '~/components/certificate/certificate-card';
import { LightLink } from '~/components/ui/light-link';
import { requestAddress } from '~/models/accounts/auth.server';
import { verifyCertificate, type CertificateView } from '~/models/courses/certificate.server';
import { isAppError } from '~/utils/errors';
import { workloadText } from '~/utils/certificate-lines';
import { formatLongDate } from '~/utils/format';
import { pageMeta } from '~/utils/meta';
import { qrSvgPath } from '~/utils/qr-code.server';
import { siteUrl } from '~/utils/security.server';

export const meta: MetaFunction = () => [
  ...pageMeta('Verificação de certificado', 'Confira a autenticidade de um certificado de curso da E-Engenharia.'),
  { name: 'robots', content: 'noindex' },
];

type Found = { kind: 'found'; certificate: CertificateView; qr: { size: number; path: string }; verifyUrl: string };
type Refused = { kind: 'refused'; message: string };

/**
 * /certificados/{codigo}: public, no login. Who, which course, hours and date for a valid code; 'substituído'
 * or 'revogado' otherwise; never the e-mail or the CPF. Codes that match nothing are rate-limited per address
 * (app/models/courses/certificate.server.ts).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  try {
    const certificate = await verifyCertificate(params.codigo ?? '', requestAddress(request, context));
    const verifyUrl = siteUrl(`/certificados/${certificate.code}`, 'absolute');
    return json<Found | Refused>({ kind: 'found', certificate, qr: await qrSvgPath(verifyUrl), verifyUrl });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return json<Found | Refused>({ kind: 'refused', message: error.message }, { status: error.status });
  }
}

export default function CertificateVerificationPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold print:hidden">Verificação de certificado</h1>
      {data.kind === 'refused' ? (
        <div role="alert" className="card mt-6 p-6">
          <p className="text-lg font-semibold text-red-700">{data.message}</p>
          <p className="mt-2 text-slate-700">Confira o código impresso no certificado (26 letras e números).</p>
        </div>
      ) : (
        <Verdict data={data} />
      )}
      <p className="mt-8 print:hidden">
        <LightLink to="/" className="text-brand-700 hover:underline">
          Ir para a página inicial
        </LightLink>
      </p>
    </div>
  );
}

function Verdict({ data }: { data: Found }) {
  const { certificate } = data;
  if (certificate.status === 'revoked') {
    return (
      <div role="alert" className="card mt-6 p-6">
        <p className="text-lg font-semibold text-red-700">Certificado revogado</p>
        <p className="mt-2 text-slate-700">Este certificado do curso “{certificate.courseTitle}” foi revogado e não tem mais validade.</p>
      </div>
    );
  }
  if (certificate.status === 'replaced') {
    return (
      <div role="alert" className="card mt-6 p-6">
        <p className="text-lg font-semibold text-amber-800">Certificado substituído</p>
        <p className="mt-2 text-slate-700">
          Este certificado do curso “{certificate.courseTitle}” foi substituído por uma nova emissão e não vale mais. Peça ao titular o
          código do certificado atual.
        </p>
      </div>
    );
  }
  return (
    <>
      <div className="card mt-6 p-6 print:hidden" role="status">
        <p className="text-lg font-semibold text-green-800">Certificado válido</p>
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-slate-800 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">Nome</dt>
          <dd className="break-words">{certificate.holderName}</dd>
          <dt className="font-medium">Curso</dt>
          <dd className="break-words">{certificate.courseTitle}</dd>
          <dt className="font-medium">Carga horária</dt>
          <dd>{workloadText(certificate, certificate.record)}</dd>
          <dt className="font-medium">Concluído em</dt>
          <dd>{formatLongDate(certificate.completedAt)}</dd>
        </dl>
        <p className="mt-4">
          <a href={`/certificados/${certificate.code}/pdf`} className="btn-primary" download>
            Baixar PDF
          </a>
        </p>
      </div>
      <div className="mt-6">
        <CertificateCard certificate={certificate} qr={data.qr} verifyUrl={data.verifyUrl} />
      </div>
    </>
  );
}
