/** The pure gases the real-gas calculator offers as presets, with their critical constants (decision 032). */

const BAR = 1e5; // Pa

export interface GasConstants {
  readonly label: string;
  /** kg/mol */
  readonly molarMass: number;
  /** K */
  readonly criticalTemperature: number;
  /** Pa */
  readonly criticalPressure: number;
  readonly acentricFactor: number;
  /** Quantum or strongly polar: the corresponding-states correlation fits poorly. */
  readonly poorFit?: boolean;
}

// Smith, Van Ness & Abbott, 7th ed., App. B (Table B.1); T_c and P_c agree with the NIST Chemistry
// WebBook within the rounding shown.
const gas = (
  label: string,
  molarMass: number,
  criticalTemperature: number,
  criticalPressureBar: number,
  acentricFactor: number,
  poorFit = false,
): GasConstants => ({
  label,
  molarMass: molarMass / 1000,
  criticalTemperature,
  criticalPressure: criticalPressureBar * BAR,
  acentricFactor,
  ...(poorFit ? { poorFit } : {}),
});

export const GASES = {
  methane: gas('Metano (CH₄)', 16.043, 190.6, 45.99, 0.012),
  ethane: gas('Etano (C₂H₆)', 30.07, 305.3, 48.72, 0.1),
  propane: gas('Propano (C₃H₈)', 44.097, 369.8, 42.48, 0.152),
  butane: gas('n-Butano (C₄H₁₀)', 58.123, 425.1, 37.96, 0.2),
  nitrogen: gas('Nitrogênio (N₂)', 28.014, 126.2, 34.0, 0.038),
  oxygen: gas('Oxigênio (O₂)', 31.999, 154.6, 50.43, 0.022),
  air: gas('Ar (pseudocrítico)', 28.851, 132.2, 37.45, 0.035),
  carbonDioxide: gas('Dióxido de carbono (CO₂)', 44.01, 304.2, 73.83, 0.224),
  hydrogen: gas('Hidrogênio (H₂)', 2.016, 33.19, 13.13, -0.216, true),
  ammonia: gas('Amônia (NH₃)', 17.031, 405.7, 112.8, 0.253, true),
} as const satisfies Record<string, GasConstants>;

export type GasId = keyof typeof GASES;
export const GAS_IDS = Object.keys(GASES) as GasId[];
