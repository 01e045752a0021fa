import { describe, expect, it } from 'vitest';
import { computeWith } from '../test-support';
import { transferTime } from './transfer-time';

describe('transfer time figure', () => {
  it('marks the worked example on a log–log chart with the common link rates', () => {
    const [figure] = computeWith(transferTime).figures ?? [];
    expect(figure?.id).toBe('tempo-vazao');
    expect(figure?.summary).toContain('a 90 Mbit/s efetivos leva 4.772 s (1 h 19 min 32 s)');
    const svg = figure?.svg ?? '';
    expect(svg).toContain('>90 Mbit/s; t = 1 h 19 min 32 s</text>');
    for (const link of ['10 Mbit/s', '100 Mbit/s', '1 Gbit/s', '10 Gbit/s']) expect(svg).toContain(`>${link}</text>`);
    expect(svg).toContain('>1.000</text>');
    expect(svg).toContain('>Vazão efetiva (bit/s)</text>');
  });
});
