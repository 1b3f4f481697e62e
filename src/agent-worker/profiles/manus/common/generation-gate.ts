import type { ToolContext, ToolFailure } from '@/agent-worker/toolkit/define-tool.ts';
import { rejectedCall } from '@/agent-worker/toolkit/define-tool.ts';
import {
  MEDIA_KIND_LABELS,
  type MediaKind,
  mediaSettingName,
} from '@/shared/protocol/media/media-settings.ts';

/** The generation actions of seed 000's generation mode: each tool, what it makes, and its kind. */
export const GENERATION_ACTIONS: readonly { tool: string; kind: MediaKind; makes: string }[] = [
  { tool: 'generate_image', kind: 'image', makes: 'images from a text prompt' },
  { tool: 'edit_image', kind: 'image_edit', makes: 'edited images from a workspace image and a prompt' },
  { tool: 'generate_speech', kind: 'speech', makes: 'spoken audio from text' },
];

/** Where generated files are written. */
export const GENERATED_FOLDER = '/home/ubuntu/generated';

/**
 * Why a generation action of `kind` cannot run now, or null when it can: generation mode
 * is off (the model must call `generate` first: `rejected`), or no endpoint is set for the
 * kind (only the person can fix that: `execution`, naming the setting).
 */
export function generationRefusal(context: ToolContext, kind: MediaKind): ToolFailure | null {
  if (!context.modes.isActive('generation')) {
    return rejectedCall(
      'Generation mode is off in this conversation: call `generate` first to enter it, then call this tool again.',
    );
  }
  if (!context.media.isConfigured(kind)) return notConfigured(kind);
  return null;
}

/** The failure of a kind with no endpoint: names the setting and what to fill in it. */
export function notConfigured(kind: MediaKind): ToolFailure {
  return {
    status: 'error',
    kind: 'execution',
    message: `${MEDIA_KIND_LABELS[kind]} is not set up: no endpoint is set in ${mediaSettingName(kind)}. The user must fill in its base URL (an OpenAI-compatible API such as https://api.openai.com/v1), model and, if the host needs one, API key. Tell the user so, or do the task without it.`,
  };
}
