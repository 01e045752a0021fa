import { getCalculator } from '../../calculators';
import { resultValueText } from '../../calculators/result-text';
import { CSV_BOM, csvRow } from '../../utils/csv';
import { formatBr } from '../../utils/format';
import { currentResults } from './frozen-calculation.server';
import { listProjectRows } from './project-calculations.server';
import { getOwnProject, type ProjectOwner } from './project.server';
import { inputsText } from '../tools/calculation-history-export.server';

/**
 * The project's exports (issue 32, item 6), from its calculations as they are edited: CSV with one
 * row per calculation and output in the history export's Brazilian format (';', decimal comma, BOM),
 * and JSON with the inputs (canonical query) and calculator versions, enough to compute again elsewhere.
 */
export const PROJECT_CSV_COLUMNS = ['Ordem', 'Título', 'Calculadora', 'Versão', 'Entradas', 'Resultado', 'Valor', 'Unidade'] as const;

export const projectExportFileName = (name: string, format: 'csv' | 'json', now = new Date()) =>
  `projeto-${
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 60) || 'sem-nome'
  }-${formatBr(now, 'yyyy-MM-dd')}.${format}`;

export function projectCsv(user: ProjectOwner, projectId: number): { name: string; body: string } {
  const project = getOwnProject(user, projectId);
  let body = CSV_BOM + csvRow(PROJECT_CSV_COLUMNS);
  listProjectRows(projectId).forEach((row, index) => {
    const calculator = getCalculator(row.calculatorSlug);
    const base = [
      String(index + 1),
      row.title,
      calculator?.title ?? row.calculatorSlug,
      row.calculatorVersion,
      inputsText(calculator, row.query),
    ];
    const results = currentResults(row);
    if (!results || results.length === 0) body += csvRow([...base, 'Sem resultados', '', '']);
    else for (const result of results) body += csvRow([...base, result.label, resultValueText(result), result.unit]);
  });
  return { name: project.name, body };
}

export function projectJson(user: ProjectOwner, projectId: number) {
  const project = getOwnProject(user, projectId);
  return {
    project: {
      name: project.name,
      client: project.client,
      place: project.place,
      art: project.art,
      engineerName: project.engineerName,
      crea: project.crea,
      description: project.description,
      status: project.status,
    },
    calculations: listProjectRows(projectId).map((row, index) => ({
      order: index + 1,
      title: row.title,
      calculator: row.calculatorSlug,
      calculatorVersion: row.calculatorVersion,
      currentCalculatorVersion: getCalculator(row.calculatorSlug)?.version ?? null,
      inputs: Object.fromEntries(new URLSearchParams(row.query)),
      query: row.query,
    })),
  };
}
