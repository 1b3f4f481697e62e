import {
  type ChatCompletionRequestStreaming,
  ModelType,
  postInitAndCheckFieldsChatCompletion,
} from '@mlc-ai/web-llm';
import { expect, it } from 'vitest';
import { manusProfile } from '@/agent-worker/profiles/manus/manus-profile.ts';

const TOOL_SPECS = manusProfile.specs;

import { hermesSystemPrompt } from './hermes-prompt.ts';

it('is the system message web-llm itself writes for a Hermes model offered the same tools', () => {
  const request: ChatCompletionRequestStreaming = {
    messages: [{ role: 'user', content: 'Hi' }],
    tools: TOOL_SPECS.map((tool) => ({ ...tool })),
    stream: true,
  };
  postInitAndCheckFieldsChatCompletion(request, 'Hermes-3-Llama-3.1-8B-q4f16_1-MLC', ModelType.LLM);
  expect(request.messages[0]).toEqual({ role: 'system', content: hermesSystemPrompt(TOOL_SPECS) });
});
