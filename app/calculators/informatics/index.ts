import { ipv4Subnet } from './ipv4-subnet';
import { transferTime } from './transfer-time';
import { availability } from './availability';
import { type Calculator } from '../types';

/** The informatics calculators, in catalogue order. */
export const informaticsCalculators: readonly Calculator[] = [ipv4Subnet, transferTime, availability];
