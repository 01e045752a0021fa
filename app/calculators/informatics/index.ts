import { ipv4Subnet } from './ipv4-subnet';
import { transferTime } from './transfer-time';
import { availability } from './availability';
import { raidCapacity } from './raid-capacity';
import { tcpWindow } from './tcp-window';
import { gponBudget } from './gpon-budget';
import { type Calculator } from '../types';

/** The informatics calculators, in catalogue order. */
export const informaticsCalculators: readonly Calculator[] = [ipv4Subnet, transferTime, availability, raidCapacity, tcpWindow, gponBudget];
