import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_LANGUAGES, languageForPath, mimeForPath, previewFile } from './file-preview.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('previewFile', () => {
  it('shows UTF-8 text with its line count and language', () => {
    expect(previewFile('src/app.ts', bytes('const a = 1;\nconst b = 2;\n'))).toEqual({
      kind: 'text',
      text: 'const a = 1;\nconst b = 2;\n',
      lineCount: 2,
      language: 'typescript',
      isTruncated: false,
      isHtml: false,
      isMarkdown: false,
      totalBytes: 26,
    });
    expect(previewFile('notes', bytes('one\ntwo'))).toMatchObject({ lineCount: 2, language: null });
    expect(previewFile('empty.txt', bytes(''))).toMatchObject({ kind: 'text', lineCount: 0 });
  });

  it('cuts long text without splitting a character, and says so', () => {
    const preview = previewFile('long.md', bytes('ééééé'), 5);
    expect(preview).toMatchObject({ kind: 'text', text: 'éé', isTruncated: true, totalBytes: 10 });
  });

  it('treats bytes with NUL or invalid UTF-8 as binary, and images by extension', () => {
    expect(previewFile('data.bin', new Uint8Array([1, 0, 2]))).toEqual({
      kind: 'binary',
      mime: 'application/octet-stream',
      totalBytes: 3,
    });
    expect(previewFile('latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toMatchObject({
      kind: 'binary',
    });
    expect(previewFile('chart.PNG', new Uint8Array([0x89, 0x50]))).toEqual({
      kind: 'image',
      mime: 'image/png',
      totalBytes: 2,
    });
    expect(previewFile('logo.svg', bytes('<svg/>'))).toMatchObject({ kind: 'image', mime: 'image/svg+xml' });
  });

  it('plays audio, and marks markdown so the view can render it', () => {
    expect(previewFile('generated/hello.mp3', new Uint8Array([0xff, 0xfb]))).toEqual({
      kind: 'audio',
      mime: 'audio/mpeg',
      totalBytes: 2,
    });
    expect(previewFile('voice.WAV', bytes('RIFF'))).toMatchObject({ kind: 'audio', mime: 'audio/wav' });
    expect(previewFile('README.md', bytes('# Hi\n'))).toMatchObject({ kind: 'text', isMarkdown: true });
    expect(previewFile('notes.txt', bytes('# Hi\n'))).toMatchObject({ kind: 'text', isMarkdown: false });
  });

  it('believes a file’s bytes over its name: a PDF, an image or a video whatever it is called', () => {
    expect(previewFile('out/report', bytes('%PDF-1.7\n1 0 obj'))).toEqual({
      kind: 'pdf',
      mime: 'application/pdf',
      totalBytes: 16,
    });
    expect(previewFile('report.pdf', bytes('%PDF-1.4\n'))).toMatchObject({ kind: 'pdf' });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(previewFile('chart.txt', png)).toMatchObject({ kind: 'image', mime: 'image/png' });
    const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42]);
    expect(previewFile('clip.bin', webm)).toEqual({ kind: 'video', mime: 'video/webm', totalBytes: 6 });
    expect(previewFile('clip.mp4', new Uint8Array([0, 0]))).toMatchObject({
      kind: 'video',
      mime: 'video/mp4',
    });
    // Text that mentions PDF is text.
    expect(previewFile('notes.md', bytes('# About %PDF-\n'))).toMatchObject({ kind: 'text' });
  });

  it('marks HTML, so the view shows its source and never renders it', () => {
    expect(previewFile('site/index.html', bytes('<script>alert(1)</script>'))).toMatchObject({
      kind: 'text',
      language: 'xml',
      isHtml: true,
    });
  });
});

describe('languageForPath and mimeForPath', () => {
  it('map extensions, and every language is one the highlighter registers', () => {
    expect(languageForPath('a/b.py')).toBe('python');
    expect(languageForPath('Dockerfile')).toBe('bash');
    expect(languageForPath('.env')).toBeNull();
    expect(mimeForPath('x.JPG')).toBe('image/jpeg');
    expect(mimeForPath('x.unknown')).toBe('application/octet-stream');
    expect(HIGHLIGHT_LANGUAGES).toContain(languageForPath('a.tsx'));
  });
});
