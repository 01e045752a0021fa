import { describe, expect, it } from 'vitest';
import { errorsWith, numberOf, resultsWith } from '../test-support';
import { availability } from './availability';

describe('disponibilidade-sla', () => {
  // A = MTBF/(MTBF + MTTR); series ∏Aᵢ, parallel 1 − ∏(1 − Aᵢ) (reliability block diagrams, IEC 61078);
  // examples of spec/calculators.md I3 with a 365-day year, checked by hand.
  it('99,9 % is down 8,76 h per year', () => {
    const results = resultsWith(availability);
    expect(numberOf(results, 'downtimePerYear')).toBeCloseTo(8.76, 9);
    expect(results.downtime).toBe('8 h 45 min 36 s por ano (365 dias)');
    expect(numberOf(results, 'nines')).toBeCloseTo(3, 9);
  });

  it('two 99,9 % components in series are down 17,5 h per year', () => {
    const results = resultsWith(availability, { count: '2' });
    expect(numberOf(results, 'systemAvailability')).toBeCloseTo(99.8001, 9);
    expect(numberOf(results, 'downtimePerYear')).toBeCloseTo(17.51, 2);
  });

  it('two 99,9 % components in parallel are down 31,5 s per year', () => {
    const results = resultsWith(availability, { count: '2', arrangement: 'parallel' });
    expect(numberOf(results, 'downtimeSeconds')).toBeCloseTo(31.536, 6);
    expect(numberOf(results, 'nines')).toBeCloseTo(6, 6);
  });

  it('keeps precision for very high availability: three 99,999 % in parallel', () => {
    const results = resultsWith(availability, { availabilityPercent: '99,999', count: '3', arrangement: 'parallel' });
    expect(numberOf(results, 'downtimeSeconds') / (1e-15 * 365 * 86400)).toBeCloseTo(1, 3);
  });

  it('derives the availability from MTBF and MTTR: 999 h and 1 h give 99,9 %', () => {
    const results = resultsWith(availability, {
      source: 'mtbf',
      mtbf: '999',
      mttr: '60',
      mttr_unit: 'min',
      availabilityPercent: 'ignorado',
    });
    expect(numberOf(results, 'componentAvailability')).toBeCloseTo(99.9, 10);
  });

  it('uses a 30-day month: 99,9 % is down 43,2 min', () => {
    expect(numberOf(resultsWith(availability, { period: 'month' }), 'downtimeSeconds')).toBeCloseTo(43.2 * 60, 6);
  });

  it('refuses 100 % (no downtime to compute) and zero MTTR', () => {
    expect(errorsWith(availability, { availabilityPercent: '100' })).toEqual({
      availabilityPercent: 'O valor deve estar entre 0 e 99,9999999 %.',
    });
    expect(errorsWith(availability, { source: 'mtbf', mttr: '0' })).toEqual({ mttr: 'O valor deve estar entre 0,001 e 100000 h.' });
  });
});
