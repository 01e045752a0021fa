/** IPv4 addresses as unsigned 32-bit integers. */

const DOTTED_QUAD = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Portuguese message for an invalid dotted-quad address, or null when valid. */
export function ipv4Problem(text: string): string | null {
  if (text.includes('/')) return 'Informe o prefixo no campo próprio, sem a barra (ex.: 192.168.10.77).';
  if (!DOTTED_QUAD.test(text)) return 'Informe um endereço IPv4 no formato a.b.c.d (ex.: 192.168.10.77).';
  const octets = text.split('.');
  // '010' is read as octal by some tools and as decimal by others: refuse the ambiguity.
  if (octets.some((octet) => octet.length > 1 && octet.startsWith('0'))) {
    return 'Não use zeros à esquerda nos octetos (ex.: 10, não 010).';
  }
  if (octets.some((octet) => Number(octet) > 255)) return 'Cada octeto deve estar entre 0 e 255.';
  return null;
}

export function parseIPv4(text: string): number | null {
  if (ipv4Problem(text) !== null) return null;
  return text.split('.').reduce((address, octet) => address * 256 + Number(octet), 0);
}

export function formatIPv4(address: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(address / 2 ** shift) % 256).join('.');
}

/** Mask of a prefix length 0–32 as an unsigned integer (2^32 − 2^(32−p)). */
export function prefixMask(prefix: number): number {
  return 2 ** 32 - 2 ** (32 - prefix);
}
