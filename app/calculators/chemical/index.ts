import { solutionMolarity } from './solution-molarity';
import { pipePressureDrop } from './pipe-pressure-drop';
import { lmtdHeatExchanger } from './lmtd-heat-exchanger';
import { type Calculator } from '../types';

/** The chemical calculators, in catalogue order. */
export const chemicalCalculators: readonly Calculator[] = [solutionMolarity, pipePressureDrop, lmtdHeatExchanger];
