import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { acknowledge, call, messagesOf, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

/** `webdev_init_project` through the real runtime, in the default (virtual) sandbox. */

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

describe('the webdev_init_project tool', () => {
  it('scaffolds into the workspace, then refuses the same folder again, and the model reads both', async () => {
    const init = (args: Record<string, unknown>) =>
      call('webdev_init_project', { brief: 'Scaffold the app', ...args });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      init({ project_name: 'notes-app', features: 'web-db-user', project_title: 'Notes' }),
      init({ name: 'notes-app' }),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);

    const envelopes = (await harness.completions(id)).filter(
      (envelope) => envelope.meta.tool === 'webdev_init_project',
    );
    expect(envelopes.map((envelope) => envelope.status)).toEqual(['success', 'error']);
    expect(envelopes[0]?.meta).toMatchObject({
      action_type: 'webdev_init_project',
      project_name: 'notes-app',
      features: 'web-db-user',
    });
    expect(envelopes[0]?.meta.paths).toContain('/home/ubuntu/notes-app/server.js');
    expect(envelopes[1]).toMatchObject({ meta: { error: { kind: 'validation' } } });

    const saved = await new WorkspaceRepository(harness.database).read(id, 'notes-app/package.json');
    expect(JSON.parse(new TextDecoder().decode(saved?.content)).name).toBe('notes-app');

    const toolMessages = (messagesOf(harness.server.requests.at(-1)) as { role: string; content?: unknown }[])
      .filter((message) => message.role === 'tool')
      .map((message) => String(message.content));
    expect(toolMessages.some((text) => text.includes('Settings → Sandbox → Node runtime'))).toBe(true);
    expect(toolMessages.some((text) => text.includes('already exists and is not empty'))).toBe(true);
  });
});
