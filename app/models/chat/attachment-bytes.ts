/**
 * The bytes of a support attachment: what type they are (from the bytes, never the name), and the
 * image rewritten without the metadata a photo carries (GPS position, camera, author, dates).
 * Pure functions over Uint8Array, so a test can feed them any bytes.
 */

export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The type the bytes are, by their magic numbers; null for anything else (an executable, a ZIP, text). */
export function sniffType(bytes: Uint8Array): AttachmentType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

const readU32BE = (bytes: Uint8Array, at: number) => ((bytes[at] << 24) >>> 0) + (bytes[at + 1] << 16) + (bytes[at + 2] << 8) + bytes[at + 3];
const readU32LE = (bytes: Uint8Array, at: number) => bytes[at] + (bytes[at + 1] << 8) + (bytes[at + 2] << 16) + ((bytes[at + 3] << 24) >>> 0);
const fourcc = (bytes: Uint8Array, at: number) => String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Text, EXIF and time chunks: everything a PNG says about who, where and when, none of the picture. */
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(bytes: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = readU32BE(bytes, at);
    const type = fourcc(bytes, at + 4);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    if (!PNG_DROPPED.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') return concat(parts);
  }
  return null;
}

/** APP1–APP15 (EXIF, XMP, ICC, maker notes) and COM; APP0 (JFIF) and every picture segment stay. */
const jpegDropped = (marker: number) => (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe;

function stripJpeg(bytes: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return concat([...parts, bytes.subarray(at, at + 2)]);
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      parts.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    const length = (bytes[at + 2] << 8) + bytes[at + 3];
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    // Start of scan: the compressed picture follows up to the end (no metadata segments inside it).
    if (marker === 0xda) return concat([...parts, bytes.subarray(at)]);
    if (!jpegDropped(marker)) parts.push(bytes.subarray(at, end));
    at = end;
  }
  return null;
}

const WEBP_DROPPED = new Set(['EXIF', 'XMP ']);
/** VP8X flags: bit 3 says an EXIF chunk follows, bit 2 an XMP chunk. */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

function stripWebp(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 12 || readU32LE(bytes, 4) + 8 > bytes.length) return null;
  const total = readU32LE(bytes, 4) + 8;
  const parts: Uint8Array[] = [];
  let at = 12;
  while (at + 8 <= total) {
    const type = fourcc(bytes, at);
    const size = readU32LE(bytes, at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > total) return null;
    if (!WEBP_DROPPED.has(type)) {
      const chunk = bytes.slice(at, Math.min(end, total));
      if (type === 'VP8X' && size >= 1) chunk[8] &= ~VP8X_METADATA_FLAGS;
      parts.push(chunk);
    }
    at = end;
  }
  if (parts.length === 0) return null;
  const body = concat(parts);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 4), 0);
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  header.set(bytes.subarray(8, 12), 8);
  return concat([header, body]);
}

/**
 * The file as it is stored: an image rewritten without its metadata chunks or segments, a PDF
 * as it came. null when an image's structure cannot be read (a truncated or forged file).
 */
export function stripMetadata(type: AttachmentType, bytes: Uint8Array): Uint8Array | null {
  switch (type) {
    case 'image/png':
      return stripPng(bytes);
    case 'image/jpeg':
      return stripJpeg(bytes);
    case 'image/webp':
      return stripWebp(bytes);
    case 'application/pdf':
      return bytes;
  }
}

/** The extension a stored type is saved and downloaded with. */
export const EXTENSIONS: Record<AttachmentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/**
 * The user's file name as shown and downloaded: no folders, no control or invisible characters,
 * at most 100 characters, and the extension of the type the bytes really are.
 */
export function cleanFileName(name: string, type: AttachmentType): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"<>:|?*]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.[^.]*$/, '')
    .replace(/^\.+/, '')
    .slice(0, 90)
    .trim();
  return `${base || 'anexo'}.${EXTENSIONS[type]}`;
}
