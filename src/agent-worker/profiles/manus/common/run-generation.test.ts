import { describe, expect, it } from 'vitest';
import { createConversationModes } from '@/agent-worker/toolkit/modes/conversation-modes.ts';
import { MediaError, type MediaPort, type MediaResult } from '@/agent-worker/toolkit/ports/media-port.ts';
import { GeneratedMediaMeta } from '@/shared/protocol/tool-meta/generated-media-meta.ts';
import { testToolContext } from '~/tests/fixtures/tool-context.ts';
import { memoryWorkspace } from '~/tests/fixtures/web/memory-workspace.ts';
import { excerpt, runGeneration } from './run-generation.ts';

const WAV = new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0]);

function context(
  ask: () => Promise<MediaResult>,
  options: { isActive?: boolean; signal?: AbortSignal } = {},
) {
  const modes = createConversationModes([]);
  if (options.isActive ?? true) modes.activate('generation');
  const media: MediaPort = {
    isConfigured: () => true,
    generateImage: ask,
    editImage: ask,
    speech: ask,
  };
  const workspace = memoryWorkspace();
  return {
    workspace,
    context: testToolContext({
      media,
      modes,
      workspace,
      ...(options.signal ? { signal: options.signal } : {}),
    }),
  };
}

const speech = (ask: () => Promise<MediaResult>) => ({
  kind: 'speech' as const,
  prompt: 'Good morning, crew',
  fileName: undefined,
  fallbackStem: 'speech',
  ask,
});

describe('runGeneration', () => {
  it('writes the files under /home/ubuntu/generated with the extension of their type', async () => {
    const ask = async () => ({
      files: [{ bytes: WAV, mime: 'audio/wav', revisedPrompt: null }],
      model: 'tts-1',
      origin: 'https://api.example.com',
    });
    const { context: tool, workspace } = context(ask);
    const outcome = await runGeneration(tool, speech(ask));
    expect(outcome.status).toBe('success');
    const meta = GeneratedMediaMeta.parse(outcome.status === 'success' ? outcome.meta : null);
    expect(meta.files).toEqual([
      { path: '/home/ubuntu/generated/good-morning-crew.wav', mime: 'audio/wav', bytes: WAV.byteLength },
    ]);
    expect(workspace.files.get('/home/ubuntu/generated/good-morning-crew.wav')).toEqual(WAV);
  });

  it.each([
    ['refused', 'rephrase it'],
    ['unreachable', 'try again later'],
    ['bad_reply', 'Check the endpoint and model'],
  ] as const)('turns a %s MediaError into a failure with advice', async (kind, advice) => {
    const ask = () => Promise.reject(new MediaError(kind, 'api.example.com said no.'));
    const outcome = await runGeneration(context(ask).context, speech(ask));
    expect(outcome).toMatchObject({ status: 'error', kind: 'execution' });
    expect(outcome.status === 'error' && outcome.message).toMatch(
      new RegExp(`^api.example.com said no. .*${advice}`),
    );
  });

  it('says which files were written when a later one cannot be (the workspace is full)', async () => {
    const ask = async () => ({
      files: [
        { bytes: WAV, mime: 'audio/wav', revisedPrompt: null },
        { bytes: WAV, mime: 'audio/wav', revisedPrompt: null },
      ],
      model: 'tts-1',
      origin: 'https://api.example.com',
    });
    const { context: tool, workspace } = context(ask);
    const save = workspace.save.bind(workspace);
    let saves = 0;
    workspace.save = async (path, content) => {
      saves += 1;
      if (saves === 2) throw new Error('The workspace is full.');
      return save(path, content);
    };
    await expect(runGeneration(tool, speech(ask))).rejects.toThrow(
      'The workspace is full. 1 of 2 files were written first: /home/ubuntu/generated/good-morning-crew.wav.',
    );
  });

  it('asks nothing while generation mode is off', async () => {
    let isAsked = false;
    const ask = async () => {
      isAsked = true;
      throw new Error('unreachable');
    };
    const outcome = await runGeneration(context(ask, { isActive: false }).context, speech(ask));
    expect(outcome).toMatchObject({ status: 'error', kind: 'rejected' });
    expect(isAsked).toBe(false);
  });

  it('lets a stop pass through (the tool runner reports it as cancelled)', async () => {
    const controller = new AbortController();
    controller.abort();
    const ask = () => Promise.reject(new MediaError('unreachable', 'Stopped by the user.'));
    await expect(
      runGeneration(context(ask, { signal: controller.signal }).context, speech(ask)),
    ).rejects.toThrow('Stopped by the user.');
  });
});

describe('excerpt', () => {
  it('keeps short text whole and cuts long text on one line', () => {
    expect(excerpt('a  fox\nin snow')).toBe('a fox in snow');
    expect(excerpt('x'.repeat(200))).toHaveLength(80);
  });
});
