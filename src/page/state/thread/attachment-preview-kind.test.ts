import { describe, expect, it } from 'vitest';
import {
  attachmentContentKind,
  attachmentPreviewKind,
  firstLines,
  MAX_CODE_LINES,
  MAX_TABLE_ROWS,
  mayPreviewAttachment,
  tablePreviewOf,
} from './attachment-preview-kind.ts';

describe('attachmentPreviewKind', () => {
  it('picks the preview by type, then by extension', () => {
    expect(attachmentPreviewKind('image/png', 'a.png')).toBe('image');
    expect(attachmentPreviewKind('audio/mpeg', 'a.mp3')).toBe('audio');
    expect(attachmentPreviewKind('application/pdf', 'report.pdf')).toBe('pdf');
    expect(attachmentPreviewKind('application/octet-stream', 'REPORT.PDF')).toBe('pdf');
    expect(attachmentPreviewKind('text/markdown', 'notes.md')).toBe('markdown');
    expect(attachmentPreviewKind('text/csv', 'data.csv')).toBe('table');
    expect(
      attachmentPreviewKind('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'b.xlsx'),
    ).toBe('table');
    expect(attachmentPreviewKind('text/x-python', 'main.py')).toBe('code');
    expect(attachmentPreviewKind('text/plain', 'log.txt')).toBe('code');
    expect(attachmentPreviewKind('application/zip', 'site.zip')).toBe('download');
    expect(attachmentPreviewKind('application/vnd.ms-excel', 'old.xls')).toBe('download');
    expect(attachmentPreviewKind('video/mp4', 'clip.mp4')).toBe('video');
  });
});

describe('mayPreviewAttachment and attachmentContentKind', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('reads a file of unknown type to look, but not a zip', () => {
    expect(mayPreviewAttachment('application/octet-stream', 'out/report')).toBe(true);
    expect(mayPreviewAttachment('application/zip', 'site.zip')).toBe(false);
    expect(mayPreviewAttachment('text/markdown', 'notes.md')).toBe(true);
  });

  it('lets the bytes decide: a PDF without an extension, a PNG called .txt', () => {
    expect(attachmentContentKind(bytes('%PDF-1.4\n'), 'application/octet-stream', 'out/report')).toBe('pdf');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(attachmentContentKind(png, 'text/plain', 'chart.txt')).toBe('image');
    expect(attachmentContentKind(bytes('just text'), 'application/octet-stream', 'out/blob')).toBe(
      'download',
    );
    expect(attachmentContentKind(bytes('# Notes'), 'text/markdown', 'notes.md')).toBe('markdown');
  });
});

describe('tablePreviewOf', () => {
  it('shows cells as text and counts what it leaves out', () => {
    const rows: unknown[][] = Array.from({ length: MAX_TABLE_ROWS + 5 }, (_, index) => [
      index,
      null,
      new Date(Date.UTC(2026, 0, 2)),
    ]);
    rows[0] = ['id', 'empty', 'when', 'extra'];
    const table = tablePreviewOf('Sheet1', rows);
    expect(table.rows).toHaveLength(MAX_TABLE_ROWS);
    expect(table.totalRows).toBe(MAX_TABLE_ROWS + 5);
    expect(table.totalColumns).toBe(4);
    expect(table.rows[1]).toEqual(['1', '', '2026-01-02']);
  });
});

describe('firstLines', () => {
  it('keeps the first lines and says when it cut', () => {
    expect(firstLines('a\nb\n')).toEqual({ text: 'a\nb', lineCount: 2, isCut: false });
    const long = Array.from({ length: MAX_CODE_LINES + 1 }, (_, index) => `line ${index}`).join('\n');
    expect(firstLines(long)).toMatchObject({ lineCount: MAX_CODE_LINES, isCut: true });
  });
});
