import { crc32 } from 'node:zlib';

/** Small real files for the attachment tests (integration and e2e): each with the metadata the server must strip. */

const u32be = (value: number) => Buffer.from([(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
const u32le = (value: number) => Buffer.from([value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.from(type, 'latin1');
  return Buffer.concat([u32be(data.length), head, data, u32be(crc32(Buffer.concat([head, data])))]);
}

/** A 1×1 red PNG (decodable by a browser) with a tEXt chunk naming a place and a tIME chunk. */
export function pngWithText(secret = 'GPS -23.55,-46.63'): Buffer {
  const onePixel = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  );
  const ihdrEnd = 8 + 12 + 13;
  return Buffer.concat([
    onePixel.subarray(0, ihdrEnd),
    pngChunk('tEXt', Buffer.from(`Comment\0${secret}`, 'latin1')),
    pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 27, 3, 0, 0])),
    onePixel.subarray(ihdrEnd),
  ]);
}

/** A JPEG's structure: SOI, APP0 (JFIF), APP1 (EXIF), COM, DQT, SOF0 (1×1), SOS with a few bytes of scan, EOI. */
export function jpegWithExif(secret = 'Canon GPS'): Buffer {
  const segment = (marker: number, data: Buffer) =>
    Buffer.concat([Buffer.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, Buffer.from(`Exif\0\0${secret}`, 'latin1')),
    segment(0xfe, Buffer.from(`comment ${secret}`, 'latin1')),
    segment(0xdb, Buffer.alloc(65, 1)),
    segment(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0])),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A WebP (VP8X with the EXIF and XMP flags, EXIF, an image chunk, XMP). */
export function webpWithExif(secret = 'Nikon GPS'): Buffer {
  const chunk = (type: string, data: Buffer) =>
    Buffer.concat([Buffer.from(type, 'latin1'), u32le(data.length), data, data.length % 2 ? Buffer.from([0]) : Buffer.alloc(0)]);
  const body = Buffer.concat([
    Buffer.from('WEBP', 'latin1'),
    chunk('VP8X', Buffer.from([0x0c, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
    chunk('EXIF', Buffer.from(`Exif ${secret}`, 'latin1')),
    chunk('VP8L', Buffer.from([0x2f, 0, 0, 0, 0x10, 0x07])),
    chunk('XMP ', Buffer.from(`<x>${secret}</x>`, 'latin1')),
  ]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(body.length), body]);
}

/** A one-page PDF. */
export function smallPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

/** The start of a Windows executable, which a user renamed to look like a picture. */
export function windowsExecutable(): Buffer {
  return Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120, 0), Buffer.from('PE\0\0', 'latin1')]);
}

/** A multi-picture JPEG as phones write them (MPF): a first image, then a second whole JPEG with its own EXIF after the first one's end. */
export function jpegWithSecondImage(secret = 'GPS -23.5505,-46.6333'): Buffer {
  return Buffer.concat([jpegWithExif('primeira'), jpegWithExif(secret)]);
}

/** A PNG whose header says `width` × `height` (the picture data is not needed to read its size). */
export function pngOfSize(width: number, height: number): Buffer {
  const ihdr = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid 1×1 PNG padded to about `bytes` with empty ancillary chunks (12 bytes each): the probe's 437k-chunk file. */
export function pngOfTinyChunks(bytes = 5_000_000): Buffer {
  const png = pngWithText();
  const ihdrEnd = 8 + 12 + 13;
  const empty = pngChunk('prVt', Buffer.alloc(0));
  return Buffer.concat([
    png.subarray(0, ihdrEnd),
    Buffer.alloc(Math.floor(bytes / empty.length) * empty.length).fill(empty),
    png.subarray(ihdrEnd),
  ]);
}

/** A JPEG padded to about `bytes` with empty APP0 segments (4 bytes each): the probe's 1.3M-segment file. */
export function jpegOfTinySegments(bytes = 5_000_000): Buffer {
  const jpeg = jpegWithExif();
  const empty = Buffer.from([0xff, 0xe0, 0x00, 0x02]);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.alloc(Math.floor(bytes / 4) * 4).fill(empty), jpeg.subarray(2)]);
}

/** A WebP padded to about `bytes` with empty chunks (8 bytes each): the probe's 655k-chunk file. */
export function webpOfTinyChunks(bytes = 5_000_000): Buffer {
  const webp = webpWithExif();
  const empty = Buffer.from('JUNK\0\0\0\0', 'latin1');
  const body = Buffer.concat([webp.subarray(8), Buffer.alloc(Math.floor(bytes / 8) * 8).fill(empty)]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(body.length), body]);
}

/** A PDF of `bytes` bytes (a header and spaces): the largest kind of attachment, copied as it came. */
export function pdfOfBytes(bytes: number): Buffer {
  const pdf = smallPdf();
  return Buffer.concat([pdf, Buffer.alloc(bytes - pdf.length, 0x20)]);
}

/** A 2000 × 1500 PNG of `bytes` bytes: its picture data in one IDAT chunk, with a text chunk to strip. */
export function pngOfBytes(bytes: number): Buffer {
  const small = pngOfSize(2000, 1500);
  const ihdrEnd = 8 + 12 + 13;
  const text = pngChunk('tEXt', Buffer.from('Comment\0GPS', 'latin1'));
  const idat = pngChunk('IDAT', Buffer.alloc(bytes - ihdrEnd - text.length - 12 - 12, 0x5a));
  return Buffer.concat([small.subarray(0, ihdrEnd), text, idat, pngChunk('IEND', Buffer.alloc(0))]);
}

/** A JPEG of `bytes` bytes: the small one's segments and a long scan (no 0xFF in it). */
export function jpegOfBytes(bytes: number): Buffer {
  const jpeg = jpegWithExif();
  const scanEnd = jpeg.length - 2;
  return Buffer.concat([jpeg.subarray(0, scanEnd), Buffer.alloc(bytes - jpeg.length, 0x12), jpeg.subarray(scanEnd)]);
}
