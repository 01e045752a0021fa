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
  const onePixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
  const ihdrEnd = 8 + 12 + 13;
  return Buffer.concat([
    onePixel.subarray(0, ihdrEnd),
    pngChunk('tEXt', Buffer.from(`Comment\0${secret}`, 'latin1')),
    pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 27, 3, 0, 0])),
    onePixel.subarray(ihdrEnd),
  ]);
}

/** A JPEG's structure: SOI, APP0 (JFIF), APP1 (EXIF), COM, DQT, SOS with a few bytes of scan, EOI. */
export function jpegWithExif(secret = 'Canon GPS'): Buffer {
  const segment = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, Buffer.from(`Exif\0\0${secret}`, 'latin1')),
    segment(0xfe, Buffer.from(`comment ${secret}`, 'latin1')),
    segment(0xdb, Buffer.alloc(65, 1)),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A WebP (VP8X with the EXIF and XMP flags, EXIF, an image chunk, XMP). */
export function webpWithExif(secret = 'Nikon GPS'): Buffer {
  const chunk = (type: string, data: Buffer) => Buffer.concat([Buffer.from(type, 'latin1'), u32le(data.length), data, data.length % 2 ? Buffer.from([0]) : Buffer.alloc(0)]);
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
  return Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
}

/** The start of a Windows executable, which a user renamed to look like a picture. */
export function windowsExecutable(): Buffer {
  return Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120, 0), Buffer.from('PE\0\0', 'latin1')]);
}
