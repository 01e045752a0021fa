import { voltageDrop } from './voltage-drop';
import { powerFactor } from './power-factor';
import { shortCircuit } from './short-circuit';
import { conductorSizing } from './conductor-sizing';
import { motorCurrent } from './motor-current';
import { lumenMethod } from './lumen-method';
import { type Calculator } from '../types';

/** The electrical calculators, in catalogue order. */
export const electricalCalculators: readonly Calculator[] = [
  voltageDrop,
  powerFactor,
  shortCircuit,
  conductorSizing,
  motorCurrent,
  lumenMethod,
];
