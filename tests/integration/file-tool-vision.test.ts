import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { settle } from '../../src/agent-worker/engine/settlement.ts';
import { fileTool } from '../../src/agent-worker/profiles/manus/tools/file/file.ts';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import type { ToolOutcome } from '../../src/agent-worker/toolkit/define-tool.ts';
import type { VisionPort } from '../../src/agent-worker/toolkit/ports/vision-port.ts';
import { createVisionPort } from '../../src/agent-worker/toolkit/vision/vision-service.ts';
import { EnvelopeEvent } from '../../src/shared/protocol/events.ts';
import type { ObservationImage } from '../../src/shared/protocol/model-image-limits.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { grayPng, twoPagePdf } from '../fixtures/documents/document-files.ts';
import { testToolContext } from '../fixtures/tool-context.ts';

/**
 * `file.view` for a model that sees images, through the real tool, sandbox and vision
 * port: what Node can do (an image small enough to go as it is), and what it cannot (no
 * OffscreenCanvas to scale an image or draw a PDF page: said in the observation). The
 * drawing itself is checked in Chromium (tests/e2e/vision.test.ts).
 */

let sandbox: VirtualSandbox;
beforeEach(async () => {
  const database = new SandpiperDatabase(`vision-${randomUUID()}`, { indexedDB, IDBKeyRange });
  sandbox = await VirtualSandbox.open({
    conversationId: 'c',
    workspace: new WorkspaceRepository(database),
    limitBytes: 50_000_000,
  });
});

async function view(path: string, vision: VisionPort, range?: number[]): Promise<ToolOutcome> {
  const prepared = fileTool.prepare(JSON.stringify({ action: 'view', path, ...(range ? { range } : {}) }));
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.execute!(testToolContext({ sandbox: async () => sandbox, vision }));
}

function success(outcome: ToolOutcome) {
  if (outcome.status !== 'success') throw new Error(`Expected success, got: ${outcome.message}`);
  return outcome;
}

describe('file.view for a model that sees images', () => {
  it('shows a small PNG as it is, after the observation, and the completion event keeps it', async () => {
    const png = grayPng(40, 30);
    await sandbox.writeFile('/home/ubuntu/uploads/chart.png', png);
    const outcome = success(await view('/home/ubuntu/uploads/chart.png', createVisionPort(true)));
    expect(outcome.content).toBe(
      `/home/ubuntu/uploads/chart.png: image/png image, 40×30 px, ${png.byteLength} bytes. The image follows this observation.`,
    );
    expect(outcome.images).toEqual([
      {
        label: '/home/ubuntu/uploads/chart.png',
        mime: 'image/png',
        width: 40,
        height: 30,
        data: Buffer.from(png).toString('base64'),
      },
    ]);
    const running = EnvelopeEvent.parse({
      type: 'envelope',
      envelope: {
        uuid: 'u',
        status: 'running',
        content: '',
        meta: { action_type: 'file.view', tool: 'file' },
      },
      toolCallId: 'call_1',
      arguments: { action: 'view' },
    });
    const [completion] = settle(running, outcome, null, 0).bodies;
    expect(EnvelopeEvent.parse(completion).images).toEqual(outcome.images);
    // The images sit beside the envelope, never in the meta the model reads as JSON.
    expect(JSON.stringify(EnvelopeEvent.parse(completion).envelope)).not.toContain(outcome.images![0]!.data);
  });

  it('says why an image that needs scaling cannot be shown where nothing can draw it', async () => {
    await sandbox.writeFile('/home/ubuntu/big.png', grayPng(2000, 10));
    const outcome = success(await view('/home/ubuntu/big.png', createVisionPort(true)));
    expect(outcome.images).toBeUndefined();
    expect(outcome.content).toMatch(/could not be shown to you: .*no OffscreenCanvas/);
  });

  it('draws the PDF pages a view selects, at most four, and says which follow', async () => {
    const drawn: number[][] = [];
    const vision: VisionPort = {
      ...createVisionPort(true),
      pdfPagesForModel: async (_bytes, pages, label) => {
        drawn.push([...pages]);
        return pages.map(
          (page): ObservationImage => ({
            label: `${label}, page ${page}`,
            mime: 'image/jpeg',
            width: 1210,
            height: 1568,
            data: 'AAAA',
          }),
        );
      },
    };
    await sandbox.writeFile('/home/ubuntu/report.pdf', await twoPagePdf());
    const page2 = success(await view('/home/ubuntu/report.pdf', vision, [2, 2]));
    expect(drawn).toEqual([[2]]);
    expect(page2.content).toContain('Page 2 follows this observation as images.');
    expect(page2.images?.map((image) => image.label)).toEqual(['/home/ubuntu/report.pdf, page 2']);
    const all = success(await view('/home/ubuntu/report.pdf', vision));
    expect(drawn[1]).toEqual([1, 2]);
    expect(all.content).toContain('Pages 1, 2 follow this observation as images.');
  });

  it('says in the observation when PDF pages cannot be drawn here, and keeps the text', async () => {
    await sandbox.writeFile('/home/ubuntu/report.pdf', await twoPagePdf());
    const outcome = success(await view('/home/ubuntu/report.pdf', createVisionPort(true), [2, 2]));
    expect(outcome.images).toBeUndefined();
    expect(outcome.content).toMatch(/The pages could not be shown to you as images: .*no OffscreenCanvas/);
    expect(String((outcome.meta as { derived_text?: string }).derived_text)).toContain('Page 2');
  });

  it('shows nothing and says so when the model does not see images', async () => {
    await sandbox.writeFile('/home/ubuntu/report.pdf', await twoPagePdf());
    const outcome = success(await view('/home/ubuntu/report.pdf', createVisionPort(false)));
    expect(outcome.images).toBeUndefined();
    expect(outcome.content).not.toMatch(/images/);
  });
});
