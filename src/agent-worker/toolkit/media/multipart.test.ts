import { describe, expect, it } from 'vitest';
import { encodeMultipart } from './multipart.ts';

describe('encodeMultipart', () => {
  it('encodes text and file fields that a form parser reads back', async () => {
    const image = new Uint8Array([137, 80, 78, 71, 0, 255]);
    const { bytes, contentType } = await encodeMultipart({
      prompt: 'a red fox',
      n: '2',
      size: undefined,
      image: { bytes: image, mime: 'image/png', name: 'fox.png' },
    });
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(bytes.slice().buffer, {
      headers: { 'content-type': contentType },
    }).formData();
    expect(form.get('prompt')).toBe('a red fox');
    expect(form.get('n')).toBe('2');
    expect(form.has('size')).toBe(false);
    const file = form.get('image');
    expect(file).toBeInstanceOf(Blob);
    expect((file as File).name).toBe('fox.png');
    expect((file as File).type).toBe('image/png');
    expect(new Uint8Array(await (file as File).arrayBuffer())).toEqual(image);
  });
});
