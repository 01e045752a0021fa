import {
  canvas,
  COLORS,
  figure,
  formatFixed,
  formatValue,
  line,
  polygon,
  rect,
  text,
  TEXT_COLORS,
  xyChart,
  type DrawnFigure,
  type Point,
} from '../../charts';

export interface PhFigureInput {
  readonly ph: number;
  readonly pkw: number;
  readonly weak: boolean;
  readonly base: boolean;
  /** pK_a or pK_b as typed (weak species). */
  readonly pk: number;
  /** Dissociated fraction (A⁻ or BH⁺), 0–1, for weak species. */
  readonly dissociation?: number;
  readonly band: { readonly low: number; readonly high: number };
  readonly clause: string;
}

const SCALE = { left: 40, right: 680, top: 92, height: 34, max: 14 } as const;
const px = (ph: number) => SCALE.left + ((SCALE.right - SCALE.left) * Math.min(SCALE.max, Math.max(0, ph))) / SCALE.max;

/** Acid (vermillion) → neutral (light grey) → base (blue), for the 14 cells of the scale. */
function cellColour(index: number): string {
  const mix = (from: string, to: string, share: number) => {
    const channel = (hex: string, at: number) => Number.parseInt(hex.slice(at, at + 2), 16);
    const parts = [1, 3, 5].map((at) => Math.round(channel(from, at) + (channel(to, at) - channel(from, at)) * share));
    return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
  };
  const neutral = '#EEEEEE';
  const centre = index + 0.5;
  return centre < 7 ? mix(COLORS.limit, neutral, centre / 7) : mix(neutral, COLORS.primary, (centre - 7) / 7);
}

const phText = (ph: number) => formatFixed(ph, 2);

function phScale(input: PhFigureInput, frame: { id: string; title: string; description: string }): string {
  const { ph, band, clause } = input;
  const { left, right, top, height } = SCALE;
  const bottom = top + height;
  const cells = Array.from({ length: SCALE.max }, (_, index) =>
    rect(px(index), top, px(index + 1) - px(index), height, { fill: cellColour(index) }),
  );
  const ticks = Array.from({ length: SCALE.max + 1 }, (_, value) => [
    line(px(value), bottom, px(value), bottom + 6, { stroke: COLORS.ink, width: 1.5 }),
    text(px(value), bottom + 20, String(value), { anchor: 'middle', size: 12 }),
  ]).flat();
  const bandBox = rect(px(band.low), top - 8, px(band.high) - px(band.low), height + 16, {
    fill: 'none',
    stroke: COLORS.ok,
    width: 3,
    dash: '8 5',
  });
  const marker = px(ph);
  const outside = ph < 0 || ph > SCALE.max;
  const pointer: Point[] = [
    [marker, top - 2],
    [marker - 8, top - 18],
    [marker + 8, top - 18],
  ];
  const anchor = marker < left + 60 ? 'start' : marker > right - 60 ? 'end' : 'middle';
  return canvas({
    ...frame,
    height: 240,
    children: [
      text(px(0), top - 50, 'ácido', { size: 13, color: TEXT_COLORS.limit, weight: 'bold' }),
      text(px(7), top - 50, 'neutro', { anchor: 'middle', size: 13, color: TEXT_COLORS.muted }),
      text(px(14), top - 50, 'básico', { anchor: 'end', size: 13, color: TEXT_COLORS.primary, weight: 'bold' }),
      ...cells,
      rect(left, top, right - left, height, { fill: 'none', stroke: COLORS.ink, width: 1.5 }),
      bandBox,
      ...ticks,
      text(px(band.low + (band.high - band.low) / 2), bottom + 48, `faixa de lançamento ${band.low} a ${band.high} – ${clause}`, {
        anchor: 'middle',
        size: 12,
        color: TEXT_COLORS.ok,
      }),
      text((left + right) / 2, bottom + 70, 'pH (adimensional)', { anchor: 'middle', size: 13 }),
      polygon(pointer, { fill: COLORS.ink }),
      line(marker, top - 2, marker, bottom + 2, { stroke: COLORS.ink, width: 2.5 }),
      text(marker, top - 24, `pH ${phText(ph)}${outside ? ' (fora da escala 0–14)' : ''}`, {
        anchor,
        size: 14,
        weight: 'bold',
        halo: true,
      }),
    ],
  });
}

const SAMPLES = 141;

/** Scale position, band check, and (weak species) the distribution of the acid and base forms. */
export function acidBasePhFigures(input: PhFigureInput): DrawnFigure[] {
  const { ph, band, clause } = input;
  const inside = ph >= band.low && ph <= band.high;
  const scale = figure(
    {
      id: 'escala-ph',
      title: 'Escala de pH',
      summary: `pH ${phText(ph)}: ${inside ? 'dentro' : 'fora'} da faixa de lançamento de ${band.low} a ${band.high} (${clause}).`,
    },
    (frame) => phScale(input, frame),
  );
  if (!input.weak || input.dissociation === undefined) return [scale];

  // The acid form's pK_a: the base's conjugate acid has pK_a = pK_w − pK_b.
  const pka = input.base ? input.pkw - input.pk : input.pk;
  const [acidForm, baseForm] = input.base ? ['BH⁺', 'B'] : ['HA', 'A⁻'];
  const baseFraction = (value: number) => 1 / (1 + 10 ** (pka - value));
  const curve = (fraction: (value: number) => number): Point[] =>
    Array.from({ length: SAMPLES }, (_, index) => {
      const value = (SCALE.max * index) / (SAMPLES - 1);
      return [value, fraction(value)];
    });
  const dissociated = input.dissociation;
  // For an acid the dissociated form is A⁻ (the base form); for a base it is BH⁺ (the acid form).
  const dissociatedForm = input.base ? acidForm : baseForm;
  const otherForm = input.base ? baseForm : acidForm;
  const percent = (share: number) => `${formatValue(100 * share, share < 0.1 ? 2 : 3)} %`;
  const pkLabel = `pK_a ${formatValue(pka, 3)}`;
  const shownPh = Math.min(SCALE.max, Math.max(0, ph));
  const distribution = figure(
    {
      id: 'distribuicao-especies',
      title: 'Distribuição das espécies',
      summary: `Frações de ${acidForm} e ${baseForm} em função do pH; as curvas se cruzam em 0,5 no ${pkLabel}. No pH ${phText(ph)} da solução: ${dissociatedForm} ${percent(dissociated)}, ${otherForm} ${percent(1 - dissociated)}.`,
    },
    (frame) =>
      xyChart({
        ...frame,
        x: { title: 'pH (adimensional)', min: 0, max: SCALE.max, ticks: Array.from({ length: 8 }, (_, index) => 2 * index) },
        y: { title: 'Fração da espécie (adimensional)', min: 0, max: 1 },
        series: [
          { label: acidForm, points: curve((value) => 1 - baseFraction(value)), style: 'secondary' },
          { label: baseForm, points: curve(baseFraction), style: 'tertiary' },
        ],
        limits: [
          { axis: 'x', value: Math.min(SCALE.max, Math.max(0, pka)), label: pkLabel, style: 'reference' },
          { axis: 'x', value: shownPh, label: `pH ${phText(ph)}`, style: 'primary', labelAt: 'end' },
        ],
        points: [{ x: shownPh, y: dissociated, label: `${dissociatedForm} ${percent(dissociated)}` }],
      }),
  );
  return [scale, distribution];
}
