import { describe, expect, it } from 'vitest';
import { computeWith, numberOf, resultsWith } from '../test-support';
import { transferTime } from './transfer-time';

describe('tempo-transferencia-dados', () => {
  // 1 GiB = 2³⁰ B (IEC 80000-13), 1 Mbit/s = 10⁶ bit/s (SI prefixes); example of
  // spec/calculators.md I2, checked by hand: 50·2³⁰·8 / (10⁸·0,9) = 4772 s.
  it('50 GiB over 100 Mbit/s at 90 % takes 4772 s ≈ 1 h 20 min', () => {
    const results = resultsWith(transferTime);
    expect(numberOf(results, 'seconds')).toBeCloseTo((50 * 2 ** 30 * 8) / (100e6 * 0.9), 9);
    expect(results.duration).toBe('1 h 19 min 32 s');
    expect(numberOf(results, 'gigabytes')).toBeCloseTo(53.687, 3);
    expect(numberOf(results, 'effectiveRateBytes')).toBeCloseTo(11.25, 12);
  });

  it('distinguishes GB from GiB: 50 GiB takes 2³⁰/10⁹ times as long as 50 GB', () => {
    const gib = numberOf(resultsWith(transferTime), 'seconds');
    const gb = numberOf(resultsWith(transferTime, { size_unit: 'GB' }), 'seconds');
    expect(gib / gb).toBeCloseTo(1.073741824, 12);
  });

  it('1 TB at 1 Gbit/s and 100 % takes 8000 s, with a warning about protocol overhead', () => {
    const outcome = computeWith(transferTime, { size: '1', size_unit: 'TB', rate: '1', rate_unit: 'Gbit/s', efficiency: '100' });
    expect(outcome.results.find((item) => item.key === 'seconds')?.value).toBeCloseTo(8000, 9);
    expect(outcome.results.find((item) => item.key === 'duration')?.value).toBe('2 h 13 min 20 s');
    expect(outcome.warnings).toEqual([expect.stringContaining('overhead')]);
  });

  it('treats MB/s as bytes: 100 MB/s = 800 Mbit/s', () => {
    expect(numberOf(resultsWith(transferTime, { rate: '100', rate_unit: 'MB/s', efficiency: '100' }), 'effectiveRate')).toBeCloseTo(800, 9);
  });
});
