import { formatDuration, formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator } from '../types';
import { STANDING_DISCLAIMER } from '../disclaimer';
import { raidCapacityFigures } from './raid-capacity-figures';
import {
  MIN_DISKS_PER_GROUP,
  RAID_LEVELS,
  RAID_LEVEL_LABELS,
  RAID_SHORT_NAMES,
  minimumActiveDisks,
  raidLayout,
  type RaidLevel,
} from './raid-levels';

const outputs = [
  { key: 'activeDisks', label: 'Discos ativos m = n − h', unit: '', digits: 0 },
  { key: 'usableTB', label: 'Capacidade útil (prefixo SI, como no rótulo do disco)', unit: 'TB', digits: 2 },
  { key: 'usableTiB', label: 'Capacidade útil (prefixo binário, como no sistema operacional)', unit: 'TiB', digits: 2 },
  { key: 'rawTB', label: 'Capacidade bruta de todos os discos', unit: 'TB', digits: 2 },
  { key: 'efficiencyAll', label: 'Eficiência em relação aos n discos', unit: '%', digits: 1 },
  { key: 'efficiencyActive', label: 'Eficiência em relação aos m discos ativos', unit: '%', digits: 1 },
  { key: 'toleranceGuaranteed', label: 'Falhas de disco toleradas (garantido)', unit: 'discos', digits: 0 },
  { key: 'toleranceBest', label: 'Falhas de disco toleradas (melhor caso)', unit: 'discos', digits: 0 },
  { key: 'rebuildHours', label: 'Tempo mínimo de reconstrução de um disco', unit: 'h', digits: 1 },
  { key: 'rebuildDuration', label: 'Tempo mínimo de reconstrução (duração)', unit: '' },
  { key: 'rebuildReadTB', label: 'Dados lidos na reconstrução', unit: 'TB', digits: 2 },
  { key: 'expectedUre', label: 'Erros de leitura (URE) esperados na reconstrução λ', unit: '', digits: 3 },
  { key: 'ureLossRisk', label: 'Risco de perda: P(≥ 1 URE) na reconstrução, sem redundância restante', unit: '%', digits: 1 },
  {
    key: 'ureCorrectedRisk',
    label: 'Risco de erro a corrigir: P(≥ 1 URE) na reconstrução, corrigido pela redundância restante',
    unit: '%',
    digits: 1,
  },
] as const;

const TIB = 2 ** 40;
/** Disk size from which single parity is discouraged; an industry rule of thumb, not a standard. */
const LARGE_DISK_BYTES = 4e12;
const SINGLE_PARITY: readonly RaidLevel[] = ['5', '50', 'z1'];

export const raidCapacity = defineCalculator({
  slug: 'capacidade-raid',
  version: '1.0.0',
  title: 'Capacidade e tolerância a falhas de RAID',
  summary:
    'Calcula a capacidade útil (TB e TiB), a eficiência e a tolerância a falhas de RAID 0, 1, 5, 6, 10, 50, 60 e RAID-Z, o tempo mínimo de reconstrução e o risco de erro de leitura durante a reconstrução.',
  category: 'informatics',
  accessLevel: 'E-BASIC',
  inputs: [
    {
      kind: 'number',
      name: 'disks',
      label: 'Número de discos n (incluindo hot spares)',
      unit: '',
      default: 6,
      min: 1,
      max: 256,
      integer: true,
    },
    {
      kind: 'number',
      name: 'diskSize',
      label: 'Capacidade por disco C_d (valor do rótulo)',
      unitGroup: 'dataSize',
      defaultUnit: 'TB',
      units: ['TB', 'GB', 'TiB'],
      default: 8,
      min: 0.1,
      max: 100,
      help: 'Fabricantes usam TB = 10¹² bytes. Com discos de tamanhos diferentes, informe o menor: a capacidade usa o menor disco de cada grupo.',
    },
    {
      kind: 'select',
      name: 'level',
      label: 'Nível de RAID',
      options: RAID_LEVELS.map((value) => ({ value, label: RAID_LEVEL_LABELS[value] })),
      default: '6',
    },
    {
      kind: 'number',
      name: 'groups',
      label: 'Número de grupos g (grupos iguais)',
      unit: '',
      default: 2,
      min: 2,
      max: 64,
      integer: true,
      when: { field: 'level', oneOf: ['50', '60'] },
      help: 'RAID 50: pelo menos 3 discos por grupo; RAID 60: pelo menos 4.',
    },
    { kind: 'number', name: 'spares', label: 'Hot spares h', unit: '', default: 0, min: 0, max: 255, integer: true },
    {
      kind: 'number',
      name: 'rebuildRate',
      label: 'Taxa de reconstrução r',
      unitGroup: 'dataRate',
      defaultUnit: 'MB/s',
      units: ['MB/s', 'MiB/s'],
      default: 150,
      min: 10,
      max: 3000,
      help: 'Taxa sustentada de escrita no disco novo; com a matriz em uso a taxa real é menor.',
    },
    {
      kind: 'select',
      name: 'ureExponent',
      label: 'Taxa de erro de leitura irrecuperável (URE) do disco, valor do catálogo',
      options: [
        { value: '14', label: '1 em 10¹⁴ bits (classe desktop)' },
        { value: '15', label: '1 em 10¹⁵ bits (classe corporativa/NAS)' },
        { value: '16', label: '1 em 10¹⁶ bits' },
      ],
      default: '14',
    },
    {
      kind: 'text',
      name: 'ureSource',
      label: 'Fonte da taxa de URE (catálogo do disco)',
      format: 'note',
      default: '',
      maxLength: 50,
      optional: true,
      placeholder: 'ex.: folha de dados do modelo do disco',
      help: 'Impressa no memorial ao lado do valor.',
    },
  ],
  outputs,
  formula:
    'm = n − h;  útil = (discos de dados)·C_d (RAID 0: m; 1: 1; 5/Z1: m − 1; 6/Z2: m − 2; Z3: m − 3; 10: m/2; 50: m − g; 60: m − 2g);  TiB = bytes/2⁴⁰;  t ≥ C_d/r;  b = (discos lidos)·C_d·8;  λ = b/10ˣ;  P(≥ 1 URE) = 1 − e^(−λ)',
  references: [
    'Patterson, D. A.; Gibson, G.; Katz, R. H. A case for redundant arrays of inexpensive disks (RAID). Proc. ACM SIGMOD, 1988 (níveis de RAID)',
    'SNIA, Common RAID Disk Data Format (DDF): definições dos níveis de RAID (confirme a revisão)',
    'IEC 80000-13:2008 (prefixos binários Ki, Mi, Gi, Ti)',
    'Folhas de dados dos discos: taxa de erros de leitura irrecuperáveis (non-recoverable read errors per bits read)',
  ],
  standards: [{ code: 'IEC 80000-13', edition: '2008' }],
  disclaimer: `RAID não é backup. Sistemas operacionais costumam mostrar TiB com o rótulo 'TB'. O tempo de reconstrução real é maior com a matriz em uso. Não inclui a sobrecarga do sistema de arquivos e da controladora. ${STANDING_DISCLAIMER}`,
  compute({ disks, diskSize, level, groups: groupsTyped, spares, rebuildRate, ureExponent }) {
    const active = disks - spares;
    const grouped = level === '50' || level === '60';
    const groups = grouped ? groupsTyped : 1;
    // The fewest disks the level accepts with the fewest groups; more groups are checked below.
    const minimum = minimumActiveDisks(level, grouped ? 2 : 1);
    const name = RAID_SHORT_NAMES[level];
    if (active < minimum) {
      const message = `${name} precisa de pelo menos ${minimum} discos ativos (n − hot spares); há ${active}.`;
      return invalid(spares > 0 && disks >= minimum ? { spares: message } : { disks: message });
    }
    if (level === '10' && active % 2 !== 0) return invalid({ disks: `RAID 10 precisa de um número par de discos ativos; há ${active}.` });
    if (grouped && active % groups !== 0) {
      return invalid({ groups: `Os ${active} discos ativos não se dividem em ${groups} grupos iguais.` });
    }
    if (grouped && active / groups < MIN_DISKS_PER_GROUP[level]) {
      return invalid({ groups: `${name} precisa de pelo menos ${MIN_DISKS_PER_GROUP[level]} discos por grupo.` });
    }

    const layout = raidLayout(level, active, groups);
    const usable = layout.dataDisks * diskSize;
    const raw = disks * diskSize;
    const rebuilds = layout.disksReadInRebuild > 0;
    const rateBytes = rebuildRate / 8;
    const rebuildSeconds = diskSize / rateBytes;
    const readBytes = layout.disksReadInRebuild * diskSize;
    const bitsRead = readBytes * 8;
    const exponent = Number(ureExponent);
    const lambda = bitsRead / 10 ** exponent;
    const risk = -Math.expm1(-lambda);
    const corrected = layout.toleranceGuaranteed >= 2;

    const warnings: string[] = [];
    if (level === '0') warnings.push('RAID 0 não tolera falhas: a perda de qualquer disco perde todos os dados.');
    if (level === '0' && spares > 0) warnings.push('Hot spare não tem efeito em RAID 0: não há reconstrução.');
    if (SINGLE_PARITY.includes(level) && diskSize >= LARGE_DISK_BYTES) {
      warnings.push('Em RAID 5 com discos grandes, um erro de leitura durante a reconstrução pode perder dados: prefira RAID 6/10.');
    }
    if (rebuilds) {
      warnings.push(
        'A taxa de URE do catálogo é um limite de especificação; a taxa real costuma ser menor. Use o resultado para comparar níveis, não como previsão.',
      );
    }

    const usableText = `${layout.usableFormula} = ${f(layout.dataDisks)} discos`;
    const steps = [
      step('Discos ativos', `m = ${disks} − ${spares}`, active, '', 0),
      step('Capacidade útil', `${usableText} · ${f(diskSize / 1e12)} TB`, usable / 1e12, 'TB', 2),
      step('Em TiB', `${f(usable, 6)} B / 2⁴⁰`, usable / TIB, 'TiB', 2),
      step('Eficiência', `${f(layout.dataDisks)} / ${disks} discos`, (100 * usable) / raw, '%', 1),
      ...(rebuilds
        ? [
            step('Tempo mínimo de reconstrução', `t ≥ C_d/r = ${f(diskSize, 6)} B / ${f(rateBytes, 6)} B/s`, rebuildSeconds / 3600, 'h', 1),
            step('Bits lidos na reconstrução', `b = ${layout.disksReadInRebuild} · ${f(diskSize, 6)} B · 8`, bitsRead, 'bit', 0),
            step('Erros de leitura esperados', `λ = ${f(bitsRead, 6)} / ${f(10 ** exponent)}`, lambda, '', 3),
            step(
              corrected ? 'Probabilidade de erro a corrigir (redundância restante)' : 'Probabilidade de perda na reconstrução',
              `P = 1 − e^(−${f(lambda)})`,
              100 * risk,
              '%',
              1,
            ),
          ]
        : [step('Reconstrução', 'RAID 0 não tem redundância: não há reconstrução', 'não se aplica', '')]),
    ];

    return {
      results: buildResults(outputs, {
        activeDisks: active,
        usableTB: usable / 1e12,
        usableTiB: usable / TIB,
        rawTB: raw / 1e12,
        efficiencyAll: (100 * usable) / raw,
        efficiencyActive: (100 * layout.dataDisks) / active,
        toleranceGuaranteed: layout.toleranceGuaranteed,
        toleranceBest: layout.toleranceBest,
        ...(rebuilds
          ? {
              rebuildHours: rebuildSeconds / 3600,
              rebuildDuration: formatDuration(rebuildSeconds),
              rebuildReadTB: readBytes / 1e12,
              expectedUre: lambda,
              [corrected ? 'ureCorrectedRisk' : 'ureLossRisk']: 100 * risk,
            }
          : {}),
      }),
      steps,
      figures: () => raidCapacityFigures({ level, disks, spares, groups, diskSize, layout }),
      warnings,
    };
  },
});
