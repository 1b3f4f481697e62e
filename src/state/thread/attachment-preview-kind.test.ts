import { describe, expect, it } from 'vitest';
import {
  attachmentPreviewKind,
  firstLines,
  MAX_CODE_LINES,
  MAX_TABLE_ROWS,
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
