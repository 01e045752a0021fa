import { shaftTorque } from './shaft-torque';
import { beamDeflection } from './beam-deflection';
import { boltTorque } from './bolt-torque';
import { bearingLife } from './bearing-life';
import { compressionSpring } from './compression-spring';
import { beltDrive } from './belt-drive';
import { type Calculator } from '../types';

/** The mechanical calculators, in catalogue order. */
export const mechanicalCalculators: readonly Calculator[] = [
  shaftTorque,
  beamDeflection,
  boltTorque,
  bearingLife,
  compressionSpring,
  beltDrive,
];
