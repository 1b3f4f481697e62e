import { describe, expect, it } from 'vitest';
import { mimeForFile, mimeForPath, mimeFromBytes } from './mime-types.ts';

const ascii = (text: string) => new TextEncoder().encode(text);
const bytes = (...values: number[]) => new Uint8Array(values);
/** An ISO media header (`size ftyp brand`) with the brand given. */
const isoMedia = (brand: string) => new Uint8Array([0, 0, 0, 24, ...ascii(`ftyp${brand}`), 0, 0, 0, 0]);

describe('mimeFromBytes', () => {
  it('knows documents, images, audio and video by their signatures', () => {
    expect(mimeFromBytes(ascii('%PDF-1.7\n%âãÏÓ\n'))).toBe('application/pdf');
    expect(mimeFromBytes(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(mimeFromBytes(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(mimeFromBytes(ascii('GIF89a…'))).toBe('image/gif');
    expect(mimeFromBytes(ascii('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(mimeFromBytes(ascii('RIFF\0\0\0\0WAVEfmt '))).toBe('audio/wav');
    expect(mimeFromBytes(ascii('ID3\u0004\0'))).toBe('audio/mpeg');
    expect(mimeFromBytes(bytes(0xff, 0xfb, 0x90, 0x64))).toBe('audio/mpeg');
    expect(mimeFromBytes(bytes(0xff, 0xf1, 0x50, 0x80))).toBe('audio/aac');
    expect(mimeFromBytes(ascii('OggS\0\u0002'))).toBe('audio/ogg');
    expect(mimeFromBytes(ascii('fLaC\0\0\0\u0022'))).toBe('audio/flac');
    expect(mimeFromBytes(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f))).toBe('video/webm');
    expect(mimeFromBytes(isoMedia('isom'))).toBe('video/mp4');
    expect(mimeFromBytes(isoMedia('qt  '))).toBe('video/quicktime');
    expect(mimeFromBytes(isoMedia('M4A '))).toBe('audio/mp4');
    expect(mimeFromBytes(isoMedia('avif'))).toBe('image/avif');
  });

  it('finds a PDF header at the start only (after a byte-order mark or blank lines)', () => {
    expect(mimeFromBytes(ascii('\ufeff\n  %PDF-1.4\n'))).toBe('application/pdf');
    expect(mimeFromBytes(ascii('# About %PDF-1.4\n'))).toBeNull();
    expect(mimeFromBytes(ascii('%PDF-x'))).toBeNull();
  });

  it('names nothing for text, empty or truncated input', () => {
    expect(mimeFromBytes(ascii('<!doctype html><title>x</title>'))).toBeNull();
    expect(mimeFromBytes(ascii('# PDF notes\n%PDF is a format'))).toBeNull();
    expect(mimeFromBytes(new Uint8Array())).toBeNull();
    expect(mimeFromBytes(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(mimeFromBytes(ascii('RIFF\0\0\0\0AVI '))).toBeNull();
  });
});

describe('mimeForFile', () => {
  it('believes the bytes over the name, and the name when the bytes say nothing', () => {
    expect(mimeForFile('report', ascii('%PDF-1.4\n'))).toBe('application/pdf');
    expect(mimeForFile('chart.txt', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(mimeForFile('notes.md', ascii('# Notes'))).toBe('text/markdown');
    expect(mimeForFile('logo.svg', ascii('<svg/>'))).toBe(mimeForPath('logo.svg'));
  });
});
