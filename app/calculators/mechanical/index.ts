import { shaftTorque } from './shaft-torque';
import { beamDeflection } from './beam-deflection';
import { boltTorque } from './bolt-torque';
import { type Calculator } from '../types';

/** The mechanical calculators, in catalogue order. */
export const mechanicalCalculators: readonly Calculator[] = [shaftTorque, beamDeflection, boltTorque];
