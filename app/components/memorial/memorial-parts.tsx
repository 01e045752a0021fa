import type { ReactNode } from 'react';
import type { StandardEdition } from '~/calculators/types';
import type { MemorialProfile } from '~/schemas/memorial-profile';

/**
 * The printed page of the memorial: A4 with its margins, and the page number in the bottom margin
 * (CSS page-margin boxes, which Chromium prints since version 131; decision 030). Rendered only on the
 * memorial, so no other page prints with it. Constant text: nothing of the user's goes in here.
 */
const MEMORIAL_PRINT_CSS = `
@page {
  size: A4;
  margin: 18mm 16mm 20mm 20mm;
  @bottom-left { content: "E-Engenharia · Memorial de cálculo"; font: 8pt system-ui, sans-serif; color: #475569; }
  @bottom-right { content: "Página " counter(page) " de " counter(pages); font: 8pt system-ui, sans-serif; color: #475569; }
}
@media print {
  html, body { background: #fff !important; }
  .memorial-keep { break-inside: avoid; page-break-inside: avoid; }
  .memorial-figures figure, .memorial-figures svg { break-inside: avoid; page-break-inside: avoid; }
  .memorial-figures svg { max-width: 100%; height: auto; }
  .memorial-document h2 { break-after: avoid; page-break-after: avoid; }
}
`;

export function MemorialPrintStyle() {
  return <style dangerouslySetInnerHTML={{ __html: MEMORIAL_PRINT_CSS }} />;
}

/** A value of the project's data, or a line to fill by hand when it was left blank. */
function Filled({ value, testId }: { value: string; testId?: string }) {
  if (value) return <span data-testid={testId}>{value}</span>;
  return (
    <span data-testid={testId} className="inline-block min-w-[10rem] border-b border-slate-400 align-bottom">
      <span className="sr-only">não informado</span>
    </span>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap gap-x-2">
      <dt className="text-slate-500">{label}:</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export function MemorialSection({
  number,
  title,
  children,
  keepTogether = true,
  testId,
}: {
  number: number;
  title: string;
  children: ReactNode;
  keepTogether?: boolean;
  testId?: string;
}) {
  return (
    <section className={keepTogether ? 'memorial-keep' : undefined} data-testid={testId}>
      <h2 className="border-b border-slate-200 pb-1 text-base font-semibold">
        {number}. {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The memorial's identification: project, client, place and date, who generated it. */
export function MemorialIdentification({
  profile,
  generatedAt,
  generatedBy,
}: {
  profile: MemorialProfile;
  generatedAt: string;
  generatedBy: string;
}) {
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 print:grid-cols-2" data-testid="memorial-identification">
      <Item label="Projeto">
        <Filled value={profile.projectName} testId="memorial-project" />
      </Item>
      <Item label="Cliente">
        <Filled value={profile.client} testId="memorial-client" />
      </Item>
      <Item label="Local">
        <Filled value={profile.place} testId="memorial-place" />
      </Item>
      <Item label="Data">
        <span data-testid="report-date">{generatedAt}</span>
      </Item>
      <Item label="Gerado por">
        <span data-testid="report-user">{generatedBy}</span>
      </Item>
    </dl>
  );
}

/** 'Normas e versão': the calculator's version and the edition of each standard it follows. */
export function MemorialStandards({ version, standards }: { version: string; standards: readonly StandardEdition[] }) {
  return (
    <div className="space-y-2 text-sm">
      <p>
        <span className="text-slate-500">Versão da calculadora:</span> <span data-testid="report-version">{version}</span>
      </p>
      {standards.length > 0 ? (
        <table className="w-full text-left" data-testid="memorial-standards">
          <thead>
            <tr className="border-b border-slate-200 text-slate-500">
              <th scope="col" className="py-1 pr-4 font-medium">
                Norma
              </th>
              <th scope="col" className="py-1 font-medium">
                Edição
              </th>
            </tr>
          </thead>
          <tbody>
            {standards.map((standard) => (
              <tr key={`${standard.code}-${standard.edition}`} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {standard.code}
                </th>
                <td className="py-1">{standard.edition}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** The technical responsible: name, CREA and ART, and the line they sign on. */
export function MemorialSignature({ profile }: { profile: MemorialProfile }) {
  return (
    <section className="memorial-keep pt-4" aria-labelledby="memorial-signature-title" data-testid="memorial-signature">
      <h2 id="memorial-signature-title" className="border-b border-slate-200 pb-1 text-base font-semibold">
        Responsável técnico
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3 print:grid-cols-3">
        <Item label="Nome">
          <Filled value={profile.engineerName} testId="memorial-engineer" />
        </Item>
        <Item label="CREA">
          <Filled value={profile.crea} testId="memorial-crea" />
        </Item>
        <Item label="ART">
          <Filled value={profile.art} testId="memorial-art" />
        </Item>
      </dl>
      <div className="mx-auto mt-16 max-w-sm text-center text-sm">
        <div className="border-t border-slate-900" aria-hidden="true" />
        <p className="mt-1">Assinatura do responsável técnico</p>
        {profile.engineerName ? <p className="text-slate-600">{profile.engineerName}</p> : null}
      </div>
    </section>
  );
}

/** The memorial's 'Dados de entrada': one row per input, its label, value and unit (the calculator's memorial and the project's). */
export function MemorialInputsTable({
  inputs,
  testId,
}: {
  inputs: { name: string; label: string; value: string; unit: string }[];
  testId?: string;
}) {
  return (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <thead>
        <tr className="border-b border-slate-200 text-slate-500">
          <th scope="col" className="py-1 pr-4 font-medium">
            Grandeza
          </th>
          <th scope="col" className="py-1 pr-4 text-right font-medium">
            Valor
          </th>
          <th scope="col" className="py-1 font-medium">
            Unidade
          </th>
        </tr>
      </thead>
      <tbody>
        {inputs.map((input) => (
          <tr key={input.name} className="border-b border-slate-100">
            <th scope="row" className="py-1 pr-4 font-normal">
              {input.label}
            </th>
            <td className="break-words py-1 pr-4 text-right font-mono">{input.value}</td>
            <td className="py-1">{input.unit}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
