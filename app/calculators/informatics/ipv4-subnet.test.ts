import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, resultsWith } from '../test-support';
import { ipv4Subnet } from './ipv4-subnet';

const subnet = (address: string, prefix: number) => resultsWith(ipv4Subnet, { address, prefix: String(prefix) });

/** Independent bitwise reference (RFC 4632: network = address AND mask). */
function reference(address: string, prefix: number) {
  const ip = address.split('.').reduce((value, octet) => ((value << 8) | Number(octet)) >>> 0, 0);
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  const network = (ip & mask) >>> 0;
  const broadcast = (network | ~mask) >>> 0;
  const dotted = (value: number) => [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
  return {
    network: dotted(network),
    broadcast: dotted(broadcast),
    netmask: dotted(mask),
    first: dotted(network + 1),
    last: dotted(broadcast - 1),
  };
}

describe('sub-rede-ipv4', () => {
  // Example of spec/calculators.md I1 (RFC 4632 / RFC 950 arithmetic), checked by hand.
  it('192.168.10.77/26: network .64, broadcast .127, hosts .65–.126 (62), private (RFC 1918)', () => {
    expect(subnet('192.168.10.77', 26)).toEqual({
      network: '192.168.10.64',
      broadcast: '192.168.10.127',
      netmask: '255.255.255.192',
      wildcard: '0.0.0.63',
      firstHost: '192.168.10.65',
      lastHost: '192.168.10.126',
      usableHosts: 62,
      totalAddresses: 64,
      addressType: 'Privado (RFC 1918)',
      privateRfc1918: 'Sim',
    });
  });

  it('/31 has two usable addresses and no broadcast (RFC 3021)', () => {
    const outcome = computeWith(ipv4Subnet, { address: '10.0.0.1', prefix: '31' });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    expect(results).toMatchObject({ network: '10.0.0.0', firstHost: '10.0.0.0', lastHost: '10.0.0.1', usableHosts: 2, totalAddresses: 2 });
    expect(results.broadcast).toContain('RFC 3021');
    expect(outcome.warnings).toEqual([expect.stringContaining('RFC 3021')]);
  });

  it('/32 is a single host', () => {
    expect(subnet('8.8.8.8', 32)).toMatchObject({
      network: '8.8.8.8',
      firstHost: '8.8.8.8',
      lastHost: '8.8.8.8',
      netmask: '255.255.255.255',
      usableHosts: 1,
      totalAddresses: 1,
      addressType: 'Público (roteável na Internet)',
      privateRfc1918: 'Não',
    });
  });

  it('/30 keeps the classic 2 hosts and /0 covers the whole space', () => {
    expect(subnet('203.0.113.9', 30)).toMatchObject({ network: '203.0.113.8', broadcast: '203.0.113.11', usableHosts: 2 });
    expect(subnet('1.2.3.4', 0)).toMatchObject({
      network: '0.0.0.0',
      broadcast: '255.255.255.255',
      netmask: '0.0.0.0',
      usableHosts: 2 ** 32 - 2,
      totalAddresses: 2 ** 32,
    });
  });

  it('flags exactly the RFC 1918 blocks 10/8, 172.16/12 and 192.168/16', () => {
    const flag = (address: string) => subnet(address, 24).privateRfc1918;
    expect(['10.255.0.1', '172.16.0.0', '172.31.255.255', '192.168.0.1'].map(flag)).toEqual(['Sim', 'Sim', 'Sim', 'Sim']);
    expect(['9.255.255.255', '172.15.255.255', '172.32.0.0', '192.169.0.1', '100.64.0.1'].map(flag)).toEqual([
      'Não',
      'Não',
      'Não',
      'Não',
      'Não',
    ]);
    expect(subnet('100.64.0.1', 10).addressType).toBe('Espaço compartilhado CGNAT (RFC 6598)');
    expect(subnet('127.0.0.1', 8).addressType).toBe('Loopback (RFC 1122)');
  });

  it('warns when the address typed is the network or broadcast address itself', () => {
    expect(computeWith(ipv4Subnet, { address: '192.168.10.64' }).warnings).toEqual([expect.stringContaining('endereço de rede')]);
    expect(computeWith(ipv4Subnet, { address: '192.168.10.127' }).warnings).toEqual([expect.stringContaining('broadcast')]);
  });

  it('refuses invalid addresses and prefixes', () => {
    expect(errorsWith(ipv4Subnet, { address: '192.168.1', prefix: '33' })).toEqual({
      address: 'Informe um endereço IPv4 no formato a.b.c.d (ex.: 192.168.10.77).',
      prefix: 'O valor deve estar entre 0 e 32 bits.',
    });
    expect(errorsWith(ipv4Subnet, { prefix: '24,5' })).toEqual({ prefix: 'Informe um número inteiro.' });
  });

  it('agrees with a bitwise reference for any address and prefix ≤ 30 (property)', () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.integer({ min: 0, max: 30 }), (address, prefix) => {
        const expected = reference(address, prefix);
        expect(subnet(address, prefix)).toMatchObject({
          network: expected.network,
          broadcast: expected.broadcast,
          netmask: expected.netmask,
          firstHost: expected.first,
          lastHost: expected.last,
          usableHosts: 2 ** (32 - prefix) - 2,
        });
      }),
    );
  });
});
