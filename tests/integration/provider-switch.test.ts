import { afterEach, describe, expect, it } from 'vitest';
import { SettingsRepository } from '../../src/shared/storage/settings-repository.ts';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { type ScriptedServer, startScriptedServer } from '../fixtures/scripted-llm-server.ts';
import { assertWellFormedRequests, createHarness, type Harness, SCRIPTED_PROVIDER_ID } from './harness.ts';

let harness: Harness;
let other: ScriptedServer;
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
  await other.close();
});

describe('saved providers', () => {
  it('a conversation keeps the provider it started with, and switching sends its next run to the other', async () => {
    harness = await createHarness();
    other = await startScriptedServer();
    const settings = new SettingsRepository(harness.database);
    const saved = await settings.getAgentSettings();
    const second = {
      ...saved.providers[0]!,
      id: 'second',
      name: 'Second',
      baseUrl: other.url,
      model: 'other-model',
    };
    await settings.putAgentSettings({ ...saved, providers: [...saved.providers, second] });

    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('message', { type: 'result', text: 'First.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    expect((await harness.runtime.readConversation(id))?.conversation.providerId).toBe(SCRIPTED_PROVIDER_ID);

    // Making another provider active does not move a conversation that has its own.
    await settings.putAgentSettings({ ...(await settings.getAgentSettings()), activeProviderId: 'second' });
    // Each new message starts a task: acknowledged, planned, then the result.
    harness.server.push(
      acknowledge('Still the first provider.'),
      planNotes(),
      call('message', { type: 'result', text: 'Done.' }),
    );
    await harness.runtime.sendMessage(id, 'One more thing');
    await harness.runtime.idle(id);
    expect(harness.server.requests).toHaveLength(6);
    expect(other.requests).toHaveLength(0);

    await harness.runtime.setConversationProvider(id, 'second');
    other.setScript([
      acknowledge(),
      planNotes(),
      call('message', { type: 'result', text: 'Now from the second.' }),
    ]);
    await harness.runtime.sendMessage(id, 'And another');
    await harness.runtime.idle(id);
    expect(other.requests).toHaveLength(3);
    expect(harness.server.requests).toHaveLength(6);
    expect(other.requests[0]?.body).toMatchObject({ model: 'other-model' });
    // The whole conversation so far goes to the new provider.
    expect(JSON.stringify(other.requests[0]?.body)).toContain('Still the first provider.');
    expect((await harness.runtime.readConversation(id))?.conversation).toMatchObject({
      providerId: 'second',
      status: 'done',
    });
  });

  it('refuses a provider that is not saved', async () => {
    harness = await createHarness();
    other = await startScriptedServer();
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    await expect(harness.runtime.setConversationProvider(id, 'nope')).rejects.toThrow(/no longer saved/);
  });
});
