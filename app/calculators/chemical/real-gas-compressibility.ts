import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator, type CalculationStep } from '../types';
import { realGasFigures } from './real-gas-compressibility-figures';
import { STANDING_DISCLAIMER } from '../disclaimer';
import { GAS_IDS, GASES, type GasConstants } from './real-gas-presets';

export { GASES, type GasConstants };

/** CODATA 2018, exact. */
export const GAS_CONSTANT = 8.314462618; // J/(mol·K)
/** Z_c assumed when estimating the reduced volume without V_c. */
export const ESTIMATED_CRITICAL_Z = 0.29;
/** Smallest reduced volume for which the truncated virial correlation is recommended. */
export const MIN_REDUCED_VOLUME = 2;
const STANDARD_ATMOSPHERE = 101_325; // Pa
const BAR = 1e5; // Pa
// Below this the molar volume overflows; no gas calculation lives there.
const MIN_ABSOLUTE_PRESSURE = 1; // Pa

const REFERENCES = {
  '0C': { temperature: 273.15, pressure: STANDARD_ATMOSPHERE },
  '20C': { temperature: 293.15, pressure: STANDARD_ATMOSPHERE },
  '15C': { temperature: 288.15, pressure: STANDARD_ATMOSPHERE },
} as const;

/** Abbott's B⁰ and B¹ of the generalised second-virial correlation (Smith, Van Ness & Abbott §3.6). */
export function virialCoefficients(reducedTemperature: number): { b0: number; b1: number } {
  return { b0: 0.083 - 0.422 / reducedTemperature ** 1.6, b1: 0.139 - 0.172 / reducedTemperature ** 4.2 };
}

/** Z = 1 + (B⁰ + ω·B¹)·P_r/T_r. */
export function virialZ(reducedTemperature: number, reducedPressure: number, acentricFactor: number): number {
  const { b0, b1 } = virialCoefficients(reducedTemperature);
  return 1 + ((b0 + acentricFactor * b1) * reducedPressure) / reducedTemperature;
}

/** V_r = V/V_c estimated as Z·T_r/(P_r·Z_c) with Z_c ≈ 0,29. */
export const estimatedReducedVolume = (z: number, reducedTemperature: number, reducedPressure: number) =>
  (z * reducedTemperature) / (reducedPressure * ESTIMATED_CRITICAL_Z);

const outputs = [
  { key: 'absolutePressure', label: 'Pressão absoluta P', unit: 'bar', digits: 3 },
  { key: 'reducedTemperature', label: 'Temperatura reduzida T_r', unit: '', digits: 4 },
  { key: 'reducedPressure', label: 'Pressão reduzida P_r', unit: '', digits: 4 },
  { key: 'b0', label: 'Coeficiente B⁰', unit: '', digits: 5 },
  { key: 'b1', label: 'Coeficiente B¹', unit: '', digits: 5 },
  { key: 'z', label: 'Fator de compressibilidade Z', unit: '', digits: 4 },
  { key: 'molarVolume', label: 'Volume molar V_m', unit: 'cm³/mol', digits: 1 },
  { key: 'reducedVolume', label: 'Volume reduzido estimado V_r', unit: '', digits: 2 },
  { key: 'validity', label: 'Correlação virial dentro da faixa recomendada (V_r ≥ 2)?', unit: '' },
  { key: 'density', label: 'Massa específica ρ', unit: 'kg/m³', digits: 3 },
  { key: 'idealDensity', label: 'Massa específica como gás ideal', unit: 'kg/m³', digits: 3 },
  { key: 'deviation', label: 'Diferença em relação ao gás ideal (ρ/ρ_ideal − 1)', unit: '%', digits: 2 },
  { key: 'amount', label: 'Quantidade de matéria n', unit: 'mol', digits: 1 },
  { key: 'mass', label: 'Massa de gás m', unit: 'kg', digits: 3 },
  { key: 'idealMass', label: 'Massa pelo gás ideal', unit: 'kg', digits: 3 },
  { key: 'volume', label: 'Volume ocupado V', unit: 'm³', digits: 4 },
  { key: 'idealVolume', label: 'Volume pelo gás ideal', unit: 'm³', digits: 4 },
  { key: 'referenceVolume', label: 'Volume nas condições de referência (gás ideal)', unit: 'm³', digits: 2 },
] as const;

const when = (field: string, ...oneOf: string[]) => ({ when: { field, oneOf } });

export const realGasCompressibility = defineCalculator({
  slug: 'gas-real-compressibilidade',
  version: '1.0.0',
  title: 'Gás ideal e real (PV = ZnRT)',
  summary:
    'Calcula o fator de compressibilidade Z de um gás puro pela correlação virial generalizada (Pitzer/Abbott), a massa específica, a quantidade e a massa num recipiente (ou o volume de uma massa), o volume nas condições de referência e o erro da hipótese de gás ideal.',
  category: 'chemical',
  accessLevel: 'E-MASTER',
  inputs: [
    {
      kind: 'select',
      name: 'gas',
      label: 'Gás',
      options: [
        ...GAS_IDS.map((id) => ({ value: id, label: GASES[id].label })),
        { value: 'custom', label: 'Personalizado (informe as constantes)' },
      ],
      default: 'methane',
      help: 'Constantes críticas e fator acêntrico de Smith, Van Ness & Abbott, App. B. Para outros valores, escolha "Personalizado".',
    },
    {
      kind: 'number',
      name: 'molarMass',
      label: 'Massa molar M',
      unitGroup: 'molarMass',
      defaultUnit: 'g/mol',
      units: ['g/mol', 'kg/mol'],
      default: 16.043,
      min: 1,
      max: 1000,
      ...when('gas', 'custom'),
    },
    {
      kind: 'number',
      name: 'criticalTemperature',
      label: 'Temperatura crítica T_c',
      unitGroup: 'temperature',
      defaultUnit: 'K',
      units: ['K', 'degC'],
      default: 190.6,
      min: 1,
      max: 2000,
      ...when('gas', 'custom'),
    },
    {
      kind: 'number',
      name: 'criticalPressure',
      label: 'Pressão crítica P_c',
      unitGroup: 'pressure',
      defaultUnit: 'bar',
      units: ['bar', 'MPa', 'kPa', 'atm', 'psi'],
      default: 45.99,
      min: 1,
      max: 1000,
      ...when('gas', 'custom'),
    },
    {
      kind: 'number',
      name: 'acentricFactor',
      label: 'Fator acêntrico ω',
      unit: '',
      default: 0.012,
      min: -0.5,
      max: 1.5,
      ...when('gas', 'custom'),
    },
    {
      kind: 'select',
      name: 'model',
      label: 'Modelo',
      options: [
        { value: 'virial', label: 'Correlação virial generalizada (Z calculado)' },
        { value: 'ideal', label: 'Gás ideal (Z = 1)' },
        { value: 'given', label: 'Z informado (medido ou de outra fonte)' },
      ],
      default: 'virial',
    },
    {
      kind: 'number',
      name: 'givenZ',
      label: 'Fator de compressibilidade informado Z',
      unit: '',
      default: 0.9,
      min: 0.05,
      max: 3,
      ...when('model', 'given'),
    },
    {
      kind: 'select',
      name: 'pressureKind',
      label: 'A pressão informada é',
      options: [
        { value: 'absolute', label: 'Absoluta' },
        { value: 'gauge', label: 'Manométrica (relativa à atmosfera)' },
      ],
      default: 'absolute',
      help: 'Pressão manométrica ou absoluta? A correlação usa pressão absoluta = manométrica + atmosférica.',
    },
    {
      kind: 'number',
      name: 'pressure',
      label: 'Pressão P',
      unitGroup: 'pressure',
      defaultUnit: 'bar',
      units: ['bar', 'kPa', 'MPa', 'Pa', 'atm', 'psi', 'kgf/cm2'],
      default: 50,
      min: 0,
      max: 300,
    },
    {
      kind: 'number',
      name: 'atmosphericPressure',
      label: 'Pressão atmosférica local',
      unitGroup: 'pressure',
      defaultUnit: 'kPa',
      units: ['kPa', 'bar', 'atm', 'psi'],
      default: 101.325,
      min: 50,
      max: 110,
      ...when('pressureKind', 'gauge'),
    },
    {
      kind: 'number',
      name: 'temperature',
      label: 'Temperatura T',
      unitGroup: 'temperature',
      defaultUnit: 'degC',
      units: ['degC', 'K', 'degF'],
      default: 25,
      min: -270,
      max: 1500,
    },
    {
      kind: 'select',
      name: 'mode',
      label: 'O que calcular',
      options: [
        { value: 'volume', label: 'Quantidade e massa num recipiente de volume dado' },
        { value: 'mass', label: 'Volume ocupado por uma massa dada' },
      ],
      default: 'volume',
    },
    {
      kind: 'number',
      name: 'volume',
      label: 'Volume do recipiente V',
      unitGroup: 'volume',
      defaultUnit: 'm3',
      units: ['m3', 'L'],
      default: 2,
      min: 0,
      exclusiveMin: true,
      max: 1_000_000,
      ...when('mode', 'volume'),
    },
    {
      kind: 'number',
      name: 'mass',
      label: 'Massa de gás m',
      unitGroup: 'mass',
      defaultUnit: 'kg',
      units: ['kg', 'g', 't'],
      default: 10,
      min: 0,
      exclusiveMin: true,
      max: 10_000_000,
      ...when('mode', 'mass'),
    },
    {
      kind: 'select',
      name: 'reference',
      label: 'Condição de referência do volume',
      options: [
        { value: '0C', label: '0 °C e 101,325 kPa ("normal", Nm³)' },
        { value: '20C', label: '20 °C e 101,325 kPa' },
        { value: '15C', label: '15 °C e 101,325 kPa' },
        { value: 'custom', label: 'Outra (informe)' },
      ],
      default: '0C',
      help: 'Confira no contrato ou na regra aplicável qual condição de referência vale.',
    },
    {
      kind: 'number',
      name: 'referenceTemperature',
      label: 'Temperatura de referência',
      unitGroup: 'temperature',
      defaultUnit: 'degC',
      units: ['degC', 'K', 'degF'],
      default: 0,
      min: -100,
      max: 100,
      ...when('reference', 'custom'),
    },
    {
      kind: 'number',
      name: 'referencePressure',
      label: 'Pressão absoluta de referência',
      unitGroup: 'pressure',
      defaultUnit: 'kPa',
      units: ['kPa', 'bar', 'atm', 'psi'],
      default: 101.325,
      min: 1,
      max: 1000,
      ...when('reference', 'custom'),
    },
  ],
  outputs,
  formula:
    'PV = Z·n·R·T;  T_r = T/T_c;  P_r = P/P_c;  B⁰ = 0,083 − 0,422/T_r^1,6;  B¹ = 0,139 − 0,172/T_r^4,2;  Z = 1 + (B⁰ + ω·B¹)·P_r/T_r;  ρ = P·M/(Z·R·T);  V_ref = n·R·T_ref/P_ref;  V_r ≈ Z·T_r/(P_r·Z_c), Z_c ≈ 0,29',
  references: [
    'Smith, J. M., Van Ness, H. C. & Abbott, M. M., Introduction to Chemical Engineering Thermodynamics, 7ª ed. (McGraw-Hill, 2005), §3.6 (correlações generalizadas para gases) e App. B (constantes críticas)',
    'Pitzer, K. S. & Curl, R. F. (1957), origem da correlação do segundo coeficiente virial com o fator acêntrico',
    'NIST Chemistry WebBook (propriedades de fluidos, para conferir Z)',
    'CODATA 2018: R = 8,314462618 J/(mol·K)',
  ],
  disclaimer:
    'Gás puro; misturas (gás natural, biogás) não são tratadas: a transferência de custódia de gás natural usa métodos próprios (confirme na norma aplicável). A validade V_r ≥ 2 é o critério usual da correlação virial, estimado com Z_c ≈ 0,29 (confirme na referência). Cilindros e vasos de pressão: a pressão máxima de trabalho é a do fabricante/NR-13, não deste cálculo. ' +
    STANDING_DISCLAIMER,
  compute(values) {
    const { gas: gasId, model, pressureKind, pressure: typedPressure, atmosphericPressure, temperature, mode, reference } = values;
    const constants: GasConstants =
      gasId === 'custom'
        ? {
            label: 'Personalizado',
            molarMass: values.molarMass,
            criticalTemperature: values.criticalTemperature,
            criticalPressure: values.criticalPressure,
            acentricFactor: values.acentricFactor,
          }
        : GASES[gasId];
    const { molarMass, criticalTemperature, criticalPressure, acentricFactor } = constants;
    const pressure = pressureKind === 'gauge' ? typedPressure + atmosphericPressure : typedPressure;
    if (!(pressure >= MIN_ABSOLUTE_PRESSURE)) return invalid({ pressure: 'A pressão absoluta deve ser de pelo menos 1 Pa.' });

    const reducedTemperature = temperature / criticalTemperature;
    const reducedPressure = pressure / criticalPressure;
    const { b0, b1 } = virialCoefficients(reducedTemperature);
    const reducedB = b0 + acentricFactor * b1; // B·P_c/(R·T_c)
    const z = model === 'virial' ? virialZ(reducedTemperature, reducedPressure, acentricFactor) : model === 'given' ? values.givenZ : 1;
    if (!(z > 0)) {
      return invalid({
        model: `A correlação virial dá Z = ${f(z)} ≤ 0 nestas condições (T_r = ${f(reducedTemperature)}, P_r = ${f(reducedPressure)}): fora da validade; informe Z medido.`,
      });
    }
    const rt = GAS_CONSTANT * temperature;
    const molarVolume = (z * rt) / pressure; // m³/mol
    const reducedVolume = estimatedReducedVolume(z, reducedTemperature, reducedPressure);
    const valid = reducedVolume >= MIN_REDUCED_VOLUME;
    const density = (pressure * molarMass) / (z * rt);
    const idealDensity = (pressure * molarMass) / rt;
    const amount = mode === 'volume' ? values.volume / molarVolume : values.mass / molarMass;
    const referenceState =
      reference === 'custom' ? { temperature: values.referenceTemperature, pressure: values.referencePressure } : REFERENCES[reference];
    const referenceVolume = (amount * GAS_CONSTANT * referenceState.temperature) / referenceState.pressure;

    const warnings: string[] = [];
    if (model === 'virial' && !valid) {
      warnings.push(
        `Fora da faixa recomendada da correlação virial (V_r ≈ ${f(reducedVolume, 3)} < 2); use Lee–Kesler ou uma equação cúbica (ou Z medido).`,
      );
    }
    if (model === 'ideal' && Math.abs(virialZ(reducedTemperature, reducedPressure, acentricFactor) - 1) > 0.05) {
      warnings.push(
        `Gás ideal pouco preciso aqui: a correlação virial dá Z = ${f(virialZ(reducedTemperature, reducedPressure, acentricFactor))} (diferença acima de 5 %).`,
      );
    }
    if (reducedTemperature < 1)
      warnings.push(`Abaixo da temperatura crítica (T_r = ${f(reducedTemperature)} < 1): confira se o gás não condensa nessa pressão.`);
    if (gasId !== 'custom' && GASES[gasId].poorFit)
      warnings.push('Correlação pouco precisa para este gás (gás quântico ou fortemente polar).');

    const bar = (pascal: number) => pascal / BAR;
    const steps: CalculationStep[] = [];
    if (pressureKind === 'gauge') {
      steps.push(
        step(
          'Pressão absoluta',
          `P = P_man + P_atm = ${f(bar(typedPressure))} + ${f(bar(atmosphericPressure))} bar`,
          bar(pressure),
          'bar',
          3,
        ),
      );
    }
    steps.push(
      step('Temperatura reduzida', `T_r = ${f(temperature, 5)} K / ${f(criticalTemperature)} K`, reducedTemperature, '', 4),
      step('Pressão reduzida', `P_r = ${f(bar(pressure))} bar / ${f(bar(criticalPressure))} bar`, reducedPressure, '', 4),
    );
    if (model === 'virial') {
      steps.push(
        step('B⁰', `B⁰ = 0,083 − 0,422/${f(reducedTemperature)}^1,6`, b0, '', 5),
        step('B¹', `B¹ = 0,139 − 0,172/${f(reducedTemperature)}^4,2`, b1, '', 5),
        step('Fator Z', `Z = 1 + (${f(b0)} + ${f(acentricFactor)} · ${f(b1)}) · ${f(reducedPressure)}/${f(reducedTemperature)}`, z, '', 4),
      );
    }
    steps.push(
      step(
        'Volume molar',
        `V_m = Z·R·T/P = ${f(z)} · ${f(GAS_CONSTANT, 10)} · ${f(temperature, 5)} / ${f(pressure)}`,
        molarVolume * 1e6,
        'cm³/mol',
        1,
      ),
      step(
        'Volume reduzido',
        `V_r ≈ Z·T_r/(P_r·Z_c) = ${f(z)} · ${f(reducedTemperature)}/(${f(reducedPressure)} · 0,29)`,
        reducedVolume,
        '',
        2,
      ),
      step('Massa específica', `ρ = P·M/(Z·R·T) = ${f(pressure)} · ${f(molarMass)}/(${f(z)} · ${f(rt)})`, density, 'kg/m³', 3),
      mode === 'volume'
        ? step('Quantidade de matéria', `n = P·V/(Z·R·T) = ${f(pressure)} · ${f(values.volume)}/(${f(z)} · ${f(rt)})`, amount, 'mol', 1)
        : step('Quantidade de matéria', `n = m/M = ${f(values.mass)}/${f(molarMass)}`, amount, 'mol', 1),
      mode === 'volume'
        ? step('Massa', `m = n·M = ${f(amount)} · ${f(molarMass)}`, amount * molarMass, 'kg', 3)
        : step('Volume', `V = n·Z·R·T/P = ${f(amount)} · ${f(molarVolume)}`, amount * molarVolume, 'm³', 4),
      step(
        'Volume de referência',
        `V_ref = n·R·T_ref/P_ref = ${f(amount)} · ${f(GAS_CONSTANT, 10)} · ${f(referenceState.temperature, 5)}/${f(referenceState.pressure)}`,
        referenceVolume,
        'm³',
        2,
      ),
    );

    return {
      results: buildResults(outputs, {
        absolutePressure: bar(pressure),
        reducedTemperature,
        reducedPressure,
        b0: model === 'virial' ? b0 : undefined,
        b1: model === 'virial' ? b1 : undefined,
        z,
        molarVolume: molarVolume * 1e6,
        reducedVolume,
        validity: model === 'virial' ? `${valid ? 'Sim' : 'Não'}: V_r ≈ ${f(reducedVolume, 3)} ${valid ? '≥' : '<'} 2` : undefined,
        density,
        idealDensity,
        deviation: 100 * (density / idealDensity - 1),
        amount,
        mass: mode === 'volume' ? amount * molarMass : undefined,
        idealMass: mode === 'volume' ? amount * z * molarMass : undefined,
        volume: mode === 'mass' ? amount * molarVolume : undefined,
        idealVolume: mode === 'mass' ? (amount * rt) / pressure : undefined,
        referenceVolume,
      }),
      steps,
      warnings,
      figures: () =>
        realGasFigures({
          pressure,
          z,
          virialSlope: reducedB / (reducedTemperature * criticalPressure),
          virialModel: model === 'virial',
          // V_r ≈ T_r·P_c/(Z_c·P) + B̂/Z_c falls to 2 at P = T_r·P_c/(2·Z_c − B̂).
          ...(MIN_REDUCED_VOLUME * ESTIMATED_CRITICAL_Z > reducedB
            ? { invalidAbove: (reducedTemperature * criticalPressure) / (MIN_REDUCED_VOLUME * ESTIMATED_CRITICAL_Z - reducedB) }
            : {}),
          temperatureCelsius: temperature - 273.15,
          density,
          idealDensity,
        }),
    };
  },
});
