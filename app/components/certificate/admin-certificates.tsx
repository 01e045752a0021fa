import { useLocation } from '@remix-run/react';
import { ConfirmActionLink } from '~/components/ui/confirm-action';
import { LightLink } from '~/components/ui/light-link';
import type { AdminCertificateItem } from '~/models/courses/certificate.server';
import { withParams } from '~/utils/url-state';

const STATUS_LABELS = { valid: 'Válido', replaced: 'Substituído', revoked: 'Revogado' } as const;

/** The admin's certificates of one course (dates already formatted by the loader), each with 'Revogar' while not revoked. */
export function CertificateTable({ rows, total }: { rows: AdminCertificateItem[]; total: number }) {
  const location = useLocation();
  if (rows.length === 0) return <p className="text-sm text-slate-600">Nenhum certificado emitido para este curso.</p>;
  return (
    <div className="overflow-x-auto">
      <p className="text-sm text-slate-600">{total === 1 ? '1 certificado' : `${total} certificados`}</p>
      <table className="mt-2 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-3">
              Nome
            </th>
            <th scope="col" className="py-2 pr-3">
              Código
            </th>
            <th scope="col" className="py-2 pr-3">
              Situação
            </th>
            <th scope="col" className="py-2 pr-3">
              Emitido em
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-100">
              <td className="py-2 pr-3">{row.holderName || '—'}</td>
              <td className="py-2 pr-3 font-mono">
                <LightLink to={`/certificados/${row.code}`} className="text-brand-700 hover:underline">
                  {row.code}
                </LightLink>
              </td>
              <td className="py-2 pr-3">{STATUS_LABELS[row.status]}</td>
              <td className="py-2 pr-3">{row.issuedAt}</td>
              <td className="py-2">
                {row.status === 'revoked' ? null : (
                  <ConfirmActionLink
                    to={`${location.pathname}${withParams(location.search, { confirm: row.id })}`}
                    message={`Revogar o certificado ${row.code}?`}
                    intent="revoke"
                    fields={{ certificateId: String(row.id) }}
                    className="text-red-700 hover:underline"
                    label={`Revogar o certificado ${row.code}`}
                  >
                    Revogar
                  </ConfirmActionLink>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
