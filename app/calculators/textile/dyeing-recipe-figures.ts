import { barChart, figure, formatValue, namedColor, type BarSegment, type SeriesStyle } from '../../charts';
import { type Figure } from '../types';

/** One product of the weighing sheet: mass in kg, stock-solution volume in L. */
export interface RecipeLine {
  readonly kind: 'dye' | 'auxiliary';
  readonly name: string;
  readonly mass: number;
  readonly stockVolume?: number;
}

/** Volumes in L. */
export interface BathComposition {
  readonly bathVolume: number;
  readonly waterInGoods: number;
  readonly otherVolume: number;
  readonly waterToAdd: number;
  readonly lines: readonly RecipeLine[];
}

// Vermillion is left to limits. A dye whose name says its colour ('Azul reativo') is drawn in it;
// the kit gives every segment its own texture too, so a black-and-white print tells them apart.
const PRODUCT_STYLES: readonly SeriesStyle[] = ['secondary', 'tertiary', 'ok', 'primary', 'reference'];
const v = (value: number) => formatValue(value, 4);
const share = (part: number, whole: number) => (whole > 0 ? `${formatValue((100 * part) / whole, 3)} %` : '—');
/** In the volume bar, blue is the water to add and grey the water of the goods. */
const SOLUTION_STYLES: readonly SeriesStyle[] = ['secondary', 'tertiary', 'ok'];
const styleAt = (index: number, styles: readonly SeriesStyle[] = PRODUCT_STYLES): SeriesStyle =>
  styles[index % styles.length] ?? 'reference';

/** The colour a dye's name says; auxiliaries (salt, soda ash) keep the palette's. */
const dyeColor = (line: RecipeLine) => (line.kind === 'dye' ? namedColor(line.name) : undefined);

/** Dyes are weighed in grams, auxiliaries in kilograms. */
const weighed = (line: RecipeLine) => (line.kind === 'dye' ? { amount: line.mass * 1000, unit: 'g' } : { amount: line.mass, unit: 'kg' });

function volumeFigure(composition: BathComposition): Figure {
  const { bathVolume, waterInGoods, otherVolume, waterToAdd, lines } = composition;
  const dissolved = lines.filter((line) => line.stockVolume !== undefined && line.stockVolume > 0);
  const segment = (label: string, volume: number, style: SeriesStyle, color?: string): BarSegment => ({
    label: `${label}: ${v(volume)} L (${share(volume, bathVolume)})`,
    value: volume,
    style,
    ...(color ? { color } : {}),
  });
  const segments: BarSegment[] = [
    ...(waterInGoods > 0 ? [segment('água do material', waterInGoods, 'reference')] : []),
    ...dissolved.map((line, index) =>
      segment(`solução de ${line.name}`, line.stockVolume ?? 0, styleAt(index, SOLUTION_STYLES), dyeColor(line)),
    ),
    ...(otherVolume > 0 ? [segment('outros volumes', otherVolume, 'reference')] : []),
    segment('água a adicionar', waterToAdd, 'primary'),
  ];
  const stockTotal = dissolved.reduce((sum, line) => sum + (line.stockVolume ?? 0), 0);
  const summary =
    `Banho de ${v(bathVolume)} L: água do material ${v(waterInGoods)} L, soluções-estoque ${v(stockTotal)} L` +
    `${otherVolume > 0 ? `, outros volumes ${v(otherVolume)} L` : ''} e água a adicionar ${v(waterToAdd)} L.`;
  const rows = [
    ...lines.map((line) => {
      const { amount, unit } = weighed(line);
      return [line.name, v(amount), unit, line.stockVolume === undefined ? 'pesar direto' : `${v(line.stockVolume)} L`, '☐'];
    }),
    ['Água a adicionar', v(waterToAdd), 'L', '—', '☐'],
  ];
  return figure(
    {
      id: 'composicao-banho',
      title: 'Composição do banho',
      summary,
      table: { caption: 'Ficha de pesagem', columns: ['Produto', 'Quantidade', 'Unidade', 'Solução-estoque', 'Conferido'], rows },
    },
    (frame) =>
      barChart({
        ...frame,
        height: 300,
        bars: [{ category: 'Banho', segments, valueLabel: `${v(bathVolume)} L` }],
        axis: { title: 'Volume (L)', min: 0 },
        legend: true,
      }),
  );
}

function massFigure(composition: BathComposition): Figure | null {
  const dyes = composition.lines.filter((line) => line.kind === 'dye');
  const auxiliaries = composition.lines.filter((line) => line.kind === 'auxiliary');
  if (dyes.length + auxiliaries.length === 0) return null;
  const total = (lines: readonly RecipeLine[]) => lines.reduce((sum, line) => sum + line.mass, 0);
  const segments = (lines: readonly RecipeLine[], offset: number): BarSegment[] =>
    lines.map((line, index) => {
      const color = dyeColor(line);
      return { label: `${line.name}: ${v(line.mass)} kg`, value: line.mass, style: styleAt(index + offset), ...(color ? { color } : {}) };
    });
  const bars = [
    ...(dyes.length > 0 ? [{ category: 'Corantes', segments: segments(dyes, 0), valueLabel: `${v(total(dyes))} kg` }] : []),
    ...(auxiliaries.length > 0
      ? [{ category: 'Auxiliares', segments: segments(auxiliaries, dyes.length), valueLabel: `${v(total(auxiliaries))} kg` }]
      : []),
  ];
  const summary = `Massas por produto: corantes ${v(total(dyes))} kg e auxiliares ${v(total(auxiliaries))} kg.`;
  return figure({ id: 'massas-produtos', title: 'Massas por produto', summary }, (frame) =>
    barChart({ ...frame, height: 320, bars, axis: { title: 'Massa (kg)', min: 0 }, legend: true }),
  );
}

/** "Composição do banho" with the weighing sheet, and the masses by product (research notes, receita-tingimento). */
export function dyeingRecipeFigures(composition: BathComposition): Figure[] {
  const masses = massFigure(composition);
  return masses ? [volumeFigure(composition), masses] : [volumeFigure(composition)];
}
