import { describe, expect, it } from 'vitest';
import { guessVisionFromName, visionOf } from './model-vision.ts';

/** Names as providers list them (OpenAI, Anthropic, OpenRouter, Ollama, Hugging Face, Groq, Mistral). */
const SEES_IMAGES = [
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4.1-mini',
  'gpt-5',
  'o3',
  'o4-mini',
  'claude-3-5-sonnet-20241022',
  'anthropic/claude-sonnet-4',
  'google/gemini-2.5-flash',
  'gemma3:12b',
  'llava:13b',
  'qwen2.5-vl-7b-instruct',
  'Qwen/Qwen2.5-VL-7B-Instruct',
  'meta-llama/Llama-4-Scout-17B-16E-Instruct',
  'pixtral-12b',
  'llama3.2-vision',
  'minicpm-v',
  'mistral-small-2503',
  'mistral-small3.1:24b',
  'qwen2.5-omni-7b',
  'HuggingFaceTB/SmolVLM-Instruct',
];

const TEXT_ONLY = [
  'gpt-3.5-turbo',
  'o3-mini',
  'o1-mini',
  'o1-preview',
  'deepseek-chat',
  'llama-3.3-70b-versatile',
  'qwen2.5:7b',
  'qwen2.5-7b-instruct',
  'mistral-small-2409',
  'mistral-small-2501',
  'default',
  'gpt-oss-20b',
  'text-embedding-3-small',
  'gemma3:1b',
  'gemma3n:e4b',
  'gpt-4o-audio-preview',
  'gpt-4o-mini-transcribe',
  'omnivore-7b',
  '',
];

describe('guessVisionFromName', () => {
  it.each(SEES_IMAGES)('guesses that %s sees images', (model) => {
    expect(guessVisionFromName(model)).toBe(true);
  });

  it.each(TEXT_ONLY)('guesses that “%s” takes text only', (model) => {
    expect(guessVisionFromName(model)).toBe(false);
  });

  it('ignores case and surrounding spaces', () => {
    expect(guessVisionFromName('  GPT-4o  ')).toBe(true);
  });
});

describe('visionOf', () => {
  const remote = { kind: 'openai-compatible' as const, model: 'gpt-4o' };
  const saysNo = { vision: false };
  const saysYes = { vision: true };

  it('never shows the in-tab engine images, whatever the setting says', () => {
    expect(visionOf({ kind: 'webllm', model: 'gpt-4o', vision: true }, saysYes)).toEqual({
      seesImages: false,
      source: 'engine',
    });
  });

  it('lets the person’s setting win over the server', () => {
    expect(visionOf({ ...remote, vision: true }, saysNo)).toEqual({ seesImages: true, source: 'setting' });
    expect(visionOf({ ...remote, vision: false }, saysYes)).toEqual({ seesImages: false, source: 'setting' });
  });

  it('takes the server’s word over the model name', () => {
    expect(visionOf(remote, saysNo)).toEqual({ seesImages: false, source: 'server' });
    expect(visionOf({ ...remote, model: 'deepseek-chat' }, saysYes)).toEqual({
      seesImages: true,
      source: 'server',
    });
  });

  it('guesses from the name when the server did not say', () => {
    expect(visionOf(remote, { vision: null })).toEqual({ seesImages: true, source: 'name' });
    expect(visionOf({ ...remote, model: 'deepseek-chat' }, null)).toEqual({
      seesImages: false,
      source: 'name',
    });
  });
});
