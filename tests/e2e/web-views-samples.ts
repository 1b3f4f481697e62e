import { deflateSync } from 'node:zlib';

/** CRC-32 (the PNG chunk checksum). */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real RGB PNG of `width` × `height`: a sky-to-sea gradient in `hue`'s tint with a
 * light band (a horizon), so thumbnails and the lightbox show something recognisable.
 */
export function gradientPng(width: number, height: number, tint: [number, number, number]): Uint8Array {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    const shade = y / height;
    const isHorizon = Math.abs(y - height * 0.6) < height * 0.03;
    for (let x = 0; x < width; x += 1) {
      const light = isHorizon ? 1 : 0.35 + 0.55 * (1 - shade) + 0.1 * (x / width);
      row[1 + x * 3] = Math.min(255, Math.round(tint[0] * light));
      row[2 + x * 3] = Math.min(255, Math.round(tint[1] * light));
      row[3 + x * 3] = Math.min(255, Math.round(tint[2] * light));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.concat(rows))),
      chunk('IEND', new Uint8Array()),
    ]),
  );
}

/** An ordinary info search's results: three links and one address that is not http(s). */
export const ORDINARY_HITS = [
  [
    'Lighthouse',
    'en.wikipedia.org',
    'https://en.wikipedia.org/wiki/Lighthouse',
    '2025-02-11',
    undefined,
    'A lighthouse is a tower, building, or other type of physical structure designed to emit light from a system of lamps and lenses and to serve as a beacon for navigational aid for maritime pilots at sea or on inland waterways.',
  ],
  [
    'Fresnel lens',
    'en.wikipedia.org',
    'https://en.wikipedia.org/wiki/Fresnel_lens',
    '2024-11-30',
    undefined,
    'A Fresnel lens is a type of composite compact lens which reduces the amount of material required compared to a conventional lens by dividing the lens into a set of concentric annular sections.',
  ],
  [
    'Automating the last manned lighthouses',
    'news.ycombinator.com',
    'https://news.ycombinator.com/item?id=1',
    '2023-06-02',
    '312 points · 141 comments',
    'Discussion of how the last keepers left their posts, and what remote monitoring replaced them with.',
  ],
  [
    'An unsafe address',
    'example.org',
    'javascript:alert(1)',
    undefined,
    undefined,
    'This result’s address is not http(s), so it is shown as text.',
  ],
].map(([title, site, url, date, detail, snippet], index) => ({
  rank: index + 1,
  title: title ?? '',
  url: url ?? '',
  snippet: snippet ?? '',
  source: index === 2 ? 'hn_algolia' : 'wikipedia',
  site: site ?? '',
  ...(date ? { date } : {}),
  ...(detail ? { detail } : {}),
}));

/** The page the ordinary bundle read, as saved markdown: headings, a list, a link, a table, a quote. */
export const LIGHTHOUSE_MARKDOWN = `# Lighthouse\n\nA **lighthouse** is a tower, building, or other type of physical structure designed to emit light from a system of lamps and lenses.\n\n## History\n\nBefore the development of clearly defined ports, mariners were guided by fires built on hilltops. Since raising the fire would improve the visibility, placing the fire on a platform became a practice that led to the development of the lighthouse.\n\n- The Pharos of Alexandria, 3rd century BC\n- The Tower of Hercules, still in use\n- [Eddystone Lighthouse](https://en.wikipedia.org/wiki/Eddystone_Lighthouse)\n\n## Lenses\n\n| Order | Focal length |\n| --- | --- |\n| First | 920 mm |\n| Sixth | 150 mm |\n\n> The Fresnel lens made the lights visible far further out to sea.\n`;
