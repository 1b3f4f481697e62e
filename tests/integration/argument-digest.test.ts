import { afterEach, describe, expect, it } from 'vitest';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { acknowledge, call, messagesOf, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

let harness: Harness;
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

const TEXT = Array.from({ length: 400 }, (_, line) => `Section ${line + 1}: MIDDLE words of the guide`).join(
  '\n',
);

/** The arguments of the model's call in the assistant turn of request `index` that holds call `path`. */
function writeArguments(index: number, path: string): Record<string, unknown> {
  const found = messagesOf(harness.server.requests[index]).flatMap((message) => {
    const calls = (message as { tool_calls?: { function: { arguments: string } }[] }).tool_calls ?? [];
    return calls.map((call) => JSON.parse(call.function.arguments) as Record<string, unknown>);
  });
  return found.find((args) => args.path === path)!;
}

describe('a written file’s text in the context', () => {
  it('reaches the model only in its own response: from the next request on, the turn holds its digest', async () => {
    harness = await createHarness();
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('file', { action: 'write', path: '/home/ubuntu/docs/guide.md', text: TEXT }),
      call('file', { action: 'write', path: '/home/ubuntu/docs', text: TEXT }),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const requests = harness.server.requests.map((request) => JSON.stringify(messagesOf(request)));
    expect(requests).toHaveLength(5);
    // The request after the write shows the digest, and every later one the same bytes.
    const digest = writeArguments(3, '/home/ubuntu/docs/guide.md').text;
    expect(digest).toMatch(
      /^\[\d+,\d{3} bytes, 400 lines written to \/home\/ubuntu\/docs\/guide\.md; first line: "Section 1: .*"; last line: "Section 400: .*"; the file holds the rest: read it to see it\]$/,
    );
    expect(writeArguments(4, '/home/ubuntu/docs/guide.md').text).toBe(digest);
    expect(requests[3]).not.toContain('Section 200:');
    // The failed write (a directory) stays whole so the model can resend it elsewhere.
    expect(writeArguments(4, '/home/ubuntu/docs').text).toBe(TEXT);
    // Restorable: the file holds the text.
    const saved = await new WorkspaceRepository(harness.database).read(id, 'docs/guide.md');
    expect(new TextDecoder().decode(saved!.content)).toBe(TEXT);
  });
});
