import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { editImageTool } from '../../src/agent-worker/profiles/manus/tools/edit-image/edit-image.ts';
import { generateTool } from '../../src/agent-worker/profiles/manus/tools/generate/generate.ts';
import { generateImageTool } from '../../src/agent-worker/profiles/manus/tools/generate-image/generate-image.ts';
import { generateSpeechTool } from '../../src/agent-worker/profiles/manus/tools/generate-speech/generate-speech.ts';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import type { Tool, ToolOutcome } from '../../src/agent-worker/toolkit/define-tool.ts';
import { createMediaService } from '../../src/agent-worker/toolkit/media/media-service.ts';
import { createConversationModes } from '../../src/agent-worker/toolkit/modes/conversation-modes.ts';
import type { ModesPort } from '../../src/agent-worker/toolkit/ports/modes-port.ts';
import { SecretVault } from '../../src/agent-worker/toolkit/ports/secret-vault.ts';
import {
  DEFAULT_MEDIA_SETTINGS,
  type MediaSettings,
} from '../../src/shared/protocol/media/media-settings.ts';
import { GeneratedMediaMeta } from '../../src/shared/protocol/tool-meta/generated-media-meta.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { browserFetch } from '../fixtures/media/browser-fetch.ts';
import { promptPng } from '../fixtures/media/media-bytes.ts';
import {
  FIXTURE_MEDIA_KEY,
  type MediaFixtures,
  startMediaFixtures,
} from '../fixtures/media/media-fixture-server.ts';
import { testToolContext } from '../fixtures/tool-context.ts';

/**
 * The generation tools over a virtual sandbox and the fixture media APIs: the mode gate,
 * the setting named when a kind has none, files written under /home/ubuntu/generated
 * without overwriting, and meta that parses with the protocol schema.
 */

let fixtures: MediaFixtures;
beforeAll(async () => {
  fixtures = await startMediaFixtures();
});
afterAll(async () => {
  await fixtures.close();
});
afterEach(() => {
  fixtures.requests.length = 0;
  fixtures.failWith(null);
});

type Setup = {
  sandbox: VirtualSandbox;
  modes: ModesPort;
  media: Partial<MediaSettings>;
  keys: Record<string, string>;
};

const KEYS = {
  media_image: FIXTURE_MEDIA_KEY,
  media_image_edit: FIXTURE_MEDIA_KEY,
  media_speech: FIXTURE_MEDIA_KEY,
};

function openai(model: string, voice: string | null = null) {
  return { api: 'openai' as const, baseUrl: `${fixtures.url}/v1`, model, size: null, voice };
}

async function setup(
  media: Partial<MediaSettings>,
  options: { isActive?: boolean; keys?: Record<string, string> } = {},
): Promise<Setup> {
  const database = new SandpiperDatabase(`generate-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const sandbox = await VirtualSandbox.open({
    conversationId: 'c',
    workspace: new WorkspaceRepository(database),
    limitBytes: 20_000_000,
  });
  const modes = createConversationModes([]);
  if (options.isActive ?? true) modes.activate('generation');
  return { sandbox, modes, media, keys: options.keys ?? KEYS };
}

async function run(tool: Tool, args: Record<string, unknown>, at: Setup): Promise<ToolOutcome> {
  const prepared = tool.prepare(JSON.stringify(args));
  if (!prepared.ok) throw new Error(prepared.message);
  const outcome = await prepared.execute!(
    testToolContext({
      sandbox: async () => at.sandbox,
      modes: at.modes,
      media: createMediaService({
        media: { ...DEFAULT_MEDIA_SETTINGS, ...at.media },
        secrets: new SecretVault(at.keys),
        fetch: browserFetch(),
      }),
    }),
  );
  expect(JSON.stringify(outcome)).not.toContain(FIXTURE_MEDIA_KEY);
  return outcome;
}

function success(outcome: ToolOutcome) {
  if (outcome.status !== 'success') throw new Error(`Expected success, got: ${outcome.message}`);
  return { content: outcome.content, meta: GeneratedMediaMeta.parse(outcome.meta) };
}

function failure(outcome: ToolOutcome) {
  if (outcome.status !== 'error') throw new Error('Expected a failure');
  return outcome;
}

describe('generate', () => {
  it('turns generation mode on and says which actions are set up', async () => {
    const at = await setup({ image: openai('dall-e-2') }, { isActive: false });
    const outcome = await run(generateTool, { brief: 'Make a logo' }, at);
    expect(outcome).toMatchObject({ status: 'success', meta: { mode: 'generation', active: true } });
    expect(at.modes.isActive('generation')).toBe(true);
    const { content } = outcome as { content: string };
    expect(content).toContain('Generation mode is now on');
    expect(content).toContain('`generate_image`: images from a text prompt (ready)');
    expect(content).toContain(
      '`edit_image`: edited images from a workspace image and a prompt (not set up: the user must fill in Settings → Media → Image edit)',
    );
    expect(content).toContain('`generate_speech`');
    expect(await run(generateTool, {}, at)).toMatchObject({
      status: 'success',
      content: expect.stringContaining('Generation mode is already on'),
    });
  });
});

describe('the generation actions', () => {
  it('refuse until generate is called, without asking the endpoint', async () => {
    const at = await setup(
      { image: openai('dall-e-2'), speech: openai('tts-1', 'alloy') },
      { isActive: false },
    );
    for (const [tool, args] of [
      [generateImageTool, { prompt: 'a fox' }],
      [editImageTool, { image_path: '/home/ubuntu/a.png', prompt: 'x' }],
      [generateSpeechTool, { text: 'hi' }],
    ] as const) {
      const outcome = failure(await run(tool, args, at));
      expect(outcome.kind).toBe('rejected');
      expect(outcome.message).toContain('call `generate` first');
    }
    expect(fixtures.requests).toHaveLength(0);
  });

  it('name the setting to fill when their kind has no endpoint', async () => {
    const at = await setup({});
    const outcome = failure(await run(generateImageTool, { prompt: 'a fox' }, at));
    expect(outcome.kind).toBe('execution');
    expect(outcome.message).toContain('Settings → Media → Image from text');
    expect(outcome.message).toContain('base URL');
    expect(failure(await run(generateSpeechTool, { text: 'hi' }, at)).message).toContain(
      'Settings → Media → Speech from text',
    );
  });

  it('generate_image writes the images, never over existing files, with meta the UI reads', async () => {
    const at = await setup({ image: openai('dall-e-3') });
    const first = success(
      await run(generateImageTool, { prompt: 'A red lighthouse at dusk', size: '64x32' }, at),
    );
    expect(first.meta).toMatchObject({
      mode: 'generation',
      kind: 'image',
      prompt: 'A red lighthouse at dusk',
      model: 'dall-e-3',
      origin: fixtures.url,
      files: [
        {
          path: '/home/ubuntu/generated/a-red-lighthouse-at-dusk.png',
          mime: 'image/png',
          width: 64,
          height: 32,
          revised_prompt: 'A detailed rendering of A red lighthouse at dusk',
        },
      ],
    });
    const saved = await at.sandbox.readFile('/home/ubuntu/generated/a-red-lighthouse-at-dusk.png');
    expect(saved.byteLength).toBe(first.meta.files[0]?.bytes);
    expect(first.content).toContain('/home/ubuntu/generated/a-red-lighthouse-at-dusk.png (64×32 image/png');
    expect(first.content).toContain('Revised prompt for /home/ubuntu/generated/a-red-lighthouse-at-dusk.png');

    const at2 = { ...at, media: { image: openai('dall-e-2') } };
    const batch = success(
      await run(
        generateImageTool,
        { prompt: 'anything', count: 3, file_name: 'a-red-lighthouse-at-dusk.png' },
        at2,
      ),
    );
    expect(batch.meta.files.map((file) => file.path)).toEqual([
      '/home/ubuntu/generated/a-red-lighthouse-at-dusk-2.png',
      '/home/ubuntu/generated/a-red-lighthouse-at-dusk-3.png',
      '/home/ubuntu/generated/a-red-lighthouse-at-dusk-4.png',
    ]);
    expect(await at.sandbox.readFile('/home/ubuntu/generated/a-red-lighthouse-at-dusk.png')).toEqual(saved);
  });

  it('edit_image sends the workspace image and writes the edit beside its name', async () => {
    const at = await setup({ image_edit: openai('dall-e-2') });
    const source = promptPng('green', 32, 32);
    await at.sandbox.writeFile('/home/ubuntu/art/leaf.png', source);
    const outcome = success(
      await run(editImageTool, { image_path: 'art/leaf.png', prompt: 'autumn colours', size: '32x32' }, at),
    );
    expect(outcome.meta).toMatchObject({
      kind: 'image_edit',
      source_path: '/home/ubuntu/art/leaf.png',
      files: [{ path: '/home/ubuntu/generated/leaf-edited.png', width: 32, height: 32 }],
    });
    expect(outcome.content).toContain('from /home/ubuntu/art/leaf.png');
    const [request] = fixtures.requests.filter((candidate) => candidate.method === 'POST');
    expect(request?.form?.files.image).toMatchObject({
      filename: 'leaf.png',
      type: 'image/png',
      bytes: source,
    });
  });

  it('edit_image refuses a path outside /home/ubuntu, a missing file and a file that is not an image', async () => {
    const at = await setup({ image_edit: openai('dall-e-2') });
    await at.sandbox.writeFile('/home/ubuntu/notes.png', 'not really an image');
    const outside = failure(await run(editImageTool, { image_path: '/etc/hosts', prompt: 'x' }, at));
    expect(outside).toMatchObject({ kind: 'validation' });
    expect(outside.message).toContain('outside the workspace: only images under /home/ubuntu');
    const missing = failure(
      await run(editImageTool, { image_path: '/home/ubuntu/none.png', prompt: 'x' }, at),
    );
    expect(missing.message).toContain('There is no file at /home/ubuntu/none.png');
    const text = failure(await run(editImageTool, { image_path: '/home/ubuntu/notes.png', prompt: 'x' }, at));
    expect(text.message).toContain('/home/ubuntu/notes.png is not an image');
    expect(fixtures.requests).toHaveLength(0);
  });

  it('generate_speech writes the audio with the extension of the type the server sent', async () => {
    const at = await setup({ speech: openai('tts-1', 'alloy') });
    const outcome = success(
      await run(generateSpeechTool, { text: 'Welcome aboard!', format: 'wav', speed: 1.5 }, at),
    );
    expect(outcome.meta).toMatchObject({
      kind: 'speech',
      prompt: 'Welcome aboard!',
      files: [{ path: '/home/ubuntu/generated/welcome-aboard.wav', mime: 'audio/wav' }],
    });
    expect(outcome.meta.files[0]?.width).toBeUndefined();
    const bytes = await at.sandbox.readFile('/home/ubuntu/generated/welcome-aboard.wav');
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('RIFF');
    expect(fixtures.requests.find((request) => request.method === 'POST')?.json).toMatchObject({
      response_format: 'wav',
      speed: 1.5,
      voice: 'alloy',
    });
  });

  it('tell the model what the endpoint said on 401, 400 and 500, and write nothing', async () => {
    const badKey = await setup(
      { image: openai('dall-e-2') },
      { keys: { media_image: 'sk-not-the-right-one-123456' } },
    );
    const refused = failure(await run(generateImageTool, { prompt: 'a fox' }, badKey));
    expect(refused.kind).toBe('execution');
    expect(refused.message).toContain('HTTP 401');
    expect(refused.message).toContain('check the setting');
    expect(refused.message).not.toContain('sk-not-the-right-one-123456');

    const at = await setup({ image: openai('dall-e-2') });
    const policy = failure(await run(generateImageTool, { prompt: 'a forbidden thing' }, at));
    expect(policy.message).toContain('safety system');
    expect(policy.message).toContain('rephrase it');

    fixtures.failWith(500);
    const down = failure(await run(generateImageTool, { prompt: 'a fox' }, at));
    expect(down.message).toContain('HTTP 500');
    expect(down.message).toContain('try again later');
    expect(await at.sandbox.stat('/home/ubuntu/generated')).toBeNull();
  });
});
