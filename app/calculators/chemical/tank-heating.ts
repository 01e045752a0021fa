import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator, type CalculationStep } from '../types';
import { tankHeatingFigures } from './tank-heating-figures';
import { STANDING_DISCLAIMER } from '../disclaimer';

const outputs = [
  { key: 'mass', label: 'Massa de líquido m', unit: 'kg', digits: 1 },
  { key: 'heat', label: 'Calor sensível necessário Q', unit: 'kWh', digits: 2 },
  { key: 'heatMJ', label: 'Calor sensível necessário Q (em MJ)', unit: 'MJ', digits: 1 },
  { key: 'requiredPower', label: 'Potência térmica útil necessária P', unit: 'kW', digits: 2 },
  { key: 'timeWithoutLosses', label: 'Tempo de aquecimento sem perdas t₀', unit: 'h', digits: 2 },
  { key: 'timeConstant', label: 'Constante de tempo τ = m·c_p/UA', unit: 'h', digits: 2 },
  { key: 'asymptoticTemperature', label: 'Temperatura assintótica T_∞', unit: '°C', digits: 1 },
  { key: 'heatingTime', label: 'Tempo de aquecimento com perdas t', unit: 'h', digits: 2 },
  { key: 'energy', label: 'Energia fornecida E = P·t', unit: 'kWh', digits: 2 },
  { key: 'losses', label: 'Perdas para o ambiente E − Q', unit: 'kWh', digits: 2 },
  { key: 'lossesPercent', label: 'Perdas em relação à energia fornecida', unit: '%', digits: 1 },
  { key: 'holdingPower', label: 'Potência para manter T_f', unit: 'kW', digits: 2 },
  { key: 'steamMass', label: 'Consumo de vapor', unit: 'kg', digits: 1 },
  { key: 'cost', label: 'Custo da energia', unit: 'R$', digits: 2 },
] as const;

const KWH = 3.6e6; // J
const HOUR = 3600; // s
const OPEN_TANK_EVAPORATION = 60; // °C, indicative

/** (1 − e^(−r))/r and r/(e^r − 1), with their limit 1 at r = 0 (tiny UA must not give 0/0). */
const saturation = (r: number) => (r === 0 ? 1 : -Math.expm1(-r) / r);
const overshoot = (r: number) => (r === 0 ? 1 : r / Math.expm1(r));

/**
 * Time to go from t0 to tf with constant power and losses UA·(T − Ta) in a well-mixed tank of heat
 * capacity m·c_p: t = τ·ln{[P − UA·(t0 − ta)]/[P − UA·(tf − ta)]}, written as a log1p so UA → 0 gives Q/P.
 * Only meaningful when P > UA·(tf − ta).
 */
export function heatingTime(capacity: number, power: number, ua: number, t0: number, tf: number, ta: number): number {
  const margin = power - ua * (tf - ta);
  const x = (ua * (tf - t0)) / margin;
  return ((capacity * (tf - t0)) / margin) * (x === 0 ? 1 : Math.log1p(x) / x);
}

/**
 * The power that reaches tf in `time`: the time formula solved for P,
 * P = UA·(tf − ta) + UA·(tf − t0)/(e^(t/τ) − 1), which tends to Q/t as UA → 0.
 */
export function powerForTime(capacity: number, time: number, ua: number, t0: number, tf: number, ta: number): number {
  return ua * (tf - ta) + ((capacity * (tf - t0)) / time) * overshoot((time * ua) / capacity);
}

/** Temperature after `time`: T = Ta + P/UA − [P/UA − (T0 − Ta)]·e^(−t/τ); the straight line T0 + P·t/(m·c_p) when UA = 0. */
export function temperatureAt(capacity: number, power: number, ua: number, t0: number, ta: number, time: number): number {
  return t0 + (((power - ua * (t0 - ta)) * time) / capacity) * saturation((time * ua) / capacity);
}

const celsius = (kelvin: number) => kelvin - 273.15;
const temperature = (name: string, label: string, defaultValue: number, min: number, max: number, help?: string) =>
  ({
    kind: 'number',
    name,
    label,
    unitGroup: 'temperature',
    defaultUnit: 'degC',
    default: defaultValue,
    min,
    max,
    ...(help ? { help } : {}),
  }) as const;

export const tankHeating = defineCalculator({
  slug: 'aquecimento-tanque',
  version: '1.0.0',
  title: 'Aquecimento de tanque (balanço de energia com perdas)',
  summary:
    'Calcula o calor para aquecer um lote de líquido bem misturado, o tempo de aquecimento com e sem perdas para o ambiente (ou a potência para um tempo dado), a energia, as perdas, a potência de manutenção, o vapor e o custo.',
  category: 'chemical',
  accessLevel: 'E-TOOL',
  inputs: [
    {
      kind: 'select',
      name: 'mode',
      label: 'O que calcular',
      options: [
        { value: 'time', label: 'Tempo de aquecimento para uma potência' },
        { value: 'power', label: 'Potência para um tempo de aquecimento' },
      ],
      default: 'time',
    },
    {
      kind: 'select',
      name: 'quantity',
      label: 'Quantidade de líquido informada por',
      options: [
        { value: 'volume', label: 'Volume e massa específica' },
        { value: 'mass', label: 'Massa' },
      ],
      default: 'volume',
    },
    {
      kind: 'number',
      name: 'volume',
      label: 'Volume de líquido V',
      unitGroup: 'volume',
      defaultUnit: 'L',
      units: ['L', 'm3', 'gal'],
      default: 2000,
      min: 0,
      exclusiveMin: true,
      max: 10_000_000,
      when: { field: 'quantity', oneOf: ['volume'] },
    },
    {
      kind: 'number',
      name: 'density',
      label: 'Massa específica ρ',
      unitGroup: 'density',
      defaultUnit: 'kg/m3',
      units: ['kg/m3', 'g/mL', 'kg/L'],
      default: 1000,
      min: 300,
      max: 20_000,
      help: 'Água ≈ 1000 kg/m³.',
      when: { field: 'quantity', oneOf: ['volume'] },
    },
    {
      kind: 'number',
      name: 'mass',
      label: 'Massa de líquido m',
      unitGroup: 'mass',
      defaultUnit: 'kg',
      units: ['kg', 't', 'lb'],
      default: 2000,
      min: 0,
      exclusiveMin: true,
      max: 10_000_000,
      when: { field: 'quantity', oneOf: ['mass'] },
    },
    {
      kind: 'number',
      name: 'specificHeat',
      label: 'Calor específico c_p',
      unitGroup: 'specificHeat',
      defaultUnit: 'kJ/(kg.K)',
      units: ['kJ/(kg.K)', 'kcal/(kg.degC)', 'J/(kg.K)'],
      default: 4.18,
      min: 0.5,
      max: 5,
      help: 'Água líquida ≈ 4,18 kJ/(kg·K).',
    },
    temperature('initialTemperature', 'Temperatura inicial T₀', 20, -50, 400),
    temperature('finalTemperature', 'Temperatura final T_f', 60, -50, 400),
    temperature('ambientTemperature', 'Temperatura ambiente T_a', 20, -50, 60),
    temperature(
      'boilingTemperature',
      'Temperatura de ebulição do líquido na pressão do tanque',
      100,
      0,
      400,
      'Água a 1 atm: 100 °C. Para outro líquido ou tanque pressurizado, informe a do seu caso.',
    ),
    {
      kind: 'number',
      name: 'power',
      label: 'Potência térmica útil P',
      unitGroup: 'power',
      defaultUnit: 'kW',
      units: ['kW', 'W', 'kcal/h', 'MW'],
      default: 24,
      min: 0,
      exclusiveMin: true,
      max: 100_000,
      help: 'Resistência elétrica: potência × rendimento; vapor: vazão × calor latente.',
      when: { field: 'mode', oneOf: ['time'] },
    },
    {
      kind: 'number',
      name: 'heatingTime',
      label: 'Tempo de aquecimento desejado t',
      unitGroup: 'time',
      defaultUnit: 'h',
      units: ['h', 'min', 's'],
      default: 4,
      min: 0,
      exclusiveMin: true,
      max: 10_000,
      when: { field: 'mode', oneOf: ['power'] },
    },
    {
      kind: 'select',
      name: 'losses',
      label: 'Perdas para o ambiente',
      options: [
        { value: 'ua', label: 'Coeficiente UA informado' },
        { value: 'u-area', label: 'U × área externa' },
        { value: 'none', label: 'Sem perdas' },
      ],
      default: 'ua',
    },
    {
      kind: 'number',
      name: 'lossCoefficient',
      label: 'Coeficiente de perdas UA',
      unit: 'W/K',
      default: 120,
      min: 0,
      max: 1_000_000,
      when: { field: 'losses', oneOf: ['ua'] },
    },
    {
      kind: 'number',
      name: 'overallCoefficient',
      label: 'Coeficiente global de perdas U',
      unitGroup: 'heatTransferCoefficient',
      defaultUnit: 'W/(m2.K)',
      units: ['W/(m2.K)', 'BTU/(h.ft2.degF)'],
      default: 10,
      min: 0,
      max: 10_000,
      when: { field: 'losses', oneOf: ['u-area'] },
    },
    {
      kind: 'number',
      name: 'area',
      label: 'Área externa do tanque A',
      unitGroup: 'area',
      defaultUnit: 'm2',
      units: ['m2'],
      default: 12,
      min: 0,
      exclusiveMin: true,
      max: 100_000,
      when: { field: 'losses', oneOf: ['u-area'] },
    },
    {
      kind: 'select',
      name: 'tank',
      label: 'Tanque',
      options: [
        { value: 'closed', label: 'Fechado' },
        { value: 'open', label: 'Aberto (superfície livre)' },
      ],
      default: 'closed',
    },
    {
      kind: 'select',
      name: 'source',
      label: 'Fonte de calor',
      options: [
        { value: 'electric', label: 'Elétrica' },
        { value: 'steam', label: 'Vapor saturado' },
      ],
      default: 'electric',
    },
    {
      kind: 'number',
      name: 'latentHeat',
      label: 'Calor latente do vapor h_fg',
      unit: 'kJ/kg',
      default: 2100,
      min: 1500,
      max: 2300,
      help: 'Da tabela de vapor, na pressão de alimentação.',
      when: { field: 'source', oneOf: ['steam'] },
    },
    {
      kind: 'number',
      name: 'electricityPrice',
      label: 'Tarifa de energia',
      unit: 'R$/kWh',
      default: 0.8,
      min: 0,
      max: 100,
      help: 'Use 0 para não calcular o custo.',
      when: { field: 'source', oneOf: ['electric'] },
    },
    {
      kind: 'number',
      name: 'steamPrice',
      label: 'Custo do vapor',
      unit: 'R$/kg',
      default: 0.15,
      min: 0,
      max: 100,
      help: 'Use 0 para não calcular o custo.',
      when: { field: 'source', oneOf: ['steam'] },
    },
  ],
  outputs,
  formula:
    'Q = m·c_p·(T_f − T₀);  t₀ = Q/P;  τ = m·c_p/UA;  T_∞ = T_a + P/UA;  t = τ·ln{[P − UA·(T₀ − T_a)]/[P − UA·(T_f − T_a)]};  E = P·t;  perdas = E − Q;  P_manut = UA·(T_f − T_a);  vapor = E/h_fg',
  references: [
    'Himmelblau, D. M. & Riggs, J. B., Basic Principles and Calculations in Chemical Engineering, 8ª ed. (Prentice Hall, 2012): balanços de energia em regime transiente',
    'Incropera, DeWitt, Bergman & Lavine, Fundamentals of Heat and Mass Transfer, 7ª ed., cap. 5 (capacitância global)',
    'Perry’s Chemical Engineers’ Handbook: calor específico da água e tabelas de vapor (h_fg)',
  ],
  disclaimer:
    'Modelo de tanque bem misturado com c_p e UA constantes e potência constante; só calor sensível (sem evaporação nem reação). Para serpentinas ou trocadores externos, dimensione o trocador com a calculadora de trocador de calor (LMTD). ' +
    STANDING_DISCLAIMER,
  compute(values) {
    const { mode, quantity, volume, density, specificHeat, initialTemperature: t0, finalTemperature: tf, ambientTemperature: ta } = values;
    const { boilingTemperature, losses, lossCoefficient, overallCoefficient, area, tank, source, latentHeat } = values;
    if (tf <= t0) return invalid({ finalTemperature: 'A temperatura final deve ser maior que a inicial.' });
    if (tf >= boilingTemperature) return invalid({ finalTemperature: 'Temperatura final acima da ebulição: o modelo sensível não vale.' });

    const mass = quantity === 'volume' ? volume * density : values.mass;
    const ua = losses === 'ua' ? lossCoefficient : losses === 'u-area' ? overallCoefficient * area : 0;
    const capacity = mass * specificHeat; // J/K
    const heat = capacity * (tf - t0); // J
    const holding = ua * (tf - ta); // W

    let power: number;
    let time: number;
    if (mode === 'time') {
      power = values.power;
      if (power <= holding) {
        const reachable = celsius(ta + power / ua);
        return invalid({ power: `Com essas perdas a temperatura final nunca é atingida (máximo T_∞ = ${f(reachable)} °C).` });
      }
      time = heatingTime(capacity, power, ua, t0, tf, ta);
    } else {
      time = values.heatingTime;
      power = powerForTime(capacity, time, ua, t0, tf, ta);
      if (!(power > 0))
        return invalid({ heatingTime: 'O ambiente sozinho aquece o líquido até T_f nesse tempo: não é preciso fornecer calor.' });
    }

    const energy = power * time; // J
    if (!(Number.isFinite(time) && time > 0 && Number.isFinite(energy) && energy > 0)) {
      return invalid(
        mode === 'time'
          ? { power: 'Potência fora de escala para esta quantidade de líquido: revise os valores.' }
          : { heatingTime: 'Tempo fora de escala para esta quantidade de líquido: revise os valores.' },
      );
    }
    const lost = energy - heat;
    const finiteOrUndefined = (value: number) => (ua > 0 && Number.isFinite(value) ? value : undefined);
    const tau = finiteOrUndefined(capacity / ua);
    const asymptote = finiteOrUndefined(ta + power / ua);
    const steamMass = source === 'steam' ? energy / (latentHeat * 1000) : undefined;
    const cost = source === 'steam' ? (steamMass ?? 0) * values.steamPrice : (energy / KWH) * values.electricityPrice;

    const warnings: string[] = [];
    if (tank === 'open' && celsius(tf) > OPEN_TANK_EVAPORATION) {
      warnings.push(
        `Tanque aberto acima de cerca de ${OPEN_TANK_EVAPORATION} °C (limiar indicativo): perdas por evaporação na superfície livre podem dominar e não estão incluídas.`,
      );
    }
    if (source === 'steam') warnings.push('Vapor: considerado só o calor latente; o condensado sai saturado.');
    if (ua > 0 && ta > tf) warnings.push('Ambiente mais quente que T_f: o tanque ganha calor do ambiente; "perdas" negativas são ganhos.');

    const kw = (watts: number) => watts / 1000;
    const hours = (seconds: number) => seconds / HOUR;
    const c = (kelvin: number) => f(celsius(kelvin));
    const steps: CalculationStep[] = [];
    if (quantity === 'volume') steps.push(step('Massa', `m = ρ·V = ${f(density)} · ${f(volume)}`, mass, 'kg', 1));
    steps.push(
      step('Calor sensível', `Q = ${f(mass)} · ${f(specificHeat)} · (${c(tf)} − ${c(t0)}) / 3,6·10⁶`, heat / KWH, 'kWh', 2),
      step('Potência de manutenção', `P_manut = UA·(T_f − T_a) = ${f(ua)} · (${c(tf)} − ${c(ta)})`, kw(Math.max(0, holding)), 'kW', 2),
    );
    if (tau !== undefined) steps.push(step('Constante de tempo', `τ = m·c_p/UA = ${f(capacity)}/${f(ua)} s`, hours(tau), 'h', 2));
    if (mode === 'time') {
      steps.push(step('Tempo sem perdas', `t₀ = Q/P = ${f(heat)}/${f(power)} s`, hours(heat / power), 'h', 2));
      if (asymptote !== undefined) {
        steps.push(
          step('Temperatura assintótica', `T_∞ = T_a + P/UA = ${c(ta)} + ${f(power)}/${f(ua)}`, celsius(asymptote), '°C', 1),
          step(
            'Tempo com perdas',
            `t = τ·ln{[${f(power)} − ${f(ua)}·(${c(t0)} − ${c(ta)})]/[${f(power)} − ${f(ua)}·(${c(tf)} − ${c(ta)})]}`,
            hours(time),
            'h',
            2,
          ),
        );
      }
    } else {
      steps.push(
        tau !== undefined
          ? step(
              'Potência necessária',
              `P = UA·(T_f − T_a) + UA·(T_f − T₀)/(e^(t/τ) − 1) = ${f(holding)} + ${f(ua * (tf - t0))}/(e^(${f(time)}/${f(tau)}) − 1)`,
              kw(power),
              'kW',
              2,
            )
          : step('Potência necessária', `P = Q/t = ${f(heat)}/${f(time)} s`, kw(power), 'kW', 2),
      );
    }
    steps.push(
      step('Energia fornecida', `E = P·t = ${f(kw(power))} kW · ${f(hours(time))} h`, energy / KWH, 'kWh', 2),
      step('Perdas', `E − Q = ${f(energy / KWH)} − ${f(heat / KWH)}`, lost / KWH, 'kWh', 2),
    );
    if (steamMass !== undefined)
      steps.push(step('Vapor', `m_v = E/h_fg = ${f(energy / 1000)} kJ / ${f(latentHeat)} kJ/kg`, steamMass, 'kg', 1));

    return {
      results: buildResults(outputs, {
        mass: quantity === 'volume' ? mass : undefined,
        heat: heat / KWH,
        heatMJ: heat / 1e6,
        requiredPower: mode === 'power' ? kw(power) : undefined,
        timeWithoutLosses: hours(heat / power),
        timeConstant: tau === undefined ? undefined : hours(tau),
        asymptoticTemperature: asymptote === undefined ? undefined : celsius(asymptote),
        heatingTime: hours(time),
        energy: energy / KWH,
        losses: lost / KWH,
        lossesPercent: (100 * lost) / energy,
        holdingPower: kw(Math.max(0, holding)),
        steamMass,
        cost,
      }),
      steps,
      warnings,
      figures: () =>
        tankHeatingFigures({
          capacity,
          power,
          ua,
          t0,
          tf,
          ta,
          time,
          timeWithoutLosses: heat / power,
          ...(asymptote === undefined ? {} : { asymptote }),
          temperatureAt: (seconds) => temperatureAt(capacity, power, ua, t0, ta, seconds),
        }),
    };
  },
});
