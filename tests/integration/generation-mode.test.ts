import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_SETTINGS } from '../../src/shared/protocol/media/media-settings.ts';
import { GeneratedMediaMeta } from '../../src/shared/protocol/tool-meta/generated-media-meta.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { browserFetch } from '../fixtures/media/browser-fetch.ts';
import {
  FIXTURE_MEDIA_KEY,
  type MediaFixtures,
  startMediaFixtures,
} from '../fixtures/media/media-fixture-server.ts';
import { acknowledge, call, messagesOf, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

/**
 * Generation mode through the real runtime: a scripted model that calls `generate_image`
 * before `generate` reads "call generate first", enters the mode, and then succeeds; the
 * mode is read back from the log by the conversation's next run; no key reaches the log.
 */

let fixtures: MediaFixtures;
let harness: Harness;
beforeAll(async () => {
  fixtures = await startMediaFixtures();
});
afterAll(async () => {
  await fixtures.close();
});
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

const FOX = { prompt: 'A red fox in the snow', size: '48x48' };

/** The tool messages the model read in request `index`. */
function toolMessages(index: number): string[] {
  return (messagesOf(harness.server.requests[index]) as { role: string; content?: unknown }[])
    .filter((message) => message.role === 'tool' && typeof message.content === 'string')
    .map((message) => message.content as string);
}

describe('generation mode in a run', () => {
  it('refuses a generation action until generate is called, then makes the image', async () => {
    harness = await createHarness(
      {
        media: {
          ...DEFAULT_MEDIA_SETTINGS,
          image: {
            api: 'openai',
            baseUrl: `${fixtures.url}/v1`,
            model: 'gpt-image-1',
            size: null,
            voice: null,
          },
        },
        toolKeys: { media_image: FIXTURE_MEDIA_KEY },
      },
      {},
      { fetch: browserFetch() },
    );
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('generate_image', FOX),
      call('generate', { brief: 'Enter generation mode' }),
      call('generate_image', FOX),
      call('message', {
        type: 'result',
        text: 'Here is the fox.',
        attachments: ['/home/ubuntu/generated/a-red-fox-in-the-snow.png'],
      }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);

    const completions = await harness.completions(id);
    const [refused, made] = completions.filter((envelope) => envelope.meta.tool === 'generate_image');
    expect(refused).toMatchObject({ status: 'error', meta: { error: { kind: 'rejected' } } });
    expect(toolMessages(3).at(-1)).toContain('call `generate` first');
    expect(completions.find((envelope) => envelope.meta.tool === 'generate')?.meta).toMatchObject({
      mode: 'generation',
      active: true,
    });
    expect(made?.status).toBe('success');
    const meta = GeneratedMediaMeta.parse(made?.meta);
    expect(meta.files[0]).toMatchObject({
      path: '/home/ubuntu/generated/a-red-fox-in-the-snow.png',
      width: 48,
      height: 48,
    });
    const events = await harness.events(id);
    const madeEvent = events.find(
      ({ body }) =>
        body.type === 'envelope' && body.envelope.uuid === made?.uuid && body.envelope.status === 'success',
    );
    expect(madeEvent?.body).toMatchObject({ metaKind: 'generated_media' });
    const saved = await new WorkspaceRepository(harness.database).read(
      id,
      'generated/a-red-fox-in-the-snow.png',
    );
    expect(saved?.size).toBe(meta.files[0]?.bytes);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');

    // The next run of the conversation reads the mode from its log.
    harness.server.push(
      acknowledge('Another one.'),
      planNotes(),
      call('generate_image', { ...FOX, prompt: 'A blue fox' }),
      call('message', { type: 'result', text: 'Done.' }),
    );
    await harness.runtime.sendMessage(id, 'One more, in blue');
    await harness.runtime.idle(id);
    const later = (await harness.completions(id)).filter(
      (envelope) => envelope.meta.tool === 'generate_image',
    );
    expect(later.at(-1)).toMatchObject({ status: 'success', meta: { prompt: 'A blue fox' } });

    expect(JSON.stringify(await harness.events(id))).not.toContain(FIXTURE_MEDIA_KEY);
    expect(JSON.stringify(harness.published)).not.toContain(FIXTURE_MEDIA_KEY);
    expect(JSON.stringify(harness.server.requests)).not.toContain(FIXTURE_MEDIA_KEY);
  });
});
