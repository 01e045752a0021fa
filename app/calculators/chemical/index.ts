import { solutionMolarity } from './solution-molarity';
import { pipePressureDrop } from './pipe-pressure-drop';
import { lmtdHeatExchanger } from './lmtd-heat-exchanger';
import { realGasCompressibility } from './real-gas-compressibility';
import { acidBasePh } from './acid-base-ph';
import { tankHeating } from './tank-heating';
import { type Calculator } from '../types';

/** The chemical calculators, in catalogue order. */
export const chemicalCalculators: readonly Calculator[] = [
  solutionMolarity,
  pipePressureDrop,
  lmtdHeatExchanger,
  realGasCompressibility,
  acidBasePh,
  tankHeating,
];
