import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONVERSATION_ROOM_TOKENS,
  fixedPromptTokens,
  withToolDescriptions,
} from '../../src/agent-worker/engine/tool-descriptions.ts';
import { manusProfile } from '../../src/agent-worker/profiles/manus/manus-profile.ts';
import { muxdProfile } from '../../src/agent-worker/profiles/muxd/muxd-profile.ts';
import { openManusProfile } from '../../src/agent-worker/profiles/openmanus/openmanus-profile.ts';
import {
  LLM_NEEDS,
  type LlamaServer,
  startLlama,
  syntheticModel,
} from '../integration/llama-server-process.ts';
import { skipEachWithoutShared } from '../shared-folder.ts';
import { recordFigures } from './record-figures.ts';

/**
 * What each profile's tool list and system prompt cost a small window: counted by
 * upstream llama.cpp's `/tokenize` with the real Qwen2 tokenizer (../shared/llm; skipped
 * where it is absent). The tool list as sent, in full and in the compact descriptions a
 * conversation started under a 16k window gets; and the app's own estimate (4 characters a
 * token) of the system prompt with the compact list, which decides what fits a window.
 * Records the figures (`tool-list-tokens`).
 */
describe('the tool lists, counted by a real tokenizer', () => {
  const hasLlm = skipEachWithoutShared(...LLM_NEEDS);
  let server: LlamaServer | null = null;
  beforeAll(async () => {
    if (!hasLlm) return;
    server = await startLlama(await syntheticModel(), ['-c', '4096']);
  }, 120_000);
  afterAll(() => {
    server?.process.kill();
  });

  const tokens = async (text: string) => {
    const response = await fetch(`${server?.url}/tokenize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: text }),
    });
    return ((await response.json()) as { tokens: unknown[] }).tokens.length;
  };

  it('counts each profile’s tool list in full and compact, and its system prompt', async () => {
    const profiles = [manusProfile, openManusProfile, muxdProfile];
    const figures = [];
    for (const profile of profiles) {
      const full = await tokens(JSON.stringify(profile.specs));
      const compact = await tokens(JSON.stringify(withToolDescriptions(profile, 'compact').specs));
      const system = await tokens(profile.systemPrompt);
      console.log(
        `${profile.id}: tool list ${full} tokens in full, ${compact} compact; system prompt ${system}`,
      );
      figures.push(
        {
          name: `${profile.id}: the tool list in full (${profile.specs.length} tools)`,
          value: full,
          unit: 'tokens',
        },
        { name: `${profile.id}: the tool list, compact descriptions`, value: compact, unit: 'tokens' },
        { name: `${profile.id}: the system prompt`, value: system, unit: 'tokens' },
        {
          name: `${profile.id}: the app's estimate of the system prompt and compact list`,
          value: fixedPromptTokens(withToolDescriptions(profile, 'compact')),
          unit: 'tokens',
          note: `a 4,096-token window leaves them ${(4096 - CONVERSATION_ROOM_TOKENS).toLocaleString('en-US')}`,
        },
      );
      expect(compact).toBeLessThanOrEqual(full);
    }
    recordFigures('tool-list-tokens', {
      title: 'Tool lists and system prompts in tokens (the real Qwen2 tokenizer of llama-server)',
      bench: import.meta.url,
      paths: [
        'src/agent-worker/profiles/',
        'src/agent-worker/toolkit/',
        'src/agent-worker/engine/tool-descriptions.ts',
      ],
      figures,
    });
  }, 120_000);
});
