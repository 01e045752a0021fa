import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { requiredShift, tcpWindow } from './tcp-window';

const TOLERANCE = 5e-4;
const expectRelative = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(TOLERANCE);

describe('janela-tcp-bdp', () => {
  // Worked example of the research notes (calculators-2.md, I5), checked against its sources:
  // BDP = B·RTT (RFC 6349, 3.3.1); unscaled window 65 535 B and shift s ≤ 14 (RFC 7323, 2.2–2.3);
  // Ethernet overhead 8 + 14 + 4 + 12 = 38 B per frame (IEEE 802.3); Mathis et al. (1997):
  // T = (MSS/RTT)·√(3/2)/√p. By hand: 10⁹·0,12/8 = 15 000 000 B = 14,31 MiB;
  // 8·65 535/0,12 = 4,369 Mbit/s; 10⁹·1460/1538 = 949,3 Mbit/s; 97 333·1,2247/0,01 = 11,92 Mbit/s;
  // 8·10¹⁰/4,369·10⁶ = 18 311 s = 5,086 h; ⌈log₂(15 000 000/65 535)⌉ = ⌈7,84⌉ = 8.
  it('1 Gbit/s, 120 ms, no window scaling: BDP 15 MB, 4,369 Mbit/s limited by the window, 5,09 h', () => {
    const outcome = computeWith(tcpWindow);
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    expectRelative(numberOf(results, 'bdpBits'), 1.2e8);
    expectRelative(numberOf(results, 'bdpBytes'), 15_000_000);
    expectRelative(numberOf(results, 'bdpMiB'), 14.3051);
    expect(results.scaleShift).toBe(8);
    expect(results.maxWindow).toBe(16_776_960);
    expectRelative(numberOf(results, 'windowThroughput'), 4.369);
    expectRelative(numberOf(results, 'linkThroughput'), 949.285);
    expectRelative(numberOf(results, 'lossThroughput'), 11.9209);
    expectRelative(numberOf(results, 'throughput'), 4.369);
    expect(results.limitingFactor).toBe('Limitada pela janela de recepção');
    expectRelative(numberOf(results, 'transferHours'), 5.08634);
    expect(outcome.warnings).toEqual([
      'Sem window scaling a janela de 65 535 B limita a vazão a 4,369 Mbit/s; ative a opção de escala da janela (RFC 7323) com fator s ≥ 8.',
    ]);
  });

  it('with scaling on, the loss limit governs: 11,92 Mbit/s and 1,86 h (worked example, step 6)', () => {
    const results = resultsWith(tcpWindow, { windowMode: 'bdp' });
    expectRelative(numberOf(results, 'throughput'), 11.9209);
    expect(results.limitingFactor).toBe('Limitada pela perda de pacotes');
    expectRelative(numberOf(results, 'transferHours'), 1.86415);
  });

  // Independent values (python3, same formulas):
  //   100 Mbit/s, 20 ms, W = 256 KiB, MSS 1448, MTU 1500, p = 0,1 %, F = 1 GiB:
  //   BDP = 1e8·0.02/8 = 250 000 B → s = ceil(log2(250000/65535)) = 2;
  //   8·262144/0.02 = 104.858 Mbit/s; 1e8·1448/1538 = 94.1482 Mbit/s;
  //   8·1448/0.02·sqrt(1.5)/sqrt(1e-3) = 22.4323 Mbit/s → loss-limited; 8·2**30/22.4323e6 = 382.93 s.
  it('100 Mbit/s, 20 ms, 256 KiB window, 0,1 % loss: 22,43 Mbit/s limited by loss', () => {
    const results = resultsWith(tcpWindow, {
      bandwidth: '100',
      rtt: '20',
      windowMode: 'custom',
      window: '256',
      window_unit: 'KiB',
      mss: '1448',
      loss: '0,1',
      fileSize: '1',
      fileSize_unit: 'GiB',
    });
    expectRelative(numberOf(results, 'bdpBytes'), 250_000);
    expect(results.scaleShift).toBe(2);
    expectRelative(numberOf(results, 'windowThroughput'), 104.858);
    expectRelative(numberOf(results, 'linkThroughput'), 94.1482);
    expectRelative(numberOf(results, 'throughput'), 22.4323);
    expectRelative(numberOf(results, 'transferHours') * 3600, 382.927);
  });

  //   10 Gbit/s, 50 ms, window = BDP, jumbo MTU 9000 / MSS 8960, p = 0, 1 TB:
  //   BDP = 1e10·0.05/8 = 62 500 000 B → s = ceil(log2(953.7)) = 10, max window 65535·2**10 = 67 107 840 B;
  //   1e10·8960/9038 = 9913.70 Mbit/s (link-limited); 8e12/9.9137e9 = 806.96 s.
  it('10 Gbit/s, 50 ms, jumbo frames, no loss: shift 10 and the link rate governs', () => {
    const outcome = computeWith(tcpWindow, {
      bandwidth: '10',
      bandwidth_unit: 'Gbit/s',
      rtt: '50',
      windowMode: 'bdp',
      mss: '8960',
      mtu: '9000',
      loss: '0',
      fileSize: '1',
      fileSize_unit: 'TB',
    });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    expect(results.scaleShift).toBe(10);
    expect(results.maxWindow).toBe(67_107_840);
    expect(results.lossThroughput).toBeUndefined();
    expectRelative(numberOf(results, 'throughput'), 9913.7);
    expect(results.limitingFactor).toBe('Limitada pela taxa do enlace');
    expectRelative(numberOf(results, 'transferHours') * 3600, 806.964);
    expect(outcome.warnings).toEqual([]);
  });

  it('leaves the transfer time out when the file size is 0', () => {
    const keys = computeWith(tcpWindow, { fileSize: '0' }).results.map((item) => item.key);
    expect(keys).not.toContain('transferHours');
    expect(keys).not.toContain('transferDuration');
  });

  it('warns about high loss and about a typed window that needs scaling', () => {
    expect(computeWith(tcpWindow, { loss: '3' }).warnings).toContain('Perda alta: o modelo de Mathis deixa de valer (timeouts).');
    expect(computeWith(tcpWindow, { windowMode: 'custom', window: '1', window_unit: 'MiB' }).warnings).toEqual([
      'Uma janela de 1048576 B exige window scaling (RFC 7323) com fator s ≥ 5.',
    ]);
  });

  it('refuses an MSS larger than MTU − 40 and a path whose BDP exceeds the largest TCP window', () => {
    expect(errorsWith(tcpWindow, { mss: '1480' })).toEqual({
      mss: 'O MSS não pode passar de MTU − 40 B (cabeçalhos IP e TCP): no máximo 1460 B.',
    });
    const message = 'Janela necessária acima de 1 GiB: impossível com um único fluxo TCP.';
    expect(errorsWith(tcpWindow, { bandwidth: '400', bandwidth_unit: 'Gbit/s', rtt: '100' })).toEqual({ bandwidth: message, rtt: message });
    expect(errorsWith(tcpWindow, { rtt: '0,001' }).rtt).toMatch(/entre 0,01 e 2000 ms/);
  });

  it('finds the smallest shift: exactly 65 535·2ˢ needs s, one byte more needs s + 1', () => {
    expect(requiredShift(65_535)).toBe(0);
    expect(requiredShift(65_536)).toBe(1);
    expect(requiredShift(65_535 * 2 ** 8)).toBe(8);
    expect(requiredShift(65_535 * 2 ** 8 + 1)).toBe(9);
  });

  const path = fc.record({
    bandwidthMbit: fc.double({ min: 0.01, max: 1000, noNaN: true }), // BDP stays below 1 GiB even at twice the RTT
    rttMs: fc.double({ min: 0.1, max: 500, noNaN: true }),
    loss: fc.oneof(fc.constant(0), fc.double({ min: 1e-6, max: 1, noNaN: true })),
  });
  const paramsOf = ({ bandwidthMbit, rttMs, loss }: { bandwidthMbit: number; rttMs: number; loss: number }) => ({
    bandwidth: String(bandwidthMbit),
    rtt: String(rttMs),
    loss: String(loss),
  });

  it('property: doubling RTT doubles the BDP and halves the window- and loss-limited rates', () => {
    fc.assert(
      fc.property(path, (sample) => {
        const single = resultsWith(tcpWindow, paramsOf(sample));
        const double = resultsWith(tcpWindow, paramsOf({ ...sample, rttMs: 2 * sample.rttMs }));
        expect(numberOf(double, 'bdpBytes') / numberOf(single, 'bdpBytes')).toBeCloseTo(2, 9);
        expect(numberOf(double, 'windowThroughput') / numberOf(single, 'windowThroughput')).toBeCloseTo(0.5, 9);
        if (sample.loss > 0) expect(numberOf(double, 'lossThroughput') / numberOf(single, 'lossThroughput')).toBeCloseTo(0.5, 9);
        expect(numberOf(double, 'linkThroughput')).toBeCloseTo(numberOf(single, 'linkThroughput'), 9);
      }),
      { numRuns: 150 },
    );
  });

  it('property: the throughput is the least of the limits, never above the link rate, and the window fills the BDP', () => {
    fc.assert(
      fc.property(path, fc.constantFrom('noscale', 'bdp'), (sample, windowMode) => {
        const results = resultsWith(tcpWindow, { ...paramsOf(sample), windowMode });
        const limits = ['windowThroughput', 'linkThroughput', 'lossThroughput'].flatMap((key) =>
          results[key] === undefined ? [] : [numberOf(results, key)],
        );
        expect(numberOf(results, 'throughput')).toBe(Math.min(...limits));
        expect(numberOf(results, 'throughput')).toBeLessThanOrEqual(sample.bandwidthMbit * (1 + 1e-12));
        expect(numberOf(results, 'maxWindow')).toBeGreaterThanOrEqual(numberOf(results, 'bdpBytes'));
        if (windowMode === 'bdp') expect(numberOf(results, 'windowThroughput')).toBeCloseTo(sample.bandwidthMbit, 6);
      }),
      { numRuns: 150 },
    );
  });

  it('draws throughput against window with the loss limit, the 64 KiB line, the BDP and the operating point', () => {
    const figures = computeWith(tcpWindow).figures ?? [];
    expect(figures.map((item) => item.id)).toEqual(['tcp-vazao-janela']);
    const chart = figures[0];
    expect(chart?.summary).toBe(
      'Com janela de 65.535 B e RTT de 120 ms, a vazão de um fluxo é 4,369 Mbit/s, limitada pela janela de recepção. ' +
        'BDP = 15 MB (14,31 MiB); a curva sobe com a janela até a vazão útil do enlace, 949,3 Mbit/s; a linha tracejada é o limite por perdas, 11,92 Mbit/s.',
    );
    expect(chart?.svg).toContain('<title id="fig-tcp-vazao-janela-title">Vazão × janela</title>');
    for (const label of [
      'limite por perdas (p = 0,01 %): 11,92 Mbit/s',
      'sem window scaling (64 KiB)',
      'BDP = 15 MB',
      'T = 4,37 Mbit/s',
      '64 KiB',
      '1 GiB',
    ]) {
      expect(chart?.svg).toContain(`>${label}</text>`);
    }
    expect(chart?.svg).toContain('stroke-dasharray="8 5"');
    expect(chart?.svg).not.toMatch(/\sstyle=/);
  });

  it('leaves the loss line out of the figure when p = 0', () => {
    const chart = computeWith(tcpWindow, { loss: '0' }).figures?.[0];
    expect(chart?.svg).not.toContain('limite por perdas');
    expect(chart?.summary).toContain('limitada pela janela de recepção');
  });
});
