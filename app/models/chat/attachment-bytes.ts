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

const readU32BE = (bytes: Uint8Array, at: number) =>
  ((bytes[at] << 24) >>> 0) + (bytes[at + 1] << 16) + (bytes[at + 2] << 8) + bytes[at + 3];
const readU32LE = (bytes: Uint8Array, at: number) =>
  bytes[at] + (bytes[at + 1] << 8) + (bytes[at + 2] << 16) + ((bytes[at + 3] << 24) >>> 0);
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

/** How many chunks or segments an image may be made of: a real photo or screenshot has tens to a few hundred (libpng writes 8 KB IDAT chunks: 640 for 5 MB); a file built of hundreds of thousands of tiny ones is refused before it costs seconds of CPU. */
export const MAX_IMAGE_BLOCKS = 5_000;
/** The largest picture accepted, in pixels (40 megapixels, e.g. 8000 × 5000): a 25,000 × 25,000 PNG of a few hundred KB decodes to 2.5 GB in a browser. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** An image read and rewritten: the kept byte ranges (views of the input, no copy, in order) and the picture's size. */
export type RewrittenImage = { parts: Uint8Array[]; width: number; height: number };
/** Why an image is refused: a structure that cannot be walked, too many blocks, or too many pixels. */
export type ImageProblem = 'unreadable' | 'tooComplex' | 'tooManyPixels';

const readU16BE = (bytes: Uint8Array, at: number) => (bytes[at] << 8) + bytes[at + 1];
const readU24LE = (bytes: Uint8Array, at: number) => bytes[at] + (bytes[at + 1] << 8) + (bytes[at + 2] << 16);

/** The ranges of `bytes` to keep, gathered so that neighbouring kept blocks stay one view (no copy). */
class KeptRanges {
  readonly parts: Uint8Array[] = [];
  private start: number;
  constructor(
    private readonly bytes: Uint8Array,
    start = 0,
  ) {
    this.start = start;
  }
  /** Leaves out [from, to): what was kept before it becomes one part. */
  drop(from: number, to: number) {
    if (from > this.start) this.parts.push(this.bytes.subarray(this.start, from));
    this.start = to;
  }
  /** Keeps everything up to `end` and stops (what follows is left out). */
  finish(end: number): Uint8Array[] {
    if (end > this.start) this.parts.push(this.bytes.subarray(this.start, end));
    this.start = end;
    return this.parts;
  }
}

function sized(parts: Uint8Array[], width: number, height: number): RewrittenImage | ImageProblem {
  if (width <= 0 || height <= 0) return 'unreadable';
  if (width * height > MAX_IMAGE_PIXELS) return 'tooManyPixels';
  return { parts, width, height };
}

/** Text, EXIF and time chunks: everything a PNG says about who, where and when, none of the picture. */
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function rewritePng(bytes: Uint8Array): RewrittenImage | ImageProblem {
  // The header chunk comes first and says the size.
  if (bytes.length < 33 || fourcc(bytes, 12) !== 'IHDR') return 'unreadable';
  const width = readU32BE(bytes, 16);
  const height = readU32BE(bytes, 20);
  const kept = new KeptRanges(bytes);
  let at = 8;
  for (let blocks = 0; at + 12 <= bytes.length; blocks += 1) {
    if (blocks >= MAX_IMAGE_BLOCKS) return 'tooComplex';
    const length = readU32BE(bytes, at);
    const type = fourcc(bytes, at + 4);
    const end = at + 12 + length;
    if (end > bytes.length) return 'unreadable';
    if (PNG_DROPPED.has(type)) kept.drop(at, end);
    // Anything after the end chunk (a second file glued on) is left out.
    if (type === 'IEND') return sized(kept.finish(end), width, height);
    at = end;
  }
  return 'unreadable';
}

/** APP1–APP15 (EXIF, XMP, ICC, maker notes, multi-picture index) and COM; APP0 (JFIF) and every picture segment stay. */
const jpegDropped = (marker: number) => (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe;
/** Start-of-frame markers (baseline, progressive, lossless…): they carry the picture's size. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * Where the entropy-coded data that starts at `at` ends: the next marker that is not a stuffed
 * 0xFF00, a restart marker or a fill byte. A plain loop: at most one pass over the file.
 */
function endOfScan(bytes: Uint8Array, at: number): number {
  for (let index = at; index + 1 < bytes.length; index += 1) {
    if (bytes[index] !== 0xff) continue;
    const next = bytes[index + 1];
    if (next === 0x00 || next === 0xff || isRestart(next)) continue;
    return index;
  }
  return bytes.length;
}

/**
 * Only the first image is kept: a phone's multi-picture file (MPF: a preview, a depth map) puts
 * more whole JPEGs after the first one's end, each with its own EXIF and GPS.
 */
function rewriteJpeg(bytes: Uint8Array): RewrittenImage | ImageProblem {
  const kept = new KeptRanges(bytes);
  let width = 0;
  let height = 0;
  let at = 2;
  for (let blocks = 0; at + 2 <= bytes.length; ) {
    if (bytes[at] !== 0xff) return 'unreadable';
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return sized(kept.finish(at + 2), width, height);
    if (++blocks > MAX_IMAGE_BLOCKS) return 'tooComplex';
    if (isRestart(marker) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return 'unreadable';
    const length = readU16BE(bytes, at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return 'unreadable';
    if (isStartOfFrame(marker) && width === 0) {
      if (length < 7) return 'unreadable';
      height = readU16BE(bytes, at + 5);
      width = readU16BE(bytes, at + 7);
    }
    if (jpegDropped(marker)) kept.drop(at, end);
    // Start of scan: the compressed picture follows, up to the next marker (more scans, tables, the end).
    at = marker === 0xda ? endOfScan(bytes, end) : end;
  }
  return 'unreadable';
}

const WEBP_DROPPED = new Set(['EXIF', 'XMP ']);
/** VP8X flags: bit 3 says an EXIF chunk follows, bit 2 an XMP chunk. */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

/** The picture's size from the first chunk that says it: VP8X (the canvas), VP8 (lossy) or VP8L (lossless). */
function webpSize(bytes: Uint8Array, type: string, data: number, size: number): [number, number] | null {
  if (type === 'VP8X' && size >= 10) return [readU24LE(bytes, data + 4) + 1, readU24LE(bytes, data + 7) + 1];
  if (type === 'VP8 ' && size >= 10 && bytes[data + 3] === 0x9d && bytes[data + 4] === 0x01 && bytes[data + 5] === 0x2a)
    return [readU16LE(bytes, data + 6) & 0x3fff, readU16LE(bytes, data + 8) & 0x3fff];
  if (type === 'VP8L' && size >= 5 && bytes[data] === 0x2f) {
    const bits = readU32LE(bytes, data + 1);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  return null;
}
const readU16LE = (bytes: Uint8Array, at: number) => bytes[at] + (bytes[at + 1] << 8);

function rewriteWebp(bytes: Uint8Array): RewrittenImage | ImageProblem {
  if (bytes.length < 12 || readU32LE(bytes, 4) + 8 > bytes.length) return 'unreadable';
  const total = readU32LE(bytes, 4) + 8;
  const body: Uint8Array[] = [];
  let bodyLength = 0;
  const keep = (part: Uint8Array) => {
    body.push(part);
    bodyLength += part.length;
  };
  let dimensions: [number, number] | null = null;
  let keptFrom = 12;
  let at = 12;
  for (let blocks = 0; at + 8 <= total; blocks += 1) {
    if (blocks >= MAX_IMAGE_BLOCKS) return 'tooComplex';
    const type = fourcc(bytes, at);
    const size = readU32LE(bytes, at + 4);
    const end = Math.min(at + 8 + size + (size % 2), total);
    if (at + 8 + size > total) return 'unreadable';
    dimensions ??= webpSize(bytes, type, at + 8, size);
    if (WEBP_DROPPED.has(type) || (type === 'VP8X' && size >= 1)) {
      if (at > keptFrom) keep(bytes.subarray(keptFrom, at));
      keptFrom = end;
      if (type === 'VP8X') {
        const chunk = bytes.slice(at, end);
        chunk[8] &= ~VP8X_METADATA_FLAGS;
        keep(chunk);
      }
    }
    at = end;
  }
  if (at > keptFrom) keep(bytes.subarray(keptFrom, at));
  if (bodyLength === 0 || !dimensions) return 'unreadable';
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 4), 0);
  new DataView(header.buffer).setUint32(4, bodyLength + 4, true);
  header.set(bytes.subarray(8, 12), 8);
  return sized([header, ...body], dimensions[0], dimensions[1]);
}

/**
 * An image as it is stored: rewritten without its metadata chunks or segments (only the first
 * picture of a multi-picture JPEG), with its size read from its header; or why it is refused.
 */
export function rewriteImage(type: Exclude<AttachmentType, 'application/pdf'>, bytes: Uint8Array): RewrittenImage | ImageProblem {
  switch (type) {
    case 'image/png':
      return rewritePng(bytes);
    case 'image/jpeg':
      return rewriteJpeg(bytes);
    case 'image/webp':
      return rewriteWebp(bytes);
  }
}

/**
 * The file as it is stored, in one piece: an image rewritten (see rewriteImage), a PDF as it
 * came. null when an image is refused.
 */
export function stripMetadata(type: AttachmentType, bytes: Uint8Array): Uint8Array | null {
  if (type === 'application/pdf') return bytes;
  const image = rewriteImage(type, bytes);
  return typeof image === 'string' ? null : concat(image.parts);
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
