import { voltageDrop } from './voltage-drop';
import { powerFactor } from './power-factor';
import { shortCircuit } from './short-circuit';
import { type Calculator } from '../types';

/** The electrical calculators, in catalogue order. */
export const electricalCalculators: readonly Calculator[] = [voltageDrop, powerFactor, shortCircuit];
