import { describe, expect, it } from 'vitest';
import type { UploadFile } from '@/shared/protocol/uploads.ts';
import {
  attachmentListing,
  freeName,
  MAX_LISTED_ATTACHMENTS,
  placeUploads,
  textWithAttachments,
  uploadSegments,
} from './upload-placement.ts';

const upload = (path: string, text = 'x', type = ''): UploadFile => ({
  path,
  type,
  bytes: new TextEncoder().encode(text),
});

const place = (files: UploadFile[], existing: string[] = [], destination: 'uploads' | 'home' = 'uploads') =>
  placeUploads({ conversationId: 'c', files, destination, existingPaths: new Set(existing), now: 5 });

describe('upload names', () => {
  it('splits a relative path, dropping empty and dot segments and control characters', () => {
    expect(uploadSegments('project//src/./main.ts')).toEqual(['project', 'src', 'main.ts']);
    expect(uploadSegments('win\\dir\\a.txt')).toEqual(['win', 'dir', 'a.txt']);
    // A right-to-left override in a name (invoice, U+202E, fdp.exe) would show it as a PDF; it is dropped, as are controls.
    expect(uploadSegments('invoice\u202Efdp.exe')).toEqual(['invoicefdp.exe']);
    expect(uploadSegments('a\u0007b\ud800.txt')).toEqual(['ab.txt']);
    expect(uploadSegments('bad\u0000name.txt')).toEqual(['badname.txt']);
  });

  it('refuses a path that climbs out of its folder or has no name', () => {
    expect(() => uploadSegments('../etc/passwd')).toThrow(/leaves its folder/);
    expect(() => uploadSegments('/./')).toThrow(/empty/);
  });

  it('gives a pasted-N.txt that is taken the next free number instead of a suffix', () => {
    const placed = place(
      [upload('pasted-1.txt'), upload('pasted-2.txt'), upload('notes/pasted-1.txt')],
      ['uploads/pasted-1.txt', 'uploads/pasted-3.txt', 'uploads/notes'],
    );
    expect(placed.attachments.map((file) => file.path)).toEqual([
      'uploads/pasted-2.txt',
      'uploads/pasted-4.txt',
      'uploads/notes (2)/pasted-1.txt',
    ]);
  });

  it('suffixes a clashing file before its extension and a folder after its name', () => {
    const taken = new Set(['report.pdf', 'report (2).pdf', 'project', 'Makefile']);
    expect(freeName('report.pdf', taken, false)).toBe('report (3).pdf');
    expect(freeName('project', taken, true)).toBe('project (2)');
    expect(freeName('Makefile', taken, false)).toBe('Makefile (2)');
    expect(freeName('.env', new Set(['.env']), false)).toBe('.env (2)');
    expect(freeName('fresh.txt', taken, false)).toBe('fresh.txt');
  });
});

describe('placing uploads', () => {
  it('puts files under uploads/, never over an existing one, and writes the folders they need', () => {
    const placed = place(
      [upload('data.csv', 'a,b', 'text/csv'), upload('photo.png', 'png', 'image/png')],
      ['uploads', 'uploads/data.csv'],
    );
    expect(placed.writes.map((row) => [row.path, row.kind])).toEqual([
      ['uploads/data (2).csv', 'file'],
      ['uploads/photo.png', 'file'],
    ]);
    expect(placed.attachments).toEqual([
      { path: 'uploads/data (2).csv', mimeType: 'text/csv', size: 3 },
      { path: 'uploads/photo.png', mimeType: 'image/png', size: 3 },
    ]);
  });

  it('keeps a folder tree, renaming the whole folder once when its name is taken', () => {
    const placed = place(
      [upload('site/index.html'), upload('site/css/main.css'), upload('site/css/print.css')],
      ['uploads', 'uploads/site', 'uploads/site/index.html'],
    );
    expect(placed.writes.map((row) => row.path)).toEqual([
      'uploads/site (2)',
      'uploads/site (2)/css',
      'uploads/site (2)/index.html',
      'uploads/site (2)/css/main.css',
      'uploads/site (2)/css/print.css',
    ]);
    expect(placed.writes[0]?.kind).toBe('directory');
  });

  it('gives two same-named loose files (two pasted images) each their own name', () => {
    const placed = place([upload('image.png'), upload('image.png')]);
    expect(placed.attachments.map((file) => file.path)).toEqual([
      'uploads/image.png',
      'uploads/image (2).png',
    ]);
  });

  it('takes the MIME type from the extension when the browser gave none', () => {
    expect(place([upload('notes.md')]).attachments[0]?.mimeType).toBe('text/markdown');
    expect(place([upload('blob')]).attachments[0]?.mimeType).toBe('application/octet-stream');
  });

  it('puts an opened project straight under the home folder', () => {
    const placed = place([upload('app/package.json'), upload('app/src/index.js')], [], 'home');
    expect(placed.writes.map((row) => row.path)).toEqual([
      'app',
      'app/src',
      'app/package.json',
      'app/src/index.js',
    ]);
  });
});

describe('the listing the model reads', () => {
  it('lists absolute paths, MIME types and sizes between delimiter lines', () => {
    const attachments = [
      { path: 'uploads/report.pdf', mimeType: 'application/pdf', size: 120_345 },
      { path: 'uploads/data.csv', mimeType: 'text/csv', size: 42 },
    ];
    expect(textWithAttachments('Summarise these', attachments)).toBe(
      [
        'Summarise these',
        '',
        '[attached files: saved in the workspace]',
        '- /home/ubuntu/uploads/report.pdf (application/pdf, 120,345 bytes)',
        '- /home/ubuntu/uploads/data.csv (text/csv, 42 bytes)',
        '[end of attached files]',
      ].join('\n'),
    );
  });

  it('is the text alone without files, and the listing alone without text', () => {
    expect(textWithAttachments('Hello', undefined)).toBe('Hello');
    expect(textWithAttachments('Hello', [])).toBe('Hello');
    const one = [{ path: 'uploads/a.txt', mimeType: 'text/plain', size: 1 }];
    expect(textWithAttachments('', one)).toBe(attachmentListing(one));
    expect(attachmentListing(one)).toMatch(/^\[attached file: saved/);
  });

  it('sums up a whole project past the first files instead of listing every one', () => {
    const many = Array.from({ length: MAX_LISTED_ATTACHMENTS + 3 }, (_, index) => ({
      path: `app/file-${index}.js`,
      mimeType: 'text/javascript',
      size: 10,
    }));
    const lines = attachmentListing(many).split('\n');
    expect(lines).toHaveLength(MAX_LISTED_ATTACHMENTS + 3);
    expect(lines.at(-2)).toBe('- … and 3 more files (30 bytes); list them with ls.');
  });
});
