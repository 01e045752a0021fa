/**
 * GPON optical classes of ITU-T G.984.2 (08/2019). Downstream B+ and C+ and upstream B+ were
 * checked against public tables that cite the Recommendation (a test-equipment vendor's ODN
 * class table; G.984.2 Amendment 1 as quoted by TechTarget). The ODN attenuation ranges and the
 * C+ upstream values were not, so their texts say "(confirme na norma)".
 */

export interface TransceiverLimits {
  /** Mean launched power of the transmitter, minimum and maximum (dBm), §8.2.6.3. */
  readonly txMin: number;
  readonly txMax: number;
  /** Receiver minimum sensitivity (dBm), §8.2.8.1, and minimum overload (dBm), §8.2.8.2. */
  readonly sensitivity: number;
  readonly overload: number;
  readonly confirmed: boolean;
}

export interface OdnClass {
  readonly label: string;
  /** ODN attenuation range (dB), §8.2.7.1. */
  readonly odnMin: number;
  readonly odnMax: number;
  readonly odnConfirmed: boolean;
  readonly downstream: TransceiverLimits;
  readonly upstream: TransceiverLimits;
}

export const GPON_CLASSES = {
  'b-plus': {
    label: 'B+',
    odnMin: 13,
    odnMax: 28,
    odnConfirmed: false,
    downstream: { txMin: 1.5, txMax: 5, sensitivity: -27, overload: -8, confirmed: true },
    upstream: { txMin: 0.5, txMax: 5, sensitivity: -28, overload: -8, confirmed: true },
  },
  'c-plus': {
    label: 'C+',
    odnMin: 17,
    odnMax: 32,
    odnConfirmed: false,
    downstream: { txMin: 3, txMax: 7, sensitivity: -30, overload: -8, confirmed: true },
    upstream: { txMin: 0.5, txMax: 5, sensitivity: -32, overload: -12, confirmed: false },
  },
} as const satisfies Record<string, OdnClass>;

export type GponClassId = keyof typeof GPON_CLASSES;

export const G984_CLAUSES = {
  launch: 'ITU-T G.984.2 §8.2.6.3',
  attenuation: 'ITU-T G.984.2 §8.2.7.1',
  sensitivity: 'ITU-T G.984.2 §8.2.8.1',
  overload: 'ITU-T G.984.2 §8.2.8.2',
} as const;

export const UNCONFIRMED = '(confirme na norma)';
