/**
 * Okabe–Ito colours (safe for colour-blind readers) for lines and fills, with darker twins for
 * text so labels keep a 4.5:1 contrast on white. Colour never carries meaning alone: every
 * style also has its own dash pattern or width, and pass/fail labels say ✓/✗ in words.
 */

export const COLORS = {
  /** The result: curves, bars, the operating point. */
  primary: '#0072B2',
  /** Normative limits and failures. */
  limit: '#D55E00',
  /** Bands and marks that pass. */
  ok: '#009E73',
  /** References, other options, grid. */
  reference: '#999999',
  /** A second result series. */
  secondary: '#E69F00',
  /** A third series (sky blue). */
  tertiary: '#56B4E9',
  ink: '#1A1A1A',
  muted: '#595959',
  grid: '#E3E3E3',
  paper: '#FFFFFF',
} as const;

/** Text colours with at least 4.5:1 contrast on white. */
export const TEXT_COLORS = {
  primary: '#005A8C',
  limit: '#A63F00',
  ok: '#00694D',
  reference: '#595959',
  secondary: '#7A5200',
  tertiary: '#1F6E99',
  ink: '#1A1A1A',
  muted: '#595959',
} as const;

/** How a series, line or bar looks; B/W prints tell them apart by dash and width. */
export type SeriesStyle = 'primary' | 'secondary' | 'tertiary' | 'reference' | 'limit' | 'ok';

/** Named dash patterns (stroke-dasharray values). */
export const DASHES = {
  solid: '',
  dashed: '8 5',
  dotted: '2 4',
  dashDot: '10 4 2 4',
  longDash: '14 6',
} as const;

export type DashName = keyof typeof DASHES;

export interface StrokeLook {
  readonly stroke: string;
  readonly text: string;
  readonly width: number;
  readonly dash: string;
}

const LOOKS: Readonly<Record<SeriesStyle, StrokeLook>> = {
  primary: { stroke: COLORS.primary, text: TEXT_COLORS.primary, width: 2.5, dash: DASHES.solid },
  secondary: { stroke: COLORS.secondary, text: TEXT_COLORS.secondary, width: 2, dash: DASHES.dashDot },
  tertiary: { stroke: COLORS.tertiary, text: TEXT_COLORS.tertiary, width: 2, dash: DASHES.longDash },
  reference: { stroke: COLORS.reference, text: TEXT_COLORS.reference, width: 1.5, dash: DASHES.dotted },
  limit: { stroke: COLORS.limit, text: TEXT_COLORS.limit, width: 2, dash: DASHES.dashed },
  ok: { stroke: COLORS.ok, text: TEXT_COLORS.ok, width: 2, dash: DASHES.solid },
};

/** The stroke of a style, with an optional dash override. */
export function lookOf(style: SeriesStyle = 'primary', dash?: DashName): StrokeLook {
  const look = LOOKS[style];
  return dash === undefined ? look : { ...look, dash: DASHES[dash] };
}

/**
 * Fill textures drawn over a colour (never instead of it): in a black-and-white print two areas of
 * different colours may come out the same grey, their textures still differ. `none` is a plain fill.
 */
export const TEXTURES = ['none', 'diagonal', 'dots', 'crosshatch', 'horizontal', 'backDiagonal', 'vertical', 'grid'] as const;
export type TextureName = (typeof TEXTURES)[number];

/** Colour words (pt-BR, and the English ones dye makers print) and the fill each names. */
const NAMED_COLORS: readonly (readonly [RegExp, string])[] = [
  [/\b(azul[- ]marinho|marinho|navy)\b/, '#1F3A93'],
  [/\b(turquesa|turquoise)\b/, '#1AA39A'],
  [/\b(amarel[oa]|yellow|ouro|dourad[oa])\b/, '#F2C500'],
  [/\b(laranja|orange)\b/, '#F28C28'],
  [/\b(vermelh[oa]|red|escarlate|scarlet)\b/, '#C8102E'],
  [/\b(bordo|vinho|grena)\b/, '#7A1F2B'],
  [/\b(rosa|pink|magenta|fucsia)\b/, '#D6338A'],
  [/\b(violeta|roxo|roxa|purpura|violet|purple)\b/, '#6A3D9A'],
  [/\b(azul|blue)\b/, '#1F5FBF'],
  [/\b(verde|green)\b/, '#2E8B3A'],
  [/\b(marrom|castanh[oa]|brown)\b/, '#7B4A26'],
  [/\b(pret[oa]|black)\b/, '#1A1A1A'],
  [/\b(cinza|gr[ae]y)\b/, '#8C8C8C'],
];

/** The colour a name says ('Vermelho reativo' → red), or undefined when it names none. */
export function namedColor(name: string): string | undefined {
  // \b does not see accented letters as word letters: compare without accents.
  const plain = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return NAMED_COLORS.find(([pattern]) => pattern.test(plain))?.[1];
}
