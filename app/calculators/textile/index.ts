import { yarnCount } from './yarn-count';
import { fabricGsm } from './fabric-gsm';
import { loomProduction } from './loom-production';
import { yarnTwist } from './yarn-twist';
import { dyeingRecipe } from './dyeing-recipe';
import { fabricShrinkage } from './fabric-shrinkage';
import { type Calculator } from '../types';

/** The textile calculators, in catalogue order. */
export const textileCalculators: readonly Calculator[] = [yarnCount, fabricGsm, loomProduction, yarnTwist, dyeingRecipe, fabricShrinkage];
