import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator } from '../types';
import { lumenMethodFigures } from './lumen-method-figures';
import { STANDING_DISCLAIMER } from '../disclaimer';

const outputs = [
  { key: 'mountingHeight', label: 'Altura da luminária ao plano de trabalho h', unit: 'm', digits: 2 },
  { key: 'roomIndex', label: 'Índice do recinto K', unit: '', digits: 2 },
  { key: 'area', label: 'Área A', unit: 'm²', digits: 2 },
  { key: 'luminairesExact', label: 'Número de luminárias calculado N', unit: '', digits: 2 },
  { key: 'luminairesMin', label: 'Mínimo de luminárias ⌈N⌉', unit: '' },
  { key: 'grid', label: 'Grade adotada (fileiras × colunas)', unit: '' },
  { key: 'luminaires', label: 'Luminárias adotadas', unit: '' },
  { key: 'illuminance', label: 'Iluminância média mantida obtida E', unit: 'lx', digits: 0 },
  { key: 'checkIlluminance', label: 'Atende à iluminância alvo', unit: '' },
  { key: 'spacingLength', label: 'Espaçamento ao longo do comprimento s_a', unit: 'm', digits: 2 },
  { key: 'spacingWidth', label: 'Espaçamento ao longo da largura s_b', unit: 'm', digits: 2 },
  { key: 'wallLength', label: 'Distância às paredes no comprimento (s_a/2)', unit: 'm', digits: 2 },
  { key: 'wallWidth', label: 'Distância às paredes na largura (s_b/2)', unit: 'm', digits: 2 },
  { key: 'checkSpacing', label: 'Espaçamento ≤ SHR·h', unit: '' },
  { key: 'totalPower', label: 'Potência instalada', unit: 'W', digits: 0 },
  { key: 'powerDensity', label: 'Densidade de potência', unit: 'W/m²', digits: 2 },
  { key: 'powerDensityPer100lx', label: 'Densidade de potência por 100 lx', unit: 'W/m²/100 lx', digits: 2 },
] as const;

/** Largest spacing ratio between the two directions the automatic grid accepts. */
export const MAX_SPACING_RATIO = 1.5;

export interface Grid {
  /** Rows, along the width b. */
  readonly rows: number;
  /** Columns, along the length a. */
  readonly columns: number;
}

const spacingRatio = (length: number, width: number, { rows, columns }: Grid) => {
  const along = length / columns;
  const across = width / rows;
  return Math.max(along / across, across / along);
};

/**
 * The deterministic grid rule of the research notes: among grids with rows·columns ≥ n and
 * spacing ratio ≤ 1,5, the one with fewest luminaires; on a tie, the ratio closest to 1 (then
 * fewer rows). For each row count the smallest feasible column count is the only candidate.
 */
export function chooseGrid(length: number, width: number, minimum: number): Grid {
  let best: { grid: Grid; count: number; ratio: number } | undefined;
  const rowLimit = Math.ceil(Math.sqrt((MAX_SPACING_RATIO * minimum * width) / length) + (MAX_SPACING_RATIO * width) / length) + 2;
  for (let rows = 1; rows <= rowLimit; rows += 1) {
    // s_a/s_b within [1/1,5; 1,5] ⇔ columns within [a·rows/(1,5·b); 1,5·a·rows/b].
    const lowest = Math.max(1, Math.ceil(minimum / rows), Math.ceil((length * rows) / (MAX_SPACING_RATIO * width) - 1e-9));
    const highest = Math.floor((MAX_SPACING_RATIO * length * rows) / width + 1e-9);
    if (lowest > highest) continue;
    const grid = { rows, columns: lowest };
    const count = rows * lowest;
    const ratio = spacingRatio(length, width, grid);
    if (!best || count < best.count || (count === best.count && ratio < best.ratio - 1e-12)) best = { grid, count, ratio };
  }
  // Unreachable for positive dimensions (rows = ⌈b/(1,5·a)⌉ always has a feasible column count), kept total.
  return best?.grid ?? { rows: 1, columns: Math.max(1, minimum) };
}

export const lumenMethod = defineCalculator({
  slug: 'iluminacao-metodo-lumens',
  version: '1.0.0',
  title: 'Iluminação pelo método dos lúmens',
  summary:
    'Calcula o índice do recinto, o número de luminárias para a iluminância média desejada, uma grade regular, a iluminância obtida e a densidade de potência de um ambiente retangular.',
  category: 'electrical',
  accessLevel: 'E-BASIC',
  inputs: [
    {
      kind: 'number',
      name: 'length',
      label: 'Comprimento do ambiente a',
      unitGroup: 'length',
      defaultUnit: 'm',
      units: ['m'],
      default: 10,
      min: 1,
      max: 200,
    },
    {
      kind: 'number',
      name: 'width',
      label: 'Largura do ambiente b',
      unitGroup: 'length',
      defaultUnit: 'm',
      units: ['m'],
      default: 8,
      min: 1,
      max: 200,
    },
    {
      kind: 'number',
      name: 'ceilingHeight',
      label: 'Pé-direito H',
      unitGroup: 'length',
      defaultUnit: 'm',
      units: ['m'],
      default: 2.8,
      min: 2,
      max: 30,
    },
    {
      kind: 'number',
      name: 'workPlane',
      label: 'Altura do plano de trabalho',
      unitGroup: 'length',
      defaultUnit: 'm',
      units: ['m'],
      default: 0.75,
      min: 0,
      max: 1.2,
      help: 'Use 0 para o piso (circulações).',
    },
    {
      kind: 'number',
      name: 'suspension',
      label: 'Suspensão da luminária (abaixo do teto)',
      unitGroup: 'length',
      defaultUnit: 'm',
      units: ['m'],
      default: 0,
      min: 0,
      max: 20,
      help: '0 para luminárias de sobrepor ou embutidas.',
    },
    {
      kind: 'number',
      name: 'targetIlluminance',
      label: 'Iluminância mantida alvo E_m',
      unit: 'lx',
      default: 500,
      min: 20,
      max: 2000,
      help: 'Valor da NBR ISO/CIE 8995-1, seção 5, para a tarefa (a plataforma não reproduz a tabela).',
    },
    {
      kind: 'number',
      name: 'flux',
      label: 'Fluxo luminoso por luminária Φ',
      unit: 'lm',
      default: 4000,
      min: 50,
      max: 200_000,
      help: 'LED: fluxo da luminária; com lâmpadas: número de lâmpadas × fluxo de cada uma.',
    },
    {
      kind: 'number',
      name: 'utilisation',
      label: 'Fator de utilização u (tabela do fabricante)',
      unit: '',
      default: 0.6,
      min: 0.1,
      max: 1,
      help: 'Lido na tabela da luminária para o índice K calculado e as refletâncias de teto, paredes e piso.',
    },
    {
      kind: 'text',
      name: 'utilisationSource',
      label: 'Fonte do fator de utilização',
      format: 'note',
      default: 'Exemplo: catálogo do fabricante',
      maxLength: 50,
      optional: true,
    },
    {
      kind: 'number',
      name: 'maintenance',
      label: 'Fator de manutenção FM',
      unit: '',
      default: 0.8,
      min: 0.5,
      max: 1,
      help: 'Depende do ciclo de limpeza e do ambiente (NBR ISO/CIE 8995-1, 4.8).',
    },
    {
      kind: 'number',
      name: 'luminairePower',
      label: 'Potência por luminária',
      unitGroup: 'power',
      defaultUnit: 'W',
      units: ['W'],
      default: 32,
      min: 0,
      exclusiveMin: true,
      max: 5000,
    },
    {
      kind: 'select',
      name: 'spacingCheck',
      label: 'Verificar espaçamento máximo',
      options: [
        { value: 'yes', label: 'Sim, com a relação espaçamento/altura do fabricante' },
        { value: 'no', label: 'Não verificar' },
      ],
      default: 'yes',
    },
    {
      kind: 'number',
      name: 'spacingToHeight',
      label: 'Relação espaçamento máximo / altura (SHR) do fabricante',
      unit: '',
      default: 1.25,
      min: 0.5,
      max: 2.5,
      when: { field: 'spacingCheck', oneOf: ['yes'] },
    },
    {
      kind: 'select',
      name: 'gridMode',
      label: 'Grade de luminárias',
      options: [
        { value: 'auto', label: 'Automática (menor número, espaçamentos parecidos)' },
        { value: 'fixed', label: 'Imposta por mim' },
      ],
      default: 'auto',
    },
    {
      kind: 'number',
      name: 'rows',
      label: 'Fileiras (ao longo da largura b)',
      unit: '',
      default: 4,
      min: 1,
      max: 200,
      integer: true,
      when: { field: 'gridMode', oneOf: ['fixed'] },
    },
    {
      kind: 'number',
      name: 'columns',
      label: 'Colunas (ao longo do comprimento a)',
      unit: '',
      default: 6,
      min: 1,
      max: 200,
      integer: true,
      when: { field: 'gridMode', oneOf: ['fixed'] },
    },
  ],
  outputs,
  formula: 'h = H − h_pt − h_s;  K = a·b / [h·(a + b)];  N = E_m·A / (Φ·u·FM);  E = N_adot·Φ·u·FM / A;  s_a = a/n_c, s_b = b/n_l',
  references: [
    'ABNT NBR ISO/CIE 8995-1:2013, Iluminação de ambientes de trabalho — Parte 1: Interior (4.3 iluminância, 4.3.4 uniformidade, 4.8 fator de manutenção, seção 5 requisitos por ambiente; confirme os itens na norma)',
    'Creder, H., Instalações Elétricas (LTC), capítulo de luminotécnica: método dos lúmens e índice do recinto',
    'CIE 97:2005, Maintenance of indoor electric lighting systems (fator de manutenção)',
  ],
  standards: [{ code: 'ABNT NBR ISO/CIE 8995-1', edition: '2013' }],
  disclaimer:
    'Índice do recinto para luminárias de distribuição direta ou predominantemente direta. Iluminação de emergência (NBR 10898) e luz natural não são consideradas. ' +
    STANDING_DISCLAIMER,
  compute({
    length,
    width,
    ceilingHeight,
    workPlane,
    suspension,
    targetIlluminance,
    flux,
    utilisation,
    maintenance,
    luminairePower,
    spacingCheck,
    spacingToHeight,
    gridMode,
    rows,
    columns,
  }) {
    const mountingHeight = ceilingHeight - workPlane - suspension;
    if (mountingHeight < 0.1) {
      return invalid({
        suspension: `A luminária ficaria a ${f(mountingHeight)} m do plano de trabalho: o pé-direito menos o plano de trabalho e a suspensão deve deixar ao menos 0,1 m.`,
      });
    }
    const area = length * width;
    const roomIndex = area / (mountingHeight * (length + width));
    const effectiveFlux = flux * utilisation * maintenance;
    const luminairesExact = (targetIlluminance * area) / effectiveFlux;
    const luminairesMin = Math.max(1, Math.ceil(luminairesExact - 1e-9));
    const grid = gridMode === 'fixed' ? { rows, columns } : chooseGrid(length, width, luminairesMin);
    const luminaires = grid.rows * grid.columns;
    const illuminance = (luminaires * effectiveFlux) / area;
    const spacingLength = length / grid.columns;
    const spacingWidth = width / grid.rows;
    const maxSpacing = Math.max(spacingLength, spacingWidth);
    const allowedSpacing = spacingToHeight * mountingHeight;
    const totalPower = luminaires * luminairePower;
    const powerDensity = totalPower / area;
    const powerDensityPer100lx = powerDensity / (illuminance / 100);
    const meetsTarget = illuminance >= targetIlluminance;

    const warnings = [
      'O método dos lúmens dá a iluminância média; não verifica uniformidade, ofuscamento (UGR) nem valores pontuais. Para o projeto final use cálculo ponto a ponto com os arquivos fotométricos (IES/LDT).',
      'O fator de utilização deve corresponder ao índice do recinto e às refletâncias de teto, paredes e piso.',
    ];
    if (roomIndex < 0.6 || roomIndex > 5) {
      warnings.push(
        `Índice do recinto K = ${f(roomIndex, 3)} fora da faixa usual das tabelas dos fabricantes (cerca de 0,6 a 5; confirme na tabela usada).`,
      );
    }
    if (!meetsTarget)
      warnings.push(
        `Iluminância obtida de ${f(illuminance, 3)} lx abaixo da meta de ${f(targetIlluminance)} lx: aumente a grade para ao menos ${luminairesMin} luminárias.`,
      );
    if (illuminance > 1.5 * targetIlluminance)
      warnings.push('Iluminância muito acima da meta: considere luminárias de menor fluxo ou dimerização.');
    if (spacingCheck === 'yes' && maxSpacing > allowedSpacing)
      warnings.push('Espaçamento acima do máximo recomendado pelo fabricante: risco de baixa uniformidade.');
    const ratio = Math.max(spacingLength / spacingWidth, spacingWidth / spacingLength);
    if (gridMode === 'fixed' && ratio > MAX_SPACING_RATIO) {
      warnings.push(`Os espaçamentos nas duas direções diferem muito (relação ${f(ratio, 3)} > 1,5): a distribuição fica desigual.`);
    }

    return {
      results: buildResults(outputs, {
        mountingHeight,
        roomIndex,
        area,
        luminairesExact,
        luminairesMin,
        grid: `${grid.rows} × ${grid.columns}`,
        luminaires,
        illuminance,
        checkIlluminance: `${meetsTarget ? 'Sim' : 'Não'} — ${f(illuminance, 3)} lx ${meetsTarget ? '≥' : '<'} ${f(targetIlluminance)} lx`,
        spacingLength,
        spacingWidth,
        wallLength: spacingLength / 2,
        wallWidth: spacingWidth / 2,
        checkSpacing:
          spacingCheck === 'yes'
            ? `${maxSpacing <= allowedSpacing ? 'Sim' : 'Não'} — ${f(maxSpacing, 3)} m ${maxSpacing <= allowedSpacing ? '≤' : '>'} ${f(spacingToHeight)} · ${f(mountingHeight)} = ${f(allowedSpacing, 3)} m`
            : undefined,
        totalPower,
        powerDensity,
        powerDensityPer100lx,
      }),
      steps: [
        step('Altura útil', `h = ${f(ceilingHeight)} − ${f(workPlane)} − ${f(suspension)}`, mountingHeight, 'm', 2),
        step(
          'Índice do recinto',
          `K = ${f(length)} · ${f(width)} / [${f(mountingHeight)} · (${f(length)} + ${f(width)})]`,
          roomIndex,
          '',
          2,
        ),
        step(
          'Número de luminárias',
          `N = ${f(targetIlluminance)} · ${f(area)} / (${f(flux)} · ${f(utilisation)} · ${f(maintenance)})`,
          luminairesExact,
          '',
          2,
        ),
        step(
          'Grade',
          gridMode === 'fixed'
            ? `${grid.rows} fileiras × ${grid.columns} colunas (imposta)`
            : `menor grade com ≥ ${luminairesMin} luminárias e relação de espaçamentos ≤ 1,5`,
          luminaires,
          'luminárias',
        ),
        step(
          'Iluminância obtida',
          `E = ${luminaires} · ${f(flux)} · ${f(utilisation)} · ${f(maintenance)} / ${f(area)}`,
          illuminance,
          'lx',
          0,
        ),
        step('Densidade de potência', `${luminaires} · ${f(luminairePower)} / ${f(area)}`, powerDensity, 'W/m²', 2),
      ],
      warnings,
      figures: () =>
        lumenMethodFigures({ length, width, rows: grid.rows, columns: grid.columns, illuminance, targetIlluminance, powerDensity }),
    };
  },
});
