import { buildResults, invalid, step } from '../result';
import { defineCalculator } from '../types';
import { subnetFigures } from './ipv4-subnet-figures';
import { formatIPv4, parseIPv4, prefixMask } from './ipv4';

const outputs = [
  { key: 'network', label: 'Endereço de rede', unit: '' },
  { key: 'broadcast', label: 'Endereço de broadcast', unit: '' },
  { key: 'netmask', label: 'Máscara de sub-rede', unit: '' },
  { key: 'wildcard', label: 'Máscara curinga (wildcard)', unit: '' },
  { key: 'firstHost', label: 'Primeiro host utilizável', unit: '' },
  { key: 'lastHost', label: 'Último host utilizável', unit: '' },
  { key: 'usableHosts', label: 'Hosts utilizáveis', unit: '', digits: 0 },
  { key: 'totalAddresses', label: 'Total de endereços', unit: '', digits: 0 },
  { key: 'addressType', label: 'Tipo do endereço', unit: '' },
  { key: 'privateRfc1918', label: 'Privado (RFC 1918)?', unit: '' },
] as const;

interface SpecialBlock {
  readonly network: string;
  readonly prefix: number;
  readonly label: string;
}

// Special-purpose blocks (RFC 6890 registry), most specific first.
const SPECIAL_BLOCKS: readonly SpecialBlock[] = [
  { network: '255.255.255.255', prefix: 32, label: 'Broadcast limitado (RFC 919)' },
  { network: '10.0.0.0', prefix: 8, label: 'Privado (RFC 1918)' },
  { network: '172.16.0.0', prefix: 12, label: 'Privado (RFC 1918)' },
  { network: '192.168.0.0', prefix: 16, label: 'Privado (RFC 1918)' },
  { network: '100.64.0.0', prefix: 10, label: 'Espaço compartilhado CGNAT (RFC 6598)' },
  { network: '127.0.0.0', prefix: 8, label: 'Loopback (RFC 1122)' },
  { network: '169.254.0.0', prefix: 16, label: 'Link-local (RFC 3927)' },
  { network: '0.0.0.0', prefix: 8, label: '“Esta rede” (RFC 1122)' },
  { network: '192.0.2.0', prefix: 24, label: 'Documentação (RFC 5737)' },
  { network: '198.51.100.0', prefix: 24, label: 'Documentação (RFC 5737)' },
  { network: '203.0.113.0', prefix: 24, label: 'Documentação (RFC 5737)' },
  { network: '198.18.0.0', prefix: 15, label: 'Testes de desempenho (RFC 2544)' },
  { network: '224.0.0.0', prefix: 4, label: 'Multicast (RFC 5771)' },
  { network: '240.0.0.0', prefix: 4, label: 'Reservado (RFC 1112)' },
];

const RFC1918 = SPECIAL_BLOCKS.filter((block) => block.label.includes('RFC 1918'));

const blockSize = (prefix: number) => 2 ** (32 - prefix);
const networkOf = (address: number, prefix: number) => address - (address % blockSize(prefix));
const inBlock = (address: number, block: SpecialBlock) => networkOf(address, block.prefix) === parseIPv4(block.network);

export function addressType(address: number): string {
  return SPECIAL_BLOCKS.find((block) => inBlock(address, block))?.label ?? 'Público (roteável na Internet)';
}

export function isRfc1918(address: number): boolean {
  return RFC1918.some((block) => inBlock(address, block));
}

export const ipv4Subnet = defineCalculator({
  slug: 'sub-rede-ipv4',
  version: '1.0.0',
  title: 'Calculadora de sub-rede IPv4 (CIDR)',
  summary: 'Calcula rede, broadcast, máscara, faixa de hosts e quantidade de endereços de uma sub-rede IPv4, incluindo os casos /31 e /32.',
  category: 'informatics',
  accessLevel: 'E-BASIC',
  inputs: [
    {
      kind: 'text',
      name: 'address',
      label: 'Endereço IPv4',
      format: 'ipv4',
      default: '192.168.10.77',
      maxLength: 20,
      placeholder: '192.168.10.77',
    },
    { kind: 'number', name: 'prefix', label: 'Prefixo CIDR (/p)', unit: 'bits', default: 26, min: 0, max: 32, integer: true },
  ],
  outputs,
  formula: 'rede = IP AND máscara;  broadcast = rede OR NOT máscara;  hosts = 2^(32−p) − 2 (p ≤ 30); /31 → 2 (RFC 3021); /32 → 1',
  references: [
    'RFC 4632 (CIDR: notação de prefixo e agregação)',
    'RFC 950 (procedimento padrão de sub-redes)',
    'RFC 3021 (prefixos /31 em enlaces ponto a ponto)',
    'RFC 1918 (endereços privados: 10/8, 172.16/12, 192.168/16)',
    'RFC 6890 (registros de endereços IP de uso especial)',
  ],
  compute({ address, prefix }) {
    const ip = parseIPv4(address);
    if (ip === null) return invalid({ address: 'Informe um endereço IPv4 válido (ex.: 192.168.10.77).' });
    const size = blockSize(prefix);
    const mask = prefixMask(prefix);
    const network = networkOf(ip, prefix);
    const last = network + size - 1;
    const hasBroadcast = prefix <= 30;
    const usableHosts = prefix === 32 ? 1 : prefix === 31 ? 2 : size - 2;
    const firstHost = hasBroadcast ? network + 1 : network;
    const lastHost = hasBroadcast ? last - 1 : last;
    const broadcast =
      prefix === 32 ? 'Não há (/32: rota de host)' : prefix === 31 ? 'Não há (/31: enlace ponto a ponto, RFC 3021)' : formatIPv4(last);

    const warnings: string[] = [];
    if (prefix === 31)
      warnings.push('Prefixo /31: os dois endereços são hosts, sem rede nem broadcast; use apenas em enlaces ponto a ponto (RFC 3021).');
    if (prefix === 32) warnings.push('Prefixo /32: identifica um único host (loopback, rota de host).');
    if (hasBroadcast && ip === network)
      warnings.push('O endereço informado é o próprio endereço de rede; ele não pode ser atribuído a um host.');
    if (hasBroadcast && ip === last) warnings.push('O endereço informado é o endereço de broadcast; ele não pode ser atribuído a um host.');

    return {
      results: buildResults(outputs, {
        network: formatIPv4(network),
        broadcast,
        netmask: formatIPv4(mask),
        wildcard: formatIPv4(2 ** 32 - 1 - mask),
        firstHost: formatIPv4(firstHost),
        lastHost: formatIPv4(lastHost),
        usableHosts,
        totalAddresses: size,
        addressType: addressType(ip),
        privateRfc1918: isRfc1918(ip) ? 'Sim' : 'Não',
      }),
      steps: [
        step('Máscara', `2³² − 2^(32 − ${prefix}) → /${prefix}`, formatIPv4(mask), ''),
        step('Rede', `${address} AND ${formatIPv4(mask)}`, formatIPv4(network), ''),
        step('Último endereço do bloco', `${formatIPv4(network)} OR ${formatIPv4(2 ** 32 - 1 - mask)}`, formatIPv4(last), ''),
        step('Hosts utilizáveis', hasBroadcast ? `2^(32 − ${prefix}) − 2` : prefix === 31 ? '2 (RFC 3021)' : '1 (/32)', usableHosts, '', 0),
      ],
      figures: () => subnetFigures({ prefix, network, mask, last, usableHosts }),
      warnings,
    };
  },
});
