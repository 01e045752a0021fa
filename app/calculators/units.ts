/**
 * Unit groups. Every quantity converts through ONE base unit (SI where one exists):
 * base = value · factor + offset, or base = factor / value for reciprocal units
 * (indirect yarn counts such as Ne and Nm). Factors come from exact definitions
 * (NIST SP 811, Appendix B; international yard and pound, 1959), not rounded tables.
 * Unit ids are unique across all groups, ASCII, and travel in the URL as `${field}_unit`.
 */

export interface Unit {
  readonly id: string;
  /** What the interface shows, e.g. 'N·m', '°C', 'mm²'. */
  readonly symbol: string;
  readonly factor: number;
  readonly offset?: number;
  readonly reciprocal?: boolean;
}

export interface UnitGroup {
  readonly label: string;
  readonly base: string;
  readonly units: readonly Unit[];
}

// Exact definitions.
const INCH = 0.0254; // m
const FOOT = 0.3048; // m
const YARD = 0.9144; // m
const POUND = 0.45359237; // kg
const G_N = 9.80665; // m/s², standard gravity (kgf)
const LBF = POUND * G_N; // 4.4482216152605 N
const PSI = LBF / INCH ** 2; // 6894.757293168361 Pa
const HP = 550 * FOOT * LBF; // mechanical horsepower, 745.69987158227022 W
const CV = 75 * G_N; // cavalo-vapor (metric hp), 735.49875 W
const US_GALLON = 231 * INCH ** 3; // 3.785411784 L
const BTU_IT = 1055.05585262; // J
const RANKINE = 5 / 9; // K per °F
const KCAL_IT = 4186.8; // J, International Table kilocalorie

const u = (id: string, symbol: string, factor: number, extra: Partial<Unit> = {}): Unit => ({
  id,
  symbol,
  factor,
  ...extra,
});

export const UNIT_GROUPS = {
  length: {
    label: 'Comprimento',
    base: 'm',
    units: [
      u('m', 'm', 1),
      u('mm', 'mm', 1e-3),
      u('cm', 'cm', 1e-2),
      u('km', 'km', 1e3),
      u('um', 'µm', 1e-6),
      u('in', 'in', INCH),
      u('ft', 'ft', FOOT),
      u('yd', 'yd', YARD),
    ],
  },
  area: {
    label: 'Área',
    base: 'm2',
    units: [u('m2', 'm²', 1), u('mm2', 'mm²', 1e-6), u('cm2', 'cm²', 1e-4), u('in2', 'in²', INCH ** 2)],
  },
  secondMomentOfArea: {
    label: 'Momento de inércia de área',
    base: 'm4',
    units: [u('m4', 'm⁴', 1), u('cm4', 'cm⁴', 1e-8), u('mm4', 'mm⁴', 1e-12), u('in4', 'in⁴', INCH ** 4)],
  },
  volume: {
    label: 'Volume',
    base: 'm3',
    units: [u('m3', 'm³', 1), u('L', 'L', 1e-3), u('mL', 'mL', 1e-6), u('gal', 'gal (EUA)', US_GALLON)],
  },
  force: {
    label: 'Força',
    base: 'N',
    units: [u('N', 'N', 1), u('kN', 'kN', 1e3), u('kgf', 'kgf', G_N), u('lbf', 'lbf', LBF)],
  },
  forcePerLength: {
    label: 'Carga distribuída',
    base: 'N/m',
    units: [u('N/m', 'N/m', 1), u('kN/m', 'kN/m', 1e3), u('kgf/m', 'kgf/m', G_N), u('lbf/ft', 'lbf/ft', LBF / FOOT)],
  },
  torque: {
    label: 'Torque / momento',
    base: 'N.m',
    units: [
      u('N.m', 'N·m', 1),
      u('kN.m', 'kN·m', 1e3),
      u('kgf.m', 'kgf·m', G_N),
      u('lbf.ft', 'lbf·ft', LBF * FOOT),
      u('lbf.in', 'lbf·in', LBF * INCH),
    ],
  },
  pressure: {
    label: 'Pressão / tensão',
    base: 'Pa',
    units: [
      u('Pa', 'Pa', 1),
      u('kPa', 'kPa', 1e3),
      u('MPa', 'MPa', 1e6),
      u('GPa', 'GPa', 1e9),
      u('bar', 'bar', 1e5),
      u('psi', 'psi', PSI),
      u('ksi', 'ksi', PSI * 1e3),
      u('kgf/cm2', 'kgf/cm²', G_N * 1e4),
      u('atm', 'atm', 101_325),
    ],
  },
  power: {
    label: 'Potência',
    base: 'W',
    units: [
      u('W', 'W', 1),
      u('kW', 'kW', 1e3),
      u('MW', 'MW', 1e6),
      u('cv', 'cv', CV),
      u('hp', 'hp', HP),
      u('kcal/h', 'kcal/h', KCAL_IT / 3600),
    ],
  },
  apparentPower: {
    label: 'Potência aparente',
    base: 'VA',
    units: [u('VA', 'VA', 1), u('kVA', 'kVA', 1e3), u('MVA', 'MVA', 1e6)],
  },
  voltage: {
    label: 'Tensão elétrica',
    base: 'V',
    units: [u('V', 'V', 1), u('kV', 'kV', 1e3)],
  },
  current: {
    label: 'Corrente elétrica',
    base: 'A',
    units: [u('A', 'A', 1), u('kA', 'kA', 1e3)],
  },
  rotationalSpeed: {
    label: 'Rotação',
    base: 'rad/s',
    units: [u('rpm', 'rpm', (2 * Math.PI) / 60), u('rad/s', 'rad/s', 1), u('rps', 'rps', 2 * Math.PI)],
  },
  velocity: {
    label: 'Velocidade',
    base: 'm/s',
    units: [u('m/s', 'm/s', 1), u('km/h', 'km/h', 1 / 3.6), u('ft/s', 'ft/s', FOOT)],
  },
  volumeFlow: {
    label: 'Vazão volumétrica',
    base: 'm3/s',
    units: [
      u('m3/s', 'm³/s', 1),
      u('m3/h', 'm³/h', 1 / 3600),
      u('L/s', 'L/s', 1e-3),
      u('L/min', 'L/min', 1e-3 / 60),
      u('gpm', 'gal/min (EUA)', US_GALLON / 60),
    ],
  },
  massFlow: {
    label: 'Vazão mássica',
    base: 'kg/s',
    units: [u('kg/s', 'kg/s', 1), u('kg/h', 'kg/h', 1 / 3600), u('t/h', 't/h', 1000 / 3600), u('lb/h', 'lb/h', POUND / 3600)],
  },
  density: {
    label: 'Massa específica',
    base: 'kg/m3',
    units: [u('kg/m3', 'kg/m³', 1), u('g/mL', 'g/mL (g/cm³)', 1e3), u('kg/L', 'kg/L', 1e3), u('lb/ft3', 'lb/ft³', POUND / FOOT ** 3)],
  },
  dynamicViscosity: {
    label: 'Viscosidade dinâmica',
    base: 'Pa.s',
    units: [u('Pa.s', 'Pa·s', 1), u('mPa.s', 'mPa·s', 1e-3), u('cP', 'cP', 1e-3), u('P', 'P (poise)', 0.1)],
  },
  temperature: {
    label: 'Temperatura',
    base: 'K',
    units: [u('degC', '°C', 1, { offset: 273.15 }), u('K', 'K', 1), u('degF', '°F', RANKINE, { offset: 273.15 - 32 * RANKINE })],
  },
  specificHeat: {
    label: 'Calor específico',
    base: 'J/(kg.K)',
    units: [
      u('kJ/(kg.K)', 'kJ/(kg·K)', 1e3),
      u('J/(kg.K)', 'J/(kg·K)', 1),
      // The IT Btu is defined so that 1 Btu/(lb·°F) = 4186.8 J/(kg·K) exactly.
      u('BTU/(lb.degF)', 'BTU/(lb·°F)', 4186.8),
      u('kcal/(kg.degC)', 'kcal/(kg·°C)', KCAL_IT),
    ],
  },
  heatTransferCoefficient: {
    label: 'Coeficiente global de troca térmica',
    base: 'W/(m2.K)',
    units: [
      u('W/(m2.K)', 'W/(m²·K)', 1),
      u('kW/(m2.K)', 'kW/(m²·K)', 1e3),
      u('BTU/(h.ft2.degF)', 'BTU/(h·ft²·°F)', BTU_IT / 3600 / FOOT ** 2 / RANKINE),
    ],
  },
  molarConcentration: {
    label: 'Concentração molar',
    base: 'mol/m3',
    units: [u('mol/L', 'mol/L', 1e3), u('mmol/L', 'mmol/L', 1), u('mol/m3', 'mol/m³', 1)],
  },
  mass: {
    label: 'Massa',
    base: 'kg',
    units: [u('kg', 'kg', 1), u('g', 'g', 1e-3), u('t', 't', 1e3), u('lb', 'lb', POUND)],
  },
  molarMass: {
    label: 'Massa molar',
    base: 'kg/mol',
    units: [u('g/mol', 'g/mol', 1e-3), u('kg/mol', 'kg/mol', 1)],
  },
  time: {
    label: 'Tempo',
    base: 's',
    units: [u('s', 's', 1), u('min', 'min', 60), u('h', 'h', 3600), u('d', 'dias', 86400), u('ms', 'ms', 1e-3), u('us', 'µs', 1e-6)],
  },
  dataSize: {
    label: 'Quantidade de dados',
    base: 'B',
    units: [
      u('B', 'B', 1),
      u('kB', 'kB', 1e3),
      u('MB', 'MB', 1e6),
      u('GB', 'GB', 1e9),
      u('TB', 'TB', 1e12),
      u('PB', 'PB', 1e15),
      u('KiB', 'KiB', 2 ** 10),
      u('MiB', 'MiB', 2 ** 20),
      u('GiB', 'GiB', 2 ** 30),
      u('TiB', 'TiB', 2 ** 40),
      u('PiB', 'PiB', 2 ** 50),
    ],
  },
  dataRate: {
    label: 'Taxa de transferência',
    base: 'bit/s',
    units: [
      u('bit/s', 'bit/s', 1),
      u('kbit/s', 'kbit/s', 1e3),
      u('Mbit/s', 'Mbit/s', 1e6),
      u('Gbit/s', 'Gbit/s', 1e9),
      u('MB/s', 'MB/s', 8e6),
      u('MiB/s', 'MiB/s', 8 * 2 ** 20),
      u('GB/s', 'GB/s', 8e9),
    ],
  },
  yarnCount: {
    label: 'Título de fio',
    base: 'tex',
    units: [
      u('tex', 'tex', 1),
      u('dtex', 'dtex', 0.1),
      u('den', 'den', 1 / 9),
      // Indirect counts: number of hanks (or km) per unit mass, so tex = factor / count.
      u('Ne', 'Ne', (POUND * 1e6) / (840 * YARD), { reciprocal: true }), // 840-yd hanks per lb: 590.5402 / Ne
      u('Nm', 'Nm', 1000, { reciprocal: true }), // km per kg
      u('Nw', 'Nw (penteado)', (POUND * 1e6) / (560 * YARD), { reciprocal: true }), // 560-yd hanks per lb
    ],
  },
  threadDensity: {
    label: 'Densidade de fios',
    base: '1/m',
    units: [u('1/cm', 'fios/cm', 100), u('1/in', 'fios/pol', 1 / INCH), u('1/m', 'fios/m', 1)],
  },
  yarnTwist: {
    label: 'Torção do fio',
    base: 'turns/m',
    units: [u('turns/m', 'voltas/m', 1), u('turns/in', 'voltas/pol', 1 / INCH), u('turns/cm', 'voltas/cm', 100)],
  },
} as const satisfies Record<string, UnitGroup>;

export type UnitGroupId = keyof typeof UNIT_GROUPS;

const UNITS_BY_ID: ReadonlyMap<string, Unit> = new Map(
  Object.values(UNIT_GROUPS).flatMap((group: UnitGroup) => group.units.map((unit) => [unit.id, unit] as const)),
);

export function getUnit(unitId: string): Unit | undefined {
  return UNITS_BY_ID.get(unitId);
}

export function unitsOfGroup(group: UnitGroupId): readonly Unit[] {
  return UNIT_GROUPS[group].units;
}

/** Display symbol of a unit id ('' when unknown). */
export function unitSymbol(unitId: string): string {
  return getUnit(unitId)?.symbol ?? '';
}

/** Converts to the group's base unit. Unknown unit ids give NaN (never throws). */
export function toBase(value: number, unitId: string): number {
  const unit = getUnit(unitId);
  if (!unit) return Number.NaN;
  if (unit.reciprocal) return unit.factor / value;
  return value * unit.factor + (unit.offset ?? 0);
}

/** Converts from the group's base unit. Unknown unit ids give NaN (never throws). */
export function fromBase(value: number, unitId: string): number {
  const unit = getUnit(unitId);
  if (!unit) return Number.NaN;
  if (unit.reciprocal) return unit.factor / value;
  return (value - (unit.offset ?? 0)) / unit.factor;
}

export function convert(value: number, fromUnitId: string, toUnitId: string): number {
  return fromBase(toBase(value, fromUnitId), toUnitId);
}
