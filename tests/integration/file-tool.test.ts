import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

const file = (args: Record<string, unknown>) => call('file', args);
const finish = () => call('message', { type: 'result', text: 'Done.' });
const PATH = '/home/ubuntu/app/server.js';

async function run(...steps: ReturnType<typeof call>[]) {
  harness.server.setScript([acknowledge(), planNotes(), ...steps, finish()]);
  const id = await harness.runtime.startConversation(NOTES_TASK);
  await harness.runtime.idle(id);
  const files = (await harness.completions(id)).filter((envelope) => envelope.meta.tool === 'file');
  const read = async (path: string) => {
    const saved = await new WorkspaceRepository(harness.database).read(id, path);
    return saved ? new TextDecoder().decode(saved.content) : null;
  };
  return { files, read };
}

describe('the file tool', () => {
  it('says a file written outside /home/ubuntu is scratch, not kept after a reload', async () => {
    const { files, read } = await run(
      file({ action: 'write', path: '/tmp/scratch.txt', text: 'draft' }),
      file({ action: 'write', path: '/home/ubuntu/kept.txt', text: 'kept' }),
    );
    expect(files.map((envelope) => envelope.content)).toEqual([
      'Wrote 5 bytes to /tmp/scratch.txt. Note: only files under /home/ubuntu are kept; this one is scratch, gone after a reload.',
      'Wrote 4 bytes to /home/ubuntu/kept.txt.',
    ]);
    expect(await read('kept.txt')).toBe('kept');
  });

  it('writes (creating parents), appends, reads ranges and edits in sequence', async () => {
    const { files, read } = await run(
      file({ action: 'write', path: PATH, text: 'const PORT = 3000;\nlisten("localhost", PORT);\n' }),
      file({ action: 'append', path: PATH, text: '// localhost only\n' }),
      file({ action: 'read', path: PATH, range: [2, -1] }),
      file({
        action: 'edit',
        path: PATH,
        edits: [
          { find: 'const PORT = 3000', replace: 'const PORT = 8080', all: false },
          { find: 'localhost', replace: '0.0.0.0', all: true },
        ],
      }),
    );
    expect(files.map((envelope) => `${envelope.meta.action_type}:${envelope.status}`)).toEqual([
      'file.write:success',
      'file.append:success',
      'file.read:success',
      'file.edit:success',
    ]);
    expect(files[0]?.meta).toMatchObject({ path: PATH, mime: 'text/javascript' });
    expect(files[2]?.content).toBe('listen("localhost", PORT);\n// localhost only\n');
    expect(files[3]?.meta.edit_summary).toEqual([
      { find: 'const PORT = 3000', count: 1 },
      { find: 'localhost', count: 2 },
    ]);
    expect(await read('app/server.js')).toBe(
      'const PORT = 8080;\nlisten("0.0.0.0", PORT);\n// 0.0.0.0 only\n',
    );
  });

  it('fails a whole edit when one find matches nothing, leaving the file untouched', async () => {
    const { files, read } = await run(
      file({ action: 'write', path: PATH, text: 'a = 1\n' }),
      file({
        action: 'edit',
        path: PATH,
        edits: [
          { find: 'a = 1', replace: 'a = 2' },
          { find: 'b = 1', replace: 'b = 2' },
        ],
      }),
    );
    expect(files[1]).toMatchObject({ status: 'error', meta: { error: { kind: 'validation' } } });
    expect(files[1]?.content).toMatch(/Edit 2: `find` text was not found/);
    expect(await read('app/server.js')).toBe('a = 1\n');
  });

  it('refuses to read binary files and describes images with their dimensions', async () => {
    // A 320×180 PNG header, decoded to raw bytes in the sandbox.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAUAAAAC0CAIAAAA=';
    ('\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR\\x00\\x00\\x01\\x40\\x00\\x00\\x00\\xb4\\x08\\x02\\x00\\x00\\x00');
    const { files } = await run(
      call('shell', {
        action: 'exec',
        session: 'main',
        command: `echo ${png} | base64 -d > /home/ubuntu/pic.png`,
      }),
      file({ action: 'read', path: '/home/ubuntu/pic.png' }),
      file({ action: 'view', path: '/home/ubuntu/pic.png' }),
      file({ action: 'read', path: '/home/ubuntu/missing.txt' }),
    );
    expect(files[0]?.status).toBe('error');
    expect(files[0]?.content).toMatch(/binary file/);
    expect(files[1]).toMatchObject({
      status: 'success',
      meta: { mime: 'image/png', width: 320, height: 180 },
    });
    expect(files[2]).toMatchObject({ status: 'error', meta: { error: { kind: 'execution' } } });
    expect(files[2]?.content).toMatch(/does not exist/);
  });
});
