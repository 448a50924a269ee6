/**
 * Writes the add-in's icons (assets/icon-16/32/64/80.png) with no image library: the shape is computed per pixel
 * (4×4 supersampled for smooth edges) and encoded as an RGBA PNG with node:zlib. Run: npx tsx scripts/make-icons.ts
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";

/** Sizes the XML manifest uses (16/32/80 ribbon, 32/64 add-in icon) and the unified manifest's 192 colour icon. */
export const ICON_SIZES = [16, 32, 64, 80, 192] as const;
/** The unified manifest's outline icon: 32 px, white on transparent. */
export const OUTLINE_SIZE = 32;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA image (row-major, 4 bytes a pixel) as PNG bytes: 8-bit depth, colour type 6, filter 0 on every row. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

type Rgb = [number, number, number];
const TILE: Rgb = [0x0f, 0x6c, 0xbd];
const WHITE: Rgb = [0xff, 0xff, 0xff];

/** Inside the rounded tile of side 1 - 2 * inset, corner radius r, in unit coordinates. */
function insideTile(x: number, y: number, inset = 0): boolean {
  const r = 0.2 - inset;
  const [lo, hi] = [inset, 1 - inset];
  const dx = Math.max(lo + r - x, 0, x - (hi - r));
  const dy = Math.max(lo + r - y, 0, y - (hi - r));
  return x >= lo && x <= hi && y >= lo && y <= hi && dx * dx + dy * dy <= r * r;
}

function onBar(x: number, y: number): boolean {
  const bars: [number, number, number][] = [
    [0.2, 0.36, 0.6],
    [0.42, 0.58, 0.42],
    [0.64, 0.8, 0.24],
  ];
  return bars.some(([left, right, top]) => x >= left && x <= right && y >= top && y <= 0.8);
}

/** The design in unit coordinates: a rounded tile with three white bars of a rising chart. */
function colourAt(x: number, y: number): Rgb | undefined {
  if (!insideTile(x, y)) return undefined;
  return onBar(x, y) ? WHITE : TILE;
}

/** The same design as an outline: the tile's border and the bars in white, the rest transparent. */
function outlineAt(x: number, y: number): Rgb | undefined {
  if (!insideTile(x, y)) return undefined;
  return onBar(x, y) || !insideTile(x, y, 0.07) ? WHITE : undefined;
}

export function drawIcon(size: number, design: (x: number, y: number) => Rgb | undefined = colourAt): Uint8Array {
  const samples = 4;
  const out = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = design((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a++;
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0)
        out.set([Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round((255 * a) / samples ** 2)], i);
    }
  }
  return out;
}

if (require.main === module) {
  for (const size of ICON_SIZES) {
    const file = join(__dirname, "..", "assets", `icon-${size}.png`);
    writeFileSync(file, encodePng(size, size, drawIcon(size)));
    console.log(`wrote ${file}`);
  }
  const outline = join(__dirname, "..", "assets", `icon-outline-${OUTLINE_SIZE}.png`);
  writeFileSync(outline, encodePng(OUTLINE_SIZE, OUTLINE_SIZE, drawIcon(OUTLINE_SIZE, outlineAt)));
  console.log(`wrote ${outline}`);
}
