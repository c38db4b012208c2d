// Generates the PWA's icons as PNG files without an image library: a square in the brand colour
// with a lighter "loom" of crossing bands, drawn per pixel and encoded with zlib (PNG is a zlib
// stream of scanlines plus CRC-checked chunks).
import { deflateSync } from "node:zlib";

const BRAND = [0x1f, 0x4e, 0x79];
const WEFT = [0xe8, 0xee, 0xf4];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Colour of one pixel: three horizontal and three vertical bands over the brand colour. */
function pixel(x, y, size) {
  const band = (v) => {
    const cell = Math.floor((v / size) * 7);
    return cell % 2 === 1;
  };
  const margin = size * 0.12;
  const inside = x > margin && y > margin && x < size - margin && y < size - margin;
  return inside && (band(x) !== band(y)) ? WEFT : BRAND;
}

/** A size×size RGB PNG. */
export function iconPng(size) {
  const raw = Buffer.alloc(size * (size * 3 + 1));
  let offset = 0;
  for (let y = 0; y < size; y++) {
    raw[offset++] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b] = pixel(x, y, size);
      raw[offset++] = r;
      raw[offset++] = g;
      raw[offset++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const BRAND_COLOUR = `#${BRAND.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
