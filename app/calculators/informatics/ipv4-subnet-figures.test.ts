import { describe, expect, it } from 'vitest';
import { computeWith } from '../test-support';
import { ipv4Subnet } from './ipv4-subnet';

describe('IPv4 bit map figure', () => {
  it('draws 26 network bits, the mask and the range of the worked example', () => {
    const [figure] = computeWith(ipv4Subnet).figures ?? [];
    expect(figure?.id).toBe('mapa-bits');
    expect(figure?.summary).toContain('/26: 26 bits de rede e 6 bits de host; máscara 255.255.255.192');
    expect(figure?.summary).toContain('hosts de 192.168.10.65 a 192.168.10.126 (62 hosts), broadcast 192.168.10.127');
    const svg = figure?.svg ?? '';
    expect(svg.match(/>1<\/text>/g)).toHaveLength(26);
    expect(svg.match(/>0<\/text>/g)).toHaveLength(6);
    expect(svg).toContain('>192</text>');
    expect(svg).toContain('>62 hosts</text>');
    expect(svg).toContain('>1º host .65</text>');
    expect(svg).toContain('>último host .126</text>');
  });

  it('writes the /31 and /32 special cases on the bar', () => {
    expect(computeWith(ipv4Subnet, { prefix: '31' }).figures?.[0]?.svg).toContain('/31: 2 hosts, sem rede nem broadcast (RFC 3021)');
    expect(computeWith(ipv4Subnet, { prefix: '32' }).figures?.[0]?.svg).toContain('/32: um único host (rota de host)');
  });
});
