import { Document, Packer, Paragraph } from 'docx';
import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExtractedDocument } from '../../src/agent-worker/toolkit/documents/document-types.ts';
import {
  documentFormat,
  extractDocument,
  extractedTextPath,
  MAX_DOCUMENT_BYTES,
  partsWithoutText,
  renderDocument,
  unsupportedDocument,
} from '../../src/agent-worker/toolkit/documents/documents.ts';
import { sheetTable } from '../../src/agent-worker/toolkit/documents/extractors/markdown-table.ts';
import { extractPdf, PDF_READER_FAILED } from '../../src/agent-worker/toolkit/documents/extractors/pdf.ts';
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
 * `document` — what the agent worker has too. pdf.js is its legacy build, as in the app;
 * Node has no `Worker`, so pdf.js runs its worker code in the same thread here, whereas
 * the app runs it in a nested worker of the agent worker.
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

/** A .pptx of one slide whose XML is `slide`, with `entries` added (a bomb, a hostile core.xml). */
function pptxWith(slide: string, entries: Record<string, Uint8Array> = {}): Uint8Array {
  return zipSync({
    'ppt/presentation.xml': strToU8('<p:presentation/>'),
    'ppt/slides/slide1.xml': strToU8(slide),
    ...entries,
  });
}

describe('hostile documents (refused or read in linear time, never a frozen worker)', () => {
  const zeros = new Uint8Array(33 * 1024 * 1024);

  it('refuse a .pptx with an entry that unpacks to more than 32 MB', async () => {
    const bomb = pptxWith('<p:sld/>', { 'ppt/slides/slide2.xml': zeros });
    const result = await extractDocument(bomb, '/home/ubuntu/bomb.pptx', 'pptx');
    expect(result).toEqual({ error: expect.stringMatching(/unpacks to more than 32 MB; it is refused/) });
  });

  it('refuse a .pptx whose entries unpack to more than 128 MB together', async () => {
    const part = zeros.subarray(0, 30 * 1024 * 1024);
    const entries = Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`ppt/slides/slide${n + 1}.xml`, part]));
    const result = await extractDocument(pptxWith('<p:sld/>', entries), '/home/ubuntu/bomb.pptx', 'pptx');
    expect(result).toEqual({ error: expect.stringMatching(/unpacks to more than 128 MB; it is refused/) });
  }, 20_000);

  it('refuse a .docx or .xlsx bomb before mammoth or read-excel-file unpacks it', async () => {
    for (const [path, format] of [
      ['/home/ubuntu/bomb.docx', 'docx'],
      ['/home/ubuntu/bomb.xlsx', 'xlsx'],
    ] as const) {
      const bomb = zipSync({ 'word/document.xml': zeros, 'xl/workbook.xml': strToU8('<workbook/>') });
      const result = await extractDocument(bomb, path, format);
      expect(result).toEqual({ error: expect.stringMatching(/unpacks to more than 32 MB; it is refused/) });
    }
  });

  it('read a slide of 200,000 unclosed paragraphs and a core.xml of unclosed titles quickly', async () => {
    const hostile = pptxWith(`<p:sld>${'<a:p>'.repeat(200_000)}</p:sld>`, {
      'docProps/core.xml': strToU8(`<cp:coreProperties>${'<dc:title>'.repeat(200_000)}</cp:coreProperties>`),
    });
    const document = await extract(hostile, '/home/ubuntu/hostile.pptx');
    expect(document.parts).toEqual([{ label: 'Slide 1', text: '', hasText: false }]);
    expect(document.metadata).toEqual({});
  });

  it('read line breaks and runs of a slide in order', async () => {
    const slide =
      '<p:sld><a:p><a:r><a:t>One</a:t></a:r><a:br/><a:r><a:t>Two &amp; three</a:t></a:r></a:p><a:pPr/></p:sld>';
    const document = await extract(pptxWith(slide), '/home/ubuntu/breaks.pptx');
    expect(document.parts[0]?.text).toBe('One\nTwo & three');
  });

  it('cut a long metadata value', async () => {
    const core = `<cp:coreProperties><dc:title>${'T'.repeat(5_000)}</dc:title></cp:coreProperties>`;
    const document = await extract(
      pptxWith('<p:sld/>', { 'docProps/core.xml': strToU8(core) }),
      '/home/ubuntu/t.pptx',
    );
    expect(document.metadata.title).toBe(`${'T'.repeat(200)}…`);
  });

  it('keep ten warnings and count the rest', async () => {
    const paragraphs = Array.from(
      { length: 15 },
      (_, index) => new Paragraph({ text: `p${index}`, style: `Custom${index}` }),
    );
    const docx = new Uint8Array(
      await Packer.toBuffer(new Document({ sections: [{ children: paragraphs }] })),
    );
    const { warnings } = await extract(docx, '/home/ubuntu/styles.docx');
    expect(warnings).toHaveLength(11);
    expect(warnings.at(-1)).toMatch(/^… and \d+ more warnings\.$/);
  });

  it('refuse a file over the size limit unread', async () => {
    const result = await extractDocument(
      new Uint8Array(MAX_DOCUMENT_BYTES + 1),
      '/home/ubuntu/huge.pdf',
      'pdf',
    );
    expect(result).toEqual({ error: expect.stringMatching(/documents over 64 MB are not read here/) });
  });

  it('show a sheet of 200,000 rows without overflowing the stack', () => {
    const rows = Array.from({ length: 200_000 }, (_, index) => [`Row ${index}`, index]);
    const table = sheetTable(rows);
    expect(table).toMatchObject({ rows: 200_000, columns: 2 });
    expect(table.text).toContain('… 199800 more rows not shown.');
  });

  it('save a document’s extracted text under the workspace, however its path is written', () => {
    expect(extractedTextPath('/home/ubuntu/../ubuntu/x.pdf')).toBe('/home/ubuntu/.extracted/x.pdf.md');
    expect(extractedTextPath('/home/ubuntu/../../etc/x.pdf')).toBe('/home/ubuntu/.extracted/etc/x.pdf.md');
  });
});

describe('PDF extraction limits', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('read only the pages asked for', async () => {
    const result = await extractDocument(await twoPagePdf(), '/home/ubuntu/report.pdf', 'pdf', {
      pages: { first: 2, last: 2 },
    });
    if ('error' in result) throw new Error(result.error);
    expect(result.document.parts.map((part) => [part.isSkipped ?? false, part.text])).toEqual([
      [true, expect.stringMatching(/not read/)],
      [false, 'Costs fell by 12 percent on page two.'],
    ]);
    expect(partsWithoutText(result.document)).toEqual([]);
  });

  it('stop when the tool’s signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('Stopped by the user.'));
    await expect(
      extractDocument(await twoPagePdf(), '/home/ubuntu/report.pdf', 'pdf', { signal: controller.signal }),
    ).rejects.toThrow('Stopped by the user.');
  });

  it('fail with a clear message, not hang, when pdf.js’s worker file cannot load', async () => {
    class UnloadableWorker extends EventTarget {
      constructor() {
        super();
        setTimeout(() => this.dispatchEvent(new Event('error')), 10);
      }
      postMessage() {}
      terminate() {}
    }
    vi.stubGlobal('Worker', UnloadableWorker);
    await expect(extractPdf(await twoPagePdf())).rejects.toThrow(PDF_READER_FAILED);
  });

  it('stop at the time limit', async () => {
    class SilentWorker extends EventTarget {
      postMessage() {}
      terminate() {}
    }
    vi.stubGlobal('Worker', SilentWorker);
    await expect(extractPdf(await twoPagePdf(), 'x.pdf', { timeLimitMs: 50 })).rejects.toThrow(/longer than/);
  });
});
