import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../../src/agent/documents/document-types.ts';
import {
  documentFormat,
  extractDocument,
  partsWithoutText,
  renderDocument,
  unsupportedDocument,
} from '../../src/agent/documents/documents.ts';
import {
  plannerDocx,
  SAMPLE_CSV,
  scannedPdf,
  twoPagePdf,
  twoSheetXlsx,
  twoSlidePptx,
} from '../fixtures/documents/document-files.ts';

/**
 * Each extractor on real files made by the tests, run in Node: no DOM, no `window`, no
 * `document` — what the agent worker has too. pdf.js is its modern build with its worker
 * module run in the same thread (as in the app's worker).
 */

async function extract(bytes: Uint8Array, path: string): Promise<ExtractedDocument> {
  const format = documentFormat(path);
  if (!format) throw new Error(`${path} is not a document`);
  const result = await extractDocument(bytes, path, format);
  if ('error' in result) throw new Error(result.error);
  return result.document;
}

describe('document extractors (no DOM)', () => {
  it('run where there is no DOM, as in the agent worker', () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  });

  it('read a PDF: page count, metadata and the text of each page', async () => {
    const document = await extract(await twoPagePdf(), '/home/ubuntu/report.pdf');
    expect(document.parts.map((part) => part.text)).toEqual([
      'Revenue grew by 8 percent in the first quarter.',
      'Costs fell by 12 percent on page two.',
    ]);
    expect(document.metadata).toMatchObject({
      title: 'Quarterly Report',
      author: 'Ada Lovelace',
      created: '2026-11-01T09:30:00.000Z',
    });
    expect(partsWithoutText(document)).toEqual([]);
    const text = renderDocument(document, 'report.pdf');
    expect(text).toMatch(/^# report\.pdf \(PDF, 2 pages\)\ntitle: Quarterly Report\nauthor: Ada Lovelace/);
    expect(text).toContain('## Page 2\n\nCosts fell by 12 percent on page two.');
  });

  it('report the pages of a scanned PDF as having no text layer', async () => {
    const document = await extract(await scannedPdf(), '/home/ubuntu/scan.pdf');
    expect(document.parts).toHaveLength(1);
    expect(partsWithoutText(document)).toEqual([1]);
    expect(renderDocument(document, 'scan.pdf')).toMatch(
      /## Page 1\n\n\(No text layer on this page: it is scanned/,
    );
  });

  it('give a clear error for a damaged PDF, not a crash', async () => {
    const damaged = new TextEncoder().encode('%PDF-1.7\nthis is not really a pdf\n%%EOF');
    const result = await extractDocument(damaged, '/home/ubuntu/broken.pdf', 'pdf');
    expect(result).toEqual({
      error: expect.stringMatching(
        /^\/home\/ubuntu\/broken\.pdf could not be read as a PDF: the file is not a valid PDF/,
      ),
    });
  });

  it('turn a .docx into markdown with its heading, bold text and table', async () => {
    const document = await extract(await plannerDocx(), '/home/ubuntu/plan.docx');
    const [body] = document.parts;
    expect(body?.text).toContain('# Project Plan');
    expect(body?.text).toContain('The plan has **two** steps.');
    expect(body?.text).toMatch(
      /\| Step\s*\| Owner\s*\|\n\| -+ \| -+ \|\n\| Design \| Ann\s*\|\n\| Build\s*\| Bob\s*\|/,
    );
    expect(document.metadata).toMatchObject({ title: 'Project Plan', author: 'Grace Hopper' });
  });

  it('give every sheet of an .xlsx as a table with its row and column counts', async () => {
    const document = await extract(await twoSheetXlsx(), '/home/ubuntu/book.xlsx');
    expect(document.parts.map((part) => [part.label, part.rows, part.columns])).toEqual([
      ['Sheet “Sales”', 4, 3],
      ['Sheet “Costs”', 2, 2],
    ]);
    expect(document.parts[0]?.text).toBe(
      [
        '4 rows (the first is the header) × 3 columns.',
        '',
        '| Region | Units | Price |',
        '| --- | --- | --- |',
        '| North | 120 | 2.5 |',
        '| South | 80 | 3 |',
        '| East | 45 | 4.25 |',
      ].join('\n'),
    );
  });

  it('cap a long sheet and say how many rows were left out', async () => {
    const document = await extract(await twoSheetXlsx(500), '/home/ubuntu/book.xlsx');
    const costs = document.parts[1]!;
    expect(costs.rows).toBe(502);
    expect(costs.text).toContain('| Item 198 | 197 |');
    expect(costs.text).not.toContain('| Item 199 |');
    expect(costs.text).toMatch(/… 302 more rows not shown\.$/);
  });

  it('read a CSV as a table, quoted commas kept in their cell', async () => {
    const document = await extract(new TextEncoder().encode(SAMPLE_CSV), '/home/ubuntu/scores.csv');
    expect(document.parts[0]?.text).toBe(
      [
        '4 rows (the first is the header) × 2 columns.',
        '',
        '| name | score |',
        '| --- | --- |',
        '| Ada | 91 |',
        '| Grace | 88 |',
        '| Lin, Jr. | 75 |',
      ].join('\n'),
    );
  });

  it('read the slides of a .pptx in the presentation’s order', async () => {
    const document = await extract(twoSlidePptx(), '/home/ubuntu/deck.pptx');
    expect(document.parts.map((part) => `${part.label}: ${part.text}`)).toEqual([
      'Slide 1: Welcome\nAgenda for today',
      'Slide 2: Next steps\nShip it & celebrate',
    ]);
    expect(document.metadata).toEqual({ title: 'Launch & Review', author: 'Lin' });
  });

  it('refuse legacy binary Office formats with what to do instead', () => {
    expect(documentFormat('/home/ubuntu/old.xls')).toBeNull();
    expect(unsupportedDocument('/home/ubuntu/old.XLS')).toMatch(/\.xls .*saved as \.xlsx or \.csv/);
    expect(unsupportedDocument('/home/ubuntu/new.xlsx')).toBeNull();
  });
});
