import { canvas, COLORS, figure, formatValue, group, line, rect, text, TEXT_COLORS } from '../../charts';
import { type Figure } from '../types';
import { formatIPv4 } from './ipv4';

export interface SubnetFigureInput {
  readonly prefix: number;
  readonly network: number;
  readonly mask: number;
  readonly last: number;
  readonly usableHosts: number;
}

const lastOctet = (address: number) => `.${address % 256}`;

/** 'Mapa de bits e faixa de endereços' (notes, I1): the 32 bits in octets, network and host parts, and the address range. */
export function subnetFigures({ prefix, network, mask, last, usableHosts }: SubnetFigureInput): Figure[] {
  const hostBits = 32 - prefix;
  const special =
    prefix === 32 ? '/32: um único host (rota de host)' : prefix === 31 ? '/31: 2 hosts, sem rede nem broadcast (RFC 3021)' : null;
  const firstHost = prefix >= 31 ? network : network + 1;
  const lastHost = prefix >= 31 ? last : last - 1;
  const summary =
    `/${prefix}: ${prefix} bits de rede e ${hostBits} ${hostBits === 1 ? 'bit' : 'bits'} de host; máscara ${formatIPv4(mask)}. ` +
    (special
      ? `${special}: de ${formatIPv4(network)} a ${formatIPv4(last)}.`
      : `Rede ${formatIPv4(network)}, hosts de ${formatIPv4(firstHost)} a ${formatIPv4(lastHost)} (${formatValue(usableHosts, 10)} hosts), broadcast ${formatIPv4(last)}.`);

  return [
    figure({ id: 'mapa-bits', title: 'Mapa de bits e faixa de endereços', summary }, (frame) => {
      const children: string[] = [];
      const cell = 19;
      const gap = 10;
      const left = 20;
      const top = 40;
      const maskOctets = formatIPv4(mask).split('.');
      children.push(
        text(left, 24, `Rede: ${prefix} bits (azul, 1)   Host: ${hostBits} ${hostBits === 1 ? 'bit' : 'bits'} (em branco, 0)`, {
          size: 13,
        }),
      );
      for (let bit = 0; bit < 32; bit += 1) {
        const octet = Math.floor(bit / 8);
        const x = left + bit * cell + octet * gap;
        const isNetwork = bit < prefix;
        children.push(
          rect(x, top, cell - 2, 28, {
            fill: isNetwork ? COLORS.primary : COLORS.paper,
            fillOpacity: isNetwork ? 0.85 : 1,
            stroke: COLORS.ink,
            width: 1,
          }),
        );
        children.push(
          text(x + (cell - 2) / 2, top + 18, isNetwork ? '1' : '0', {
            anchor: 'middle',
            size: 12,
            color: isNetwork ? COLORS.paper : TEXT_COLORS.ink,
          }),
        );
      }
      for (let octet = 0; octet < 4; octet += 1) {
        const x = left + octet * (8 * cell + gap) + 4 * cell - 1;
        children.push(text(x, top + 48, maskOctets[octet] ?? '', { anchor: 'middle', size: 13, weight: 'bold' }));
      }
      const boundary = left + prefix * cell + Math.floor(Math.max(prefix - 1, 0) / 8) * gap - 1;
      children.push(line(boundary, top - 8, boundary, top + 36, { stroke: COLORS.limit, width: 2, dash: '4 3' }));
      children.push(text(boundary, top + 66, `/${prefix}`, { anchor: 'middle', size: 13, color: TEXT_COLORS.limit, weight: 'bold' }));

      const barTop = 170;
      const barLeft = 60;
      const barRight = 660;
      children.push(rect(barLeft, barTop, barRight - barLeft, 34, { fill: COLORS.ok, fillOpacity: 0.2, stroke: COLORS.ink, width: 1.5 }));
      if (special) {
        children.push(text((barLeft + barRight) / 2, barTop + 22, special, { anchor: 'middle', size: 13, weight: 'bold' }));
      } else {
        children.push(
          rect(barLeft, barTop, 24, 34, { fill: COLORS.reference, fillOpacity: 0.5 }),
          rect(barRight - 24, barTop, 24, 34, { fill: COLORS.reference, fillOpacity: 0.5 }),
        );
        children.push(
          text((barLeft + barRight) / 2, barTop + 22, `${formatValue(usableHosts, 10)} hosts`, {
            anchor: 'middle',
            size: 14,
            weight: 'bold',
          }),
        );
        children.push(text(barLeft + 28, barTop + 52, `1º host ${lastOctet(firstHost)}`, { size: 12, color: TEXT_COLORS.ok }));
        children.push(
          text(barRight - 28, barTop + 52, `último host ${lastOctet(lastHost)}`, { anchor: 'end', size: 12, color: TEXT_COLORS.ok }),
        );
      }
      children.push(text(barLeft, barTop - 8, `rede ${formatIPv4(network)}`, { size: 13 }));
      children.push(
        text(barRight, barTop - 8, prefix <= 30 ? `broadcast ${formatIPv4(last)}` : `último ${formatIPv4(last)}`, {
          anchor: 'end',
          size: 13,
        }),
      );
      return canvas({ ...frame, height: 250, children: [group(children)] });
    }),
  ];
}
