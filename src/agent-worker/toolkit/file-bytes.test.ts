import { describe, expect, it } from 'vitest';
import { applyEdits, decodeText, imageDimensions, sliceLines } from './file-bytes.ts';

describe('file content helpers', () => {
  it('reads 1-indexed line ranges with -1 for the end, and explains bad ranges', () => {
    expect(sliceLines('a\nb\nc', [2, -1])).toEqual({ text: 'b\nc' });
    expect(sliceLines('a\nb\nc', [1, 1])).toEqual({ text: 'a' });
    expect(sliceLines('a\nb\nc', [0, 2])).toHaveProperty('error');
    expect(sliceLines('a\nb\nc', [3, 2])).toHaveProperty('error');
    expect(sliceLines('a\nb\nc', [9, -1])).toMatchObject({ error: expect.stringMatching(/3 lines/) });
    expect(sliceLines('a', [1])).toHaveProperty('error');
  });

  it('applies edits in order and refuses the lot when one finds nothing', () => {
    expect(applyEdits('x x x', [{ find: 'x', replace: 'y' }])).toEqual({
      text: 'y x x',
      summary: [{ find: 'x', count: 1 }],
    });
    expect(
      applyEdits('x x x', [
        { find: 'x', replace: 'y', all: true },
        { find: 'y y', replace: 'z' },
      ]),
    ).toEqual({
      text: 'z y',
      summary: [
        { find: 'x', count: 3 },
        { find: 'y y', count: 1 },
      ],
    });
    expect(
      applyEdits('x', [
        { find: 'x', replace: 'y' },
        { find: 'x', replace: 'z' },
      ]),
    ).toMatchObject({
      error: expect.stringMatching(/Edit 2.*after the earlier edits/),
    });
    expect(applyEdits('x', [{ find: '', replace: 'y' }])).toHaveProperty('error');
  });

  it('tells text from binary and finds image dimensions', () => {
    expect(decodeText(new TextEncoder().encode('héllo'))).toBe('héllo');
    expect(decodeText(new Uint8Array([0x66, 0x00, 0x67]))).toBeNull();
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0xfd]))).toBeNull();
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x40, 0x01, 0xb4, 0x00]);
    expect(imageDimensions(gif)).toEqual({ width: 320, height: 180 });
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0xb4, 0x01, 0x40, 0x03, 0, 0, 0, 0,
    ]);
    expect(imageDimensions(jpeg)).toEqual({ width: 320, height: 180 });
    expect(imageDimensions(new TextEncoder().encode('not an image'))).toBeNull();
  });
});
