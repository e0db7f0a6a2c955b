import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/**
 * A book cover drawn without any network or image library: a coloured board with a spine, title bands
 * and a pattern chosen from the seed, encoded as PNG. Demo data only.
 */
export function drawCover(seed: number, width = 240, height = 340): Buffer {
  const hue = (seed * 47) % 360;
  const board = hsl(hue, 0.55, 0.42);
  const spine = hsl(hue, 0.6, 0.28);
  const band = hsl((hue + 180) % 360, 0.5, 0.82);
  const ink = hsl((hue + 180) % 360, 0.4, 0.3);
  const pattern = seed % 3;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      let color = board;
      if (x < 18) color = spine;
      else if (y > 78 && y < 86 && x > 50 && x < width - 40) color = ink;
      else if (y > 96 && y < 102 && x > 50 && x < width - 80) color = ink;
      else if (y > 60 && y < 120 && x > 36 && x < width - 20) color = band;
      else if (pattern === 0 && y > 170 && (x + y) % 28 < 3) color = spine;
      else if (
        pattern === 1 &&
        y > 170 &&
        Math.hypot(x - width / 2, y - 250) < 50 &&
        Math.hypot(x - width / 2, y - 250) > 40
      )
        color = band;
      else if (pattern === 2 && y > 170 && y % 24 < 4 && x > 36) color = spine;
      row[1 + x * 3] = color[0];
      row[2 + x * 3] = color[1];
      row[3 + x * 3] = color[2];
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
