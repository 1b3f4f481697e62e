import { describe, expect, it } from 'vitest';
import type { EventBody, StoredEvent } from '@/shared/protocol/events.ts';
import { EnvelopeEvent } from '@/shared/protocol/events.ts';
import { imageTokens, type ObservationImage } from '@/shared/protocol/model-image-limits.ts';
import type { ChatMessage } from '../../llm/chat-messages.ts';
import { toTextMessages } from '../../llm/providers/constrained/prompt-messages.ts';
import { CHARS_PER_TOKEN } from '../../llm/token-estimate.ts';
import { manusProfile } from '../../profiles/manus/manus-profile.ts';
import { buildMessages, messageChars, RUNTIME_PREFIX } from './context-builder.ts';

const texts = { systemPrompt: 'SYSTEM', compactionNote: manusProfile.notes.compaction };
const log = (...bodies: EventBody[]): StoredEvent[] =>
  bodies.map((body, seq) => ({ conversationId: 'c', seq, at: seq, body }));

/** 40 KB of base64: far more characters than the tokens a 200 × 100 image costs. */
const IMAGE: ObservationImage = {
  label: '/home/ubuntu/uploads/chart.png',
  mime: 'image/png',
  width: 200,
  height: 100,
  data: 'A'.repeat(40_000),
};

function viewed(images?: ObservationImage[]): EventBody[] {
  const running = {
    type: 'envelope' as const,
    envelope: {
      uuid: 'u1',
      status: 'running' as const,
      content: 'File view: chart.png',
      meta: { action_type: 'file.view', tool: 'file' },
    },
    toolCallId: 'call_1',
  };
  return [
    { type: 'user_message', text: 'What does the chart show?' },
    {
      type: 'assistant_turn',
      text: '',
      toolCalls: [{ id: 'call_1', name: 'file', arguments: '{"action":"view"}' }],
      usage: null,
      model: 'm',
    },
    running,
    {
      ...running,
      envelope: { ...running.envelope, status: 'success', content: 'The image follows this observation.' },
      ...(images ? { images } : {}),
    },
  ];
}

describe('images in the context', () => {
  it('follows the observation of an action that showed images with a user message carrying them as image parts', () => {
    const messages = buildMessages(texts, log(...viewed([IMAGE])));
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
    expect(messages[4]).toEqual({
      role: 'user',
      content: [
        {
          type: 'text',
          text: `${RUNTIME_PREFIX} The image the last action showed: /home/ubuntu/uploads/chart.png (200×100 px).`,
        },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${IMAGE.data}` } },
      ],
    });
  });

  it('adds nothing after an observation without images', () => {
    const messages = buildMessages(texts, log(...viewed()));
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
  });

  it('keeps the image message byte for byte when a compaction covers it (the prefix stays stable)', () => {
    const before = buildMessages(texts, log(...viewed([IMAGE])));
    const after = buildMessages(
      texts,
      log(...viewed([IMAGE]), {
        type: 'compaction',
        throughSeq: 3,
        estimatedTokens: 9000,
        contextWindowTokens: 8192,
      }),
    );
    expect(JSON.stringify(after[4])).toBe(JSON.stringify(before[4]));
  });

  it('counts an image as the tokens it costs, not as its base64 text', () => {
    const [, , , , images] = buildMessages(texts, log(...viewed([IMAGE])));
    const chars = messageChars(images as ChatMessage);
    expect(chars).toBeLessThan(IMAGE.data.length / 10);
    expect(chars).toBeGreaterThanOrEqual(imageTokens(IMAGE) * CHARS_PER_TOKEN);
  });

  it('keeps image parts for a server in constrained mode and drops them, text kept, for the in-tab engine', () => {
    const messages = buildMessages(texts, log(...viewed([IMAGE])));
    const layout = {
      callFormat: 'object' as const,
      instructions: null,
      systemPrompt: 'system_message' as const,
      leadingSystemMessage: null,
    };
    const withParts = toTextMessages(messages, { ...layout, images: 'parts' }, () => undefined);
    const last = withParts.at(-1);
    expect(last?.role).toBe('user');
    expect(Array.isArray(last?.content)).toBe(true);
    expect(JSON.stringify(last?.content)).toContain('"type":"image_url"');
    // The tool result (user text) and the image message are joined into one user turn.
    expect(JSON.stringify(last?.content)).toContain('The image follows this observation.');
    const textOnly = toTextMessages(messages, layout, () => undefined);
    expect(typeof textOnly.at(-1)?.content).toBe('string');
    expect(String(textOnly.at(-1)?.content)).toContain('chart.png (200×100 px)');
    expect(String(textOnly.at(-1)?.content)).not.toContain('base64');
  });

  it('refuses a logged image that is not base64 or of a type no API takes', () => {
    const [, , , completion] = viewed([IMAGE]);
    expect(EnvelopeEvent.safeParse(completion).success).toBe(true);
    const bad = (image: object) =>
      EnvelopeEvent.safeParse({ ...(completion as object), images: [image] }).success;
    expect(bad({ ...IMAGE, data: '<script>' })).toBe(false);
    expect(bad({ ...IMAGE, mime: 'image/svg+xml' })).toBe(false);
  });
});
