import type { MediaKind } from '@/shared/protocol/media/media-settings.ts';

/** One file an endpoint made: its bytes, their type, and the prompt as the model rewrote it (if it said). */
export type GeneratedFile = { bytes: Uint8Array; mime: string; revisedPrompt: string | null };

/** What a generation request gave: the files, the model that answered and the endpoint's origin. */
export type MediaResult = { files: GeneratedFile[]; model: string; origin: string };

export type ImageRequest = {
  prompt: string;
  /** How many images (1–4). */
  count: number;
  /** Overrides the endpoint's size setting (`1024x1024`, `auto`). */
  size?: string | null;
  signal?: AbortSignal;
};

export type ImageEditRequest = ImageRequest & {
  /** The image to edit (from the workspace). */
  image: { bytes: Uint8Array; mime: string; name: string };
};

export type SpeechRequest = {
  text: string;
  /** Overrides the endpoint's voice setting. */
  voice?: string | null;
  format: SpeechFormat;
  /** Speaking speed, 0.25–4 (the server's default when absent). */
  speed?: number;
  signal?: AbortSignal;
};

export const SPEECH_FORMATS = ['mp3', 'wav', 'opus', 'aac', 'flac'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

/** Why a generation request gave nothing. */
export type MediaErrorKind =
  /** No endpoint is set for the kind (the message names the setting). */
  | 'not_configured'
  /** The endpoint said no (HTTP 4xx: a bad key, a refused prompt, an unknown model). */
  | 'refused'
  /** The endpoint could not be reached, timed out or failed (5xx). */
  | 'unreachable'
  /** The reply had no media in a shape this app reads. */
  | 'bad_reply';

export class MediaError extends Error {
  constructor(
    readonly kind: MediaErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'MediaError';
  }
}

/**
 * The media port: image from text, image edit and speech from text, each against the
 * endpoint Settings → Media gives for its kind. It only talks to the endpoint; the tools
 * write what it returns to the workspace. Rejects with a `MediaError`.
 */
export interface MediaPort {
  /** Whether the person has set an endpoint for `kind`. */
  isConfigured(kind: MediaKind): boolean;
  generateImage(request: ImageRequest): Promise<MediaResult>;
  editImage(request: ImageEditRequest): Promise<MediaResult>;
  speech(request: SpeechRequest): Promise<MediaResult>;
}
