import { describe, expect, it } from 'vitest';
import { fileContentOf, isSvg } from './file-content.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe('what a changed file’s bytes are', () => {
  it('names the images a diff shows as pictures by their magic numbers, whatever the file is called', () => {
    expect(fileContentOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toEqual({
      kind: 'image',
      mime: 'image/png',
      typeName: 'PNG image',
    });
    expect(fileContentOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toMatchObject({ kind: 'image', mime: 'image/jpeg' });
    expect(fileContentOf(ascii('GIF89a....'))).toMatchObject({ kind: 'image', mime: 'image/gif' });
    expect(fileContentOf(ascii('RIFF\0\0\0\0WEBPVP8 '))).toMatchObject({ kind: 'image', mime: 'image/webp' });
    // Text that merely mentions a signature later on is not an image.
    expect(fileContentOf(ascii('a PNG file starts with \x89PNG'))).toMatchObject({
      kind: 'other',
      typeName: 'text',
    });
  });

  it('knows an SVG by its opening tag, after a declaration, comments or a doctype', () => {
    expect(isSvg(ascii('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe(true);
    expect(
      isSvg(ascii('\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n<svg>\n</svg>')),
    ).toBe(true);
    expect(fileContentOf(ascii('<svg/>'))).toMatchObject({ kind: 'image', mime: 'image/svg+xml' });
    expect(isSvg(ascii('<html><svg></svg></html>'))).toBe(false);
    expect(isSvg(ascii('<svgfoo>'))).toBe(false);
  });

  it('names other binary types for the size-and-type summary, and says so when it knows none', () => {
    expect(fileContentOf(ascii('PK\x03\x04rest'))).toEqual({
      kind: 'other',
      mime: 'application/zip',
      typeName: 'ZIP archive',
    });
    expect(fileContentOf(bytes(0x1f, 0x8b, 8, 0))).toMatchObject({ typeName: 'gzip archive' });
    expect(fileContentOf(bytes(0, 0x61, 0x73, 0x6d, 1, 0, 0, 0))).toMatchObject({
      typeName: 'WebAssembly module',
    });
    expect(fileContentOf(ascii('SQLite format 3\0'))).toMatchObject({ typeName: 'SQLite database' });
    expect(fileContentOf(ascii('%PDF-1.7\n'))).toMatchObject({
      mime: 'application/pdf',
      typeName: 'PDF document',
    });
    const tar = new Uint8Array(512);
    tar.set(ascii('ustar'), 257);
    expect(fileContentOf(tar)).toMatchObject({ typeName: 'tar archive' });
    expect(fileContentOf(bytes(1, 2, 3, 0))).toEqual({ kind: 'other', mime: null, typeName: 'binary data' });
    expect(fileContentOf(bytes(0xc3, 0x28))).toMatchObject({ typeName: 'binary data' });
    // Text is text, even when it starts like a binary signature ("MZ", "BM").
    expect(fileContentOf(ascii('MZ is a text file\n'))).toEqual({
      kind: 'other',
      mime: 'text/plain',
      typeName: 'text',
    });
    expect(fileContentOf(ascii('café'))).toMatchObject({ typeName: 'text' });
    expect(fileContentOf(bytes(0x4d, 0x5a, 0x90, 0x00, 0x03))).toMatchObject({
      typeName: 'Windows executable',
    });
  });
});
