import {
  barChart,
  canvas,
  COLORS,
  figure,
  formatFixed,
  formatValue,
  lookOf,
  rect,
  text,
  TEXT_COLORS,
  type BarSegment,
  type BarSpec,
} from '../../charts';
import { type Figure } from '../types';
import { isBuildable, RAID_SHORT_NAMES, raidLayout, type RaidLayout, type RaidLevel } from './raid-levels';

export interface RaidFigureInput {
  readonly level: RaidLevel;
  readonly disks: number;
  readonly spares: number;
  readonly groups: number;
  /** Bytes per disk. */
  readonly diskSize: number;
  readonly layout: RaidLayout;
}

const COMPARED: readonly RaidLevel[] = ['5', '6', '10'];
const DISTRIBUTED_PARITY: readonly RaidLevel[] = ['5', '6', '50', '60', 'z1', 'z2', 'z3'];
const MAX_ICONS = 32;

const tb = (bytes: number) => `${formatValue(bytes / 1e12, 4)} TB`;
const tib = (bytes: number) => `${formatFixed(bytes / 2 ** 40, 2)} TiB`;

function toleranceText(layout: RaidLayout): string {
  if (layout.toleranceGuaranteed === layout.toleranceBest) return `tolera ${layout.toleranceGuaranteed}`;
  return `tolera ${layout.toleranceGuaranteed} a ${layout.toleranceBest}`;
}

function redundancyLabel(level: RaidLevel, layout: RaidLayout): string {
  if (layout.redundancy === 'mirror') return 'espelho';
  return DISTRIBUTED_PARITY.includes(level) ? 'paridade (equivalente)' : 'paridade';
}

function segmentsOf(level: RaidLevel, layout: RaidLayout, active: number, spares: number, diskSize: number): BarSegment[] {
  const segments: BarSegment[] = [
    { value: (layout.dataDisks * diskSize) / 1e12, label: 'dados', style: 'primary' },
    {
      value: ((active - layout.dataDisks) * diskSize) / 1e12,
      label: redundancyLabel(level, layout),
      style: layout.redundancy === 'mirror' ? 'tertiary' : 'reference',
    },
    { value: (spares * diskSize) / 1e12, label: 'hot spare', style: 'secondary' },
  ];
  return segments.filter((segment) => segment.value > 0);
}

/** The stacked bar of the raw capacity, with RAID 5/6/10 on the same disks for comparison. */
function capacityFigure(input: RaidFigureInput): Figure {
  const { level, disks, spares, groups, diskSize, layout } = input;
  const active = disks - spares;
  const usable = layout.dataDisks * diskSize;
  const redundancy = (active - layout.dataDisks) * diskSize;
  const others = COMPARED.filter((other) => other !== level && isBuildable(other, active, 1)).map((other) => ({
    level: other,
    layout: raidLayout(other, active, 1),
  }));
  const bars: BarSpec[] = [
    {
      category: `${RAID_SHORT_NAMES[level]}, ${toleranceText(layout)} (atual)`,
      segments: segmentsOf(level, layout, active, spares, diskSize),
      valueLabel: `${tb(usable)} úteis`,
      highlight: true,
    },
    ...others.map((other) => ({
      category: `${RAID_SHORT_NAMES[other.level]}, ${toleranceText(other.layout)}`,
      segments: segmentsOf(other.level, other.layout, active, spares, diskSize),
      valueLabel: `${tb(other.layout.dataDisks * diskSize)} úteis`,
    })),
  ];
  const comparison = others.length
    ? ` Com os mesmos discos: ${others.map((other) => `${RAID_SHORT_NAMES[other.level]} ${tb(other.layout.dataDisks * diskSize)} (${toleranceText(other.layout)})`).join('; ')}.`
    : '';
  const groupsText = level === '50' || level === '60' ? ` em ${groups} grupos` : '';
  const summary =
    `Capacidade bruta ${tb(disks * diskSize)} (${disks} × ${tb(diskSize)}): dados ${tb(usable)} (${tib(usable)})` +
    (redundancy > 0 ? `, ${redundancyLabel(level, layout)} ${tb(redundancy)}` : '') +
    (spares > 0 ? `, hot spare ${tb(spares * diskSize)}` : '') +
    `. ${RAID_SHORT_NAMES[level]}${groupsText} ${toleranceText(layout)} ${layout.toleranceBest === 1 ? 'falha' : 'falhas'} de disco.${comparison}`;
  return figure({ id: 'raid-capacidade', title: 'Distribuição da capacidade', summary }, (frame) =>
    barChart({
      ...frame,
      height: 120 + 56 * bars.length,
      bars,
      axis: { title: 'Capacidade (TB, prefixo SI)', min: 0 },
      legend: true,
    }),
  );
}

/** A row of disk icons: active and spare disks, with the guaranteed failures crossed out. */
function disksFigure(input: RaidFigureInput): Figure {
  const { level, disks, spares, groups, layout } = input;
  const active = disks - spares;
  const shown = Math.min(disks, MAX_ICONS);
  const groupSize = level === '10' ? 2 : level === '50' || level === '60' ? active / groups : active;
  const width = 720;
  const height = 220;
  const gap = 6;
  const groupGap = groupSize < active ? 10 : 0;
  const spareGap = 10;
  const groupBreaks = Math.max(0, Math.ceil(Math.min(active, shown) / groupSize) - 1);
  const iconWidth = Math.min(56, (width - 48 - groupBreaks * groupGap - spareGap) / shown - gap);
  const crossed = Math.min(layout.toleranceGuaranteed, shown);
  const activeLook = lookOf('primary');
  const spareLook = lookOf('secondary');
  const children: string[] = [];
  let x = 24;
  for (let index = 0; index < shown; index += 1) {
    const isSpare = index >= active;
    if (index > 0 && !isSpare && index % groupSize === 0) x += groupGap;
    if (index === active) x += spareGap;
    const look = isSpare ? spareLook : activeLook;
    children.push(
      rect(x, 60, iconWidth, 70, {
        rx: 6,
        fill: look.stroke,
        fillOpacity: isSpare ? 0.15 : 0.3,
        stroke: look.stroke,
        width: 1.5,
        dash: isSpare ? '4 3' : undefined,
      }),
    );
    if (iconWidth >= 22)
      children.push(
        text(x + iconWidth / 2, 145, isSpare ? 'HS' : String(index + 1), { anchor: 'middle', size: 12, color: TEXT_COLORS.muted }),
      );
    if (index < crossed)
      children.push(
        text(x + iconWidth / 2, 97, '✗', {
          anchor: 'middle',
          baseline: 'middle',
          size: Math.min(34, iconWidth),
          weight: 'bold',
          color: COLORS.ink,
        }),
      );
    x += iconWidth + gap;
  }
  const failures = layout.toleranceGuaranteed === 1 ? '1 falha' : `${layout.toleranceGuaranteed} falhas`;
  const headline =
    layout.toleranceGuaranteed === 0
      ? `${RAID_SHORT_NAMES[level]} não tolera falhas`
      : `${RAID_SHORT_NAMES[level]} tolera ${failures} de disco (garantido)`;
  const bestCondition =
    level === '10'
      ? 'se cada falha cair em um par espelhado diferente'
      : level === '60'
        ? 'com no máximo 2 falhas por grupo'
        : 'se cada falha cair em um grupo diferente';
  const best = layout.toleranceBest > layout.toleranceGuaranteed ? `até ${layout.toleranceBest} ${bestCondition}` : '';
  children.push(text(24, 32, headline, { size: 14, weight: 'bold' }));
  if (best) children.push(text(24, 50, best, { size: 12, color: TEXT_COLORS.muted }));
  const legend = `${active} discos ativos${spares > 0 ? `, ${spares} hot spare(s) (HS)` : ''}${disks > shown ? `; mostrando ${shown} de ${disks}` : ''}`;
  children.push(text(24, 178, legend, { size: 12 }));
  children.push(
    text(width - 8, height - 8, 'esquema fora de escala; ✗ = falhas toleradas', {
      anchor: 'end',
      size: 12,
      italic: true,
      color: TEXT_COLORS.muted,
    }),
  );
  const summary = `${headline}${best ? ` (${best})` : ''}. ${legend}.`;
  return figure({ id: 'raid-discos', title: 'Discos e falhas toleradas', summary }, (frame) =>
    canvas({ ...frame, width, height, children }),
  );
}

/** The figures of the RAID calculator (research notes, I4: "Distribuição da capacidade"). */
export function raidCapacityFigures(input: RaidFigureInput): Figure[] {
  return [capacityFigure(input), disksFigure(input)];
}
