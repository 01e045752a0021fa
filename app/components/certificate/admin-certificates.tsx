import { useLocation } from '@remix-run/react';
import { Cell, ListCount, ListTable } from '~/components/ui/list-table';
import { ConfirmActionLink } from '~/components/ui/confirm-action';
import { LightLink } from '~/components/ui/light-link';
import type { AdminCertificateItem } from '~/models/courses/certificate.server';
import { withParams } from '~/utils/url-state';

const STATUS_LABELS = { valid: 'Válido', replaced: 'Substituído', revoked: 'Revogado' } as const;

/** The admin's certificates of one course (dates already formatted by the loader), each with 'Revogar' while not revoked; the list kit's table, so a phone shows cards. */
export function CertificateTable({ rows, total }: { rows: AdminCertificateItem[]; total: number }) {
  const location = useLocation();
  if (rows.length === 0) return <p className="text-sm text-slate-600">Nenhum certificado emitido para este curso.</p>;
  return (
    <>
      <ListCount total={total} one="certificado" many="certificados" />
      <ListTable label="Certificados" headers={['Nome', 'Código', 'Situação', 'Emitido em', 'Ações']} empty="" count={rows.length}>
        {rows.map((row) => (
          <tr key={row.id}>
            <Cell>{row.holderName || '—'}</Cell>
            <Cell className="font-mono">
              <LightLink to={`/certificados/${row.code}`} className="break-all text-brand-700 hover:underline">
                {row.code}
              </LightLink>
            </Cell>
            <Cell>{STATUS_LABELS[row.status]}</Cell>
            <Cell className="whitespace-nowrap">{row.issuedAt}</Cell>
            <Cell>
              {row.status === 'revoked' ? (
                '—'
              ) : (
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
            </Cell>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
