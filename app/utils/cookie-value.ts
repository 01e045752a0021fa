/**
 * The raw value of the first cookie called `name` in a Cookie header, or null: what a per-process
 * memo of a signed cookie's decoding is keyed by (the value carries its own signature, so the value
 * alone decides what it decodes to).
 */
export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  const prefix = `${name}=`;
  for (const pair of header.split(';')) {
    const trimmed = pair.trim();
    if (trimmed.startsWith(prefix)) return trimmed.slice(prefix.length);
  }
  return null;
}
