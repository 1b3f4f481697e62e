import { deflateSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { text, unixMode, writeRawZip } from '~/tests/fixtures/hostile-bundles/raw-zip.ts';
import { BundleError, DEFAULT_BUNDLE_LIMITS } from './bundle-format.ts';
import { quoted } from './bundle-paths.ts';
import { readZipDirectory, readZipEntry } from './zip-reader.ts';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(BundleError);
    return (error as Error).message;
  }
  throw new Error('the zip was accepted');
};
const directory = (bytes: Uint8Array, limits = DEFAULT_BUNDLE_LIMITS) => readZipDirectory(bytes, limits);

describe('the zip reader', () => {
  it('reads what fflate writes, stored or deflated, byte for byte', () => {
    const content = strToU8('hello '.repeat(1000));
    const bytes = zipSync({ 'a.txt': content, 'b.bin': [content, { level: 0 }] });
    const entries = directory(bytes);
    expect(entries.map((entry) => [entry.name, entry.method, entry.size])).toEqual([
      ['a.txt', 8, content.byteLength],
      ['b.bin', 0, content.byteLength],
    ]);
    for (const entry of entries) expect(readZipEntry(bytes, entry)).toEqual(content);
  });

  it('refuses a bomb on its declared sizes before inflating a byte (its data is not even deflate)', () => {
    const entries = Array.from({ length: 3 }, (_, index) => ({
      name: `zeros-${index}`,
      data: new Uint8Array(0),
      compressed: new Uint8Array(100 * 1024).fill(0xff),
      declaredSize: 100 * 1024 * 1024,
    }));
    expect(refusal(() => directory(writeRawZip(entries)))).toBe(
      'This bundle unpacks to more than 250.0 MB; it was refused before unpacking (a zip bomb looks like this).',
    );
    const ratio = [
      { name: 'x', data: new Uint8Array(0), compressed: new Uint8Array(10), declaredSize: 1 << 30 },
    ];
    expect(refusal(() => directory(writeRawZip(ratio)))).toMatch(
      /unpacks to 1073741824 bytes from 10, which no real file does/,
    );
  });

  it('stops inflating an entry at the size it declares', () => {
    const zeros = new Uint8Array(32 * 1024 * 1024);
    const bytes = writeRawZip([
      { name: 'small', data: zeros, compressed: deflateSync(zeros), declaredSize: 1024 },
    ]);
    const [entry] = directory(bytes);
    expect(refusal(() => readZipEntry(bytes, entry!))).toBe(
      'This bundle is damaged: "small" holds more than the 1024 bytes it declares.',
    );
  });

  it('refuses symbolic links, special files, duplicates in two Unicode forms and encryption', () => {
    const link = {
      name: 'link',
      data: text('/etc/passwd'),
      madeBy: 3,
      externalAttributes: unixMode(0o120777),
    };
    expect(refusal(() => directory(writeRawZip([link])))).toMatch(/symbolic link \("link"\)/);
    const fifo = { ...link, externalAttributes: unixMode(0o010644) };
    expect(refusal(() => directory(writeRawZip([fifo])))).toMatch(/special file/);
    const forms = ['é'.normalize('NFC'), 'é'.normalize('NFD')].map((name) => ({ name, data: text('x') }));
    expect(refusal(() => directory(writeRawZip(forms)))).toMatch(/twice, written in two Unicode forms/);
    expect(refusal(() => directory(writeRawZip([{ name: 'x', data: text('x'), flags: 0x801 }])))).toMatch(
      /encrypted/,
    );
    // A regular Unix file with its permissions is fine.
    const regular = { name: 'x', data: text('x'), madeBy: 3, externalAttributes: unixMode(0o100644) };
    expect(directory(writeRawZip([regular]))).toHaveLength(1);
  });

  it('quotes names with their controls and bidirectional characters escaped', () => {
    expect(quoted('txt\u202e.exe\u0000\u007f')).toBe('"txt\\u202e.exe\\u0000\\u007f"');
  });
});
