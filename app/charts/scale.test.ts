import { describe, expect, it } from 'vitest';
import { linearScale, logScale, niceLinear, niceLog, niceStep } from './scale';

describe('nice ticks', () => {
  it('steps by 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(100, 5)).toBe(20);
    expect(niceStep(0.7, 5)).toBe(0.2);
    expect(niceStep(45, 6)).toBe(10);
    expect(niceStep(3, 6)).toBe(0.5);
  });

  it('extends the domain to whole steps and lists the ticks without floating-point dust', () => {
    expect(niceLinear(0, 7.48, 5)).toEqual({ min: 0, max: 8, step: 2, ticks: [0, 2, 4, 6, 8] });
    expect(niceLinear(0.1, 0.7, 6).ticks).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
    expect(niceLinear(-10, 10, 4).ticks).toEqual([-10, -5, 0, 5, 10]);
  });

  it('keeps fixed ends and only the ticks inside them', () => {
    const domain = niceLinear(0, 45, 6, { fixMin: true, fixMax: true });
    expect([domain.min, domain.max]).toEqual([0, 45]);
    expect(domain.ticks).toEqual([0, 10, 20, 30, 40]);
  });

  it('grows an empty range around its value', () => {
    const domain = niceLinear(5, 5);
    expect(domain.min).toBeLessThan(5);
    expect(domain.max).toBeGreaterThan(5);
  });

  it('puts log ticks on decades, with 2 and 5 between them over few decades', () => {
    expect(niceLog(0.5, 80)).toEqual({ min: 0.1, max: 100, step: 10, ticks: [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100] });
    expect(niceLog(0.0876, 87.6).ticks).toEqual([0.01, 0.1, 1, 10, 100]);
    expect(niceLog(1e6, 1e10).ticks).toEqual([1e6, 1e7, 1e8, 1e9, 1e10]);
  });
});

describe('scales', () => {
  it('maps a linear domain to pixels and back', () => {
    const x = linearScale([0, 10], [100, 600]);
    expect(x(0)).toBe(100);
    expect(x(5)).toBe(350);
    expect(x.invert(600)).toBe(10);
  });

  it('maps a log domain decade by decade and clamps values ≤ 0 to its lower end', () => {
    const y = logScale([1, 1000], [300, 0]);
    expect(y(10)).toBeCloseTo(200);
    expect(y(100)).toBeCloseTo(100);
    expect(y(0)).toBe(300);
    expect(y.invert(100)).toBeCloseTo(100);
    expect(y.format(1000)).toBe('1.000');
  });

  it('keeps a range of the smallest doubles finite: positions on it are numbers (no NaN from extreme inputs)', () => {
    for (const top of [5e-324, 1e-322, 9.4e-311, 1e-300]) {
      const nice = niceLinear(0, top);
      const scale = linearScale([nice.min, nice.max], [300, 20], nice.ticks, nice.step);
      expect([nice.min, nice.max, ...nice.ticks.map((tick) => scale(tick)), scale(top / 2)].every(Number.isFinite), String(top)).toBe(true);
    }
  });
});
