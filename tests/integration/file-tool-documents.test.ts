import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DOCUMENT_CONTENT_NOTE,
  fullObservation,
  OBSERVATION_INLINE_LIMIT,
  observationFor,
} from '../../src/agent-worker/engine/context/observation.ts';
import { fileTool } from '../../src/agent-worker/profiles/manus/tools/file/file.ts';
import { IMAGE_NOT_SEEN } from '../../src/agent-worker/profiles/manus/tools/file/file-view-image.ts';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import type { ToolOutcome } from '../../src/agent-worker/toolkit/define-tool.ts';
import { FileMeta } from '../../src/shared/protocol/tool-meta/file-meta.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import {
  grayPng,
  plannerDocx,
  SAMPLE_CSV,
  scannedPdf,
  textPdf,
  twoPagePdf,
  twoSheetXlsx,
} from '../fixtures/documents/document-files.ts';
import { testToolContext } from '../fixtures/tool-context.ts';

/**
 * `file.read` and `file.view` on documents through the real tool over a real virtual
 * sandbox (workspace persisted to IndexedDB): extracted text, ranges of lines or pages,
 * scanned pages, refusals, and restorable compression of a long extraction.
 */

let sandbox: VirtualSandbox;
let workspace: WorkspaceRepository;
beforeEach(async () => {
  const database = new SandpiperDatabase(`documents-${randomUUID()}`, { indexedDB, IDBKeyRange });
  workspace = new WorkspaceRepository(database);
  sandbox = await VirtualSandbox.open({ conversationId: 'c', workspace, limitBytes: 50_000_000 });
});

async function file(args: Record<string, unknown>): Promise<ToolOutcome> {
  const prepared = fileTool.prepare(JSON.stringify(args));
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.execute!(testToolContext({ sandbox: async () => sandbox }));
}

function success(outcome: ToolOutcome) {
  if (outcome.status !== 'success') throw new Error(`Expected success, got: ${outcome.message}`);
  return { content: outcome.content, meta: FileMeta.parse(outcome.meta) };
}

function failure(outcome: ToolOutcome) {
  if (outcome.status !== 'error') throw new Error(`Expected an error, got: ${outcome.content}`);
  return outcome;
}

const REPORT = '/home/ubuntu/uploads/report.pdf';

describe('file.read and file.view on documents', () => {
  it('reads a PDF as text, and a range selects lines of that text', async () => {
    await sandbox.writeFile(REPORT, await twoPagePdf());
    const whole = success(await file({ action: 'read', path: REPORT }));
    expect(whole.content).toMatch(
      /^# report\.pdf \(PDF, 2 pages\)\ntitle: Quarterly Report\nauthor: Ada Lovelace\n/,
    );
    expect(whole.content).toContain('created: 2026-11-01T09:30:00.000Z\n');
    expect(whole.content).toMatch(
      /\n\n## Page 1\n\nRevenue grew by 8 percent in the first quarter\.\n\n## Page 2\n\nCosts fell by 12 percent on page two\.\n$/,
    );
    expect(whole.meta.document).toMatchObject({ format: 'pdf', unit: 'page', count: 2 });
    const pageTwo = whole.content.split('\n').indexOf('## Page 2') + 1;
    const lines = success(await file({ action: 'read', path: REPORT, range: [pageTwo, pageTwo + 2] }));
    expect(lines.content).toBe('## Page 2\n\nCosts fell by 12 percent on page two.');
  });

  it('views a PDF: page count, metadata, per-page text in derived_text, range selecting pages', async () => {
    await sandbox.writeFile(REPORT, await twoPagePdf());
    const all = success(await file({ action: 'view', path: REPORT }));
    expect(all.content).toMatch(
      /^\/home\/ubuntu\/uploads\/report\.pdf: PDF, 2 pages titled “Quarterly Report”, \d+ bytes\. Its text is in derived_text\.$/,
    );
    expect(all.meta).toMatchObject({
      mime: 'application/pdf',
      document: { format: 'pdf', count: 2, metadata: { title: 'Quarterly Report', author: 'Ada Lovelace' } },
    });
    expect(all.meta.derived_text).toContain('## Page 1\n\nRevenue grew');
    const second = success(await file({ action: 'view', path: REPORT, range: [2, -1] }));
    expect(second.content).toContain('Text of pages 2–2 is in derived_text.');
    expect(second.meta.derived_text).toContain('## Page 2\n\nCosts fell by 12 percent on page two.');
    expect(second.meta.derived_text).not.toContain('Revenue grew');
    const beyond = failure(await file({ action: 'view', path: REPORT, range: [3, 4] }));
    expect(beyond.message).toMatch(/the document has 2 pages/);
  });

  it('says which pages of a scanned PDF have no text layer', async () => {
    await sandbox.writeFile('/home/ubuntu/scan.pdf', await scannedPdf());
    const viewed = success(await file({ action: 'view', path: '/home/ubuntu/scan.pdf' }));
    expect(viewed.content).toContain('No page has a text layer (scanned or image-only)');
    expect(viewed.meta.document?.pages_without_text).toEqual([1]);
    const read = success(await file({ action: 'read', path: '/home/ubuntu/scan.pdf' }));
    expect(read.content).toContain('## Page 1\n\n(No text layer on this page: it is scanned or image-only');
  });

  it('answers a damaged PDF with a clear error', async () => {
    await sandbox.writeFile('/home/ubuntu/broken.pdf', new TextEncoder().encode('%PDF-1.4\ngarbage'));
    const outcome = failure(await file({ action: 'read', path: '/home/ubuntu/broken.pdf' }));
    expect(outcome.kind).toBe('execution');
    expect(outcome.message).toMatch(/broken\.pdf could not be read as a PDF: the file is not a valid PDF/);
  });

  it('reads a .docx as markdown with its table, and views it', async () => {
    await sandbox.writeFile('/home/ubuntu/plan.docx', await plannerDocx());
    const read = success(await file({ action: 'read', path: '/home/ubuntu/plan.docx' }));
    expect(read.content).toContain('# Project Plan\n\nThe plan has **two** steps.');
    expect(read.content).toMatch(/\| Design \| Ann\s*\|/);
    const viewed = success(await file({ action: 'view', path: '/home/ubuntu/plan.docx', range: [1, 1] }));
    expect(viewed.meta.derived_text).toBe('# plan.docx (Word document)');
  });

  it('views every sheet of an .xlsx, a range selecting sheets', async () => {
    await sandbox.writeFile('/home/ubuntu/book.xlsx', await twoSheetXlsx());
    const viewed = success(await file({ action: 'view', path: '/home/ubuntu/book.xlsx' }));
    expect(viewed.content).toMatch(/Excel workbook, 2 sheets/);
    expect(viewed.meta.derived_text).toContain(
      '## Sheet “Sales”\n\n4 rows (the first is the header) × 3 columns.',
    );
    const costs = success(await file({ action: 'view', path: '/home/ubuntu/book.xlsx', range: [2, 2] }));
    expect(costs.meta.derived_text).toContain('| Rent | 900 |');
    expect(costs.meta.derived_text).not.toContain('Sales');
  });

  it('reads a CSV as its lines, and views it as a table', async () => {
    await sandbox.writeFile('/home/ubuntu/scores.csv', SAMPLE_CSV);
    expect(
      success(await file({ action: 'read', path: '/home/ubuntu/scores.csv', range: [2, 2] })).content,
    ).toBe('Ada,91');
    const viewed = success(await file({ action: 'view', path: '/home/ubuntu/scores.csv' }));
    expect(viewed.meta.derived_text).toContain('| Lin, Jr. | 75 |');
  });

  it('refuses .xls with what to do instead, and sends images to view', async () => {
    await sandbox.writeFile('/home/ubuntu/old.xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]));
    const xls = failure(await file({ action: 'read', path: '/home/ubuntu/old.xls' }));
    expect(xls.kind).toBe('validation');
    expect(xls.message).toMatch(/legacy Excel \.xls files cannot be read here .*saved as \.xlsx or \.csv/);
    expect(failure(await file({ action: 'view', path: '/home/ubuntu/old.xls' })).message).toMatch(
      /\.xlsx or \.csv/,
    );
    await sandbox.writeFile('/home/ubuntu/photo.png', grayPng(8, 8));
    expect(failure(await file({ action: 'read', path: '/home/ubuntu/photo.png' })).message).toMatch(
      /is an image \(image\/png\).*Use `view` to look at it/,
    );
    // `view` gives its size and says plainly that the model does not see the picture itself.
    const viewed = await file({ action: 'view', path: '/home/ubuntu/photo.png' });
    expect(viewed.status === 'success' && viewed.content).toBe(
      `/home/ubuntu/photo.png: image/png image, 8×8 px, ${grayPng(8, 8).byteLength} bytes. ${IMAGE_NOT_SEEN}`,
    );
  });

  it('saves a long extraction whole and keeps an excerpt and its path in the observation', async () => {
    const pages = Array.from({ length: 30 }, (_, page) =>
      Array.from(
        { length: 25 },
        (_, line) => `Page ${page + 1} line ${line + 1}: the quick brown fox jumps over the lazy dog.`,
      ).join('\n'),
    );
    await sandbox.writeFile('/home/ubuntu/long.pdf', await textPdf(pages));
    const read = success(await file({ action: 'read', path: '/home/ubuntu/long.pdf' }));
    const saved = '/home/ubuntu/.extracted/long.pdf.md';
    expect(read.meta.extracted_path).toBe(saved);
    expect(read.content).toContain(`All of it was saved to ${saved}.`);
    expect(read.content).toContain('Page 1 line 1: the quick brown fox');
    expect(read.content).toContain('Page 30 line 25: the quick brown fox');
    expect(read.content).toMatch(/characters cut/);
    // Under the loop's own limit: the model reads this excerpt, not a second cut of it.
    const observation = fullObservation({
      uuid: 'u',
      status: 'success',
      content: read.content,
      meta: { tool: 'file', action_type: 'file.read', ...read.meta },
    });
    expect(observation.length).toBeLessThan(OBSERVATION_INLINE_LIMIT);
    // The saved text is all of it, persisted in the workspace, and its lines are what `range` reads.
    const persisted = new TextDecoder().decode(
      (await workspace.read('c', '.extracted/long.pdf.md'))?.content,
    );
    expect(persisted).toContain('Page 17 line 13: the quick brown fox');
    expect(persisted.split('\n').length).toBeGreaterThan(750);
    const middle = success(await file({ action: 'read', path: saved, range: [400, 401] }));
    expect(middle.content).toMatch(/Page \d+ line \d+: the quick brown fox/);
    // A range small enough comes back whole, without saving.
    const few = success(await file({ action: 'read', path: '/home/ubuntu/long.pdf', range: [10, 12] }));
    expect(few.meta.extracted_path).toBeUndefined();
    // `view` of the whole document cuts derived_text the same way.
    const viewed = success(await file({ action: 'view', path: '/home/ubuntu/long.pdf' }));
    expect(viewed.meta.extracted_path).toBe(saved);
    expect(viewed.content).toContain(`All of it was saved to ${saved}.`);
    expect(viewed.meta.derived_text?.length).toBeLessThan(8 * 1024);
  });

  it('keeps the excerpt and points to the document itself when the workspace has no room for the text', async () => {
    const lines = Array.from(
      { length: 30 },
      (_, line) => `Line ${line + 1}: some words to fill the page.`,
    ).join('\n');
    const pdf = await textPdf(Array.from({ length: 20 }, () => lines));
    sandbox = await VirtualSandbox.open({
      conversationId: 'small',
      workspace,
      limitBytes: pdf.byteLength + 2_000,
    });
    await sandbox.writeFile('/home/ubuntu/big.pdf', pdf);
    const read = success(await file({ action: 'read', path: '/home/ubuntu/big.pdf' }));
    expect(read.meta.extracted_path).toBeUndefined();
    expect(read.content).toMatch(
      /The whole text could not be saved \(.+\): read \/home\/ubuntu\/big\.pdf again with `range` for the rest\./,
    );
    expect(read.content).toMatch(/characters cut/);
  });

  it('marks a document’s text as untrusted, and the model reads it after a note saying so', async () => {
    await sandbox.writeFile(REPORT, await twoPagePdf());
    for (const action of ['read', 'view'] as const) {
      const outcome = success(await file({ action, path: REPORT }));
      expect(outcome.meta.untrusted_content).toBe('document');
      const observation = observationFor(
        {
          uuid: 'u',
          status: 'success',
          content: outcome.content,
          meta: { tool: 'file', action_type: `file.${action}`, ...outcome.meta },
        },
        null,
      );
      expect(observation.startsWith(`${DOCUMENT_CONTENT_NOTE}\n{`)).toBe(true);
    }
    await sandbox.writeFile('/home/ubuntu/notes.txt', 'plain text');
    expect(
      success(await file({ action: 'read', path: '/home/ubuntu/notes.txt' })).meta.untrusted_content,
    ).toBeUndefined();
  });

  it('normalises the path, so a long extraction is saved under /home/ubuntu/.extracted/', async () => {
    const lines = Array.from({ length: 30 }, (_, line) => `Line ${line + 1}: words to fill the page.`);
    await sandbox.writeFile(
      '/home/ubuntu/long.pdf',
      await textPdf(Array.from({ length: 20 }, () => lines.join('\n'))),
    );
    const read = success(await file({ action: 'read', path: '/home/ubuntu/../ubuntu/./long.pdf' }));
    expect(read.meta.path).toBe('/home/ubuntu/long.pdf');
    expect(read.meta.extracted_path).toBe('/home/ubuntu/.extracted/long.pdf.md');
  });

  it('reads only the pages a `view` range asks for', async () => {
    await sandbox.writeFile(REPORT, await twoPagePdf());
    const second = success(await file({ action: 'view', path: REPORT, range: [2, 2] }));
    expect(second.content).toContain('PDF, 2 pages');
    expect(second.meta.derived_text).toContain('Costs fell by 12 percent on page two.');
    expect(second.meta.document?.pages_without_text).toBeUndefined();
  });
});
