import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { SPEECH_FORMATS } from '@/agent-worker/toolkit/ports/media-port.ts';
import { fileNameParameter, requiredText } from '../../common/generation-parameters.ts';
import { runGeneration } from '../../common/run-generation.ts';
import description from './generate-speech.md?raw';

/** The longest text one call may speak (OpenAI's `/audio/speech` limit). */
export const MOST_SPEECH_CHARACTERS = 4096;

/** `generate_speech`'s parameters (alphabetical, as seed 000 lists its tools' parameters). */
export const GenerateSpeechParameters = z.object({
  file_name: fileNameParameter,
  format: z.enum(SPEECH_FORMATS).optional(),
  speed: z.number().min(0.25).max(4).optional(),
  text: requiredText()
    .refine(
      (text) => text.length <= MOST_SPEECH_CHARACTERS,
      `At most ${MOST_SPEECH_CHARACTERS} characters per call.`,
    )
    .describe('Words to speak'),
  voice: z.string().trim().optional(),
});

/** `generate_speech`: spoken audio from text, written to `/home/ubuntu/generated/` (generation mode). */
export const generateSpeechTool = defineTool({
  name: 'generate_speech',
  description,
  metaKind: 'generated_media',
  parameters: GenerateSpeechParameters,
  label: withTarget('generate_speech', 'text'),
  effect: 'changes_workspace',
  execute: (params, context) => {
    const format = params.format ?? 'mp3';
    return runGeneration(context, {
      kind: 'speech',
      prompt: params.text,
      fileName: params.file_name,
      fallbackStem: 'speech',
      ask: () =>
        context.media.speech({
          text: params.text,
          format,
          ...(params.voice ? { voice: params.voice } : {}),
          ...(params.speed !== undefined ? { speed: params.speed } : {}),
          signal: context.signal,
        }),
    });
  },
});
