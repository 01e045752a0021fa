import { fabricGsm } from './textile/fabric-gsm';
import { loomProduction } from './textile/loom-production';
import { yarnCount } from './textile/yarn-count';
import { availability } from './informatics/availability';
import { ipv4Subnet } from './informatics/ipv4-subnet';
import { transferTime } from './informatics/transfer-time';
import { lmtdHeatExchanger } from './chemical/lmtd-heat-exchanger';
import { pipePressureDrop } from './chemical/pipe-pressure-drop';
import { solutionMolarity } from './chemical/solution-molarity';
import { powerFactor } from './electrical/power-factor';
import { shortCircuit } from './electrical/short-circuit';
import { voltageDrop } from './electrical/voltage-drop';
import { beamDeflection } from './mechanical/beam-deflection';
import { boltTorque } from './mechanical/bolt-torque';
import { shaftTorque } from './mechanical/shaft-torque';
import { type Calculator, type CalculatorDescription, type Category } from './types';

export const calculators: readonly Calculator[] = [
  shaftTorque,
  beamDeflection,
  boltTorque,
  voltageDrop,
  powerFactor,
  shortCircuit,
  yarnCount,
  fabricGsm,
  loomProduction,
  ipv4Subnet,
  transferTime,
  availability,
  solutionMolarity,
  pipePressureDrop,
  lmtdHeatExchanger,
];

const BY_SLUG: ReadonlyMap<string, Calculator> = new Map(calculators.map((calculator) => [calculator.slug, calculator]));

export function getCalculator(slug: string): Calculator | undefined {
  return BY_SLUG.get(slug);
}

export function calculatorsByCategory(category: Category): Calculator[] {
  return calculators.filter((calculator) => calculator.category === category);
}

/** Everything but `compute`: safe to return from a loader as JSON. */
export function describeCalculator(calculator: Calculator): CalculatorDescription {
  const { compute: _compute, ...description } = calculator;
  return description;
}

export { FORM_ERROR, MAX_INPUT_LENGTH, defaultParams, fieldUnits, parseCalculatorInput, parseDecimal, type CalculatorParams, type ParseResult } from './parse';
export { runCalculator, type RunResult } from './run';
export { UNIT_GROUPS, convert, fromBase, getUnit, toBase, unitSymbol, unitsOfGroup, type Unit, type UnitGroupId } from './units';
export * from './types';
