import { z } from 'zod';

/** What the generation actions make, each with its own endpoint in Settings → Media. */
export const MEDIA_KINDS = ['image', 'image_edit', 'speech'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** How a person names each kind (Settings → Media's sections, errors that name the setting). */
export const MEDIA_KIND_LABELS: Record<MediaKind, string> = {
  image: 'Image from text',
  image_edit: 'Image edit',
  speech: 'Speech from text',
};

/**
 * The API an endpoint speaks. `openai`: `/images/generations`, `/images/edits` (asking for
 * `b64_json`) and `/audio/speech` under the base URL. `openrouter_chat`: images made by
 * chat completions with `modalities: ['image', 'text']` (OpenRouter's way); image kinds only.
 */
export const MEDIA_APIS = ['openai', 'openrouter_chat'] as const;
export type MediaApi = (typeof MEDIA_APIS)[number];

/** The APIs each kind may use. */
export const MEDIA_APIS_BY_KIND: Record<MediaKind, readonly MediaApi[]> = {
  image: ['openai', 'openrouter_chat'],
  image_edit: ['openai', 'openrouter_chat'],
  speech: ['openai'],
};

/** Image sizes an OpenAI-compatible images endpoint takes (`auto` lets the model choose). */
export const IMAGE_SIZE_PATTERN = /^(auto|\d{2,5}x\d{2,5})$/;

/** One kind's endpoint: where requests go and what they ask for. The key is a tool key (`mediaKeyName`). */
export const MediaEndpoint = z.object({
  api: z.enum(MEDIA_APIS),
  /** The API's base, ending before the operation, e.g. `https://api.openai.com/v1`. */
  baseUrl: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//i.test(value), 'A media endpoint starts with http:// or https://.'),
  model: z.string().trim().min(1),
  /** Images: the size asked for (`1024x1024`, `auto`); null leaves it to the server. */
  size: z.string().regex(IMAGE_SIZE_PATTERN).nullable(),
  /** Speech: the voice asked for; null asks for `DEFAULT_SPEECH_VOICE` (OpenAI's speech API requires one). */
  voice: z.string().trim().min(1).nullable(),
});
export type MediaEndpoint = z.infer<typeof MediaEndpoint>;

/** Settings → Media: an endpoint per kind, or null where the person has set none. */
export const MediaSettings = z.object({
  image: MediaEndpoint.nullable(),
  image_edit: MediaEndpoint.nullable(),
  speech: MediaEndpoint.nullable(),
});
export type MediaSettings = z.infer<typeof MediaSettings>;

/** The voice asked for when neither the call nor the endpoint names one: `/audio/speech` requires `voice`. */
export const DEFAULT_SPEECH_VOICE = 'alloy';

export const DEFAULT_MEDIA_SETTINGS: MediaSettings = { image: null, image_edit: null, speech: null };

/** The tool key (settings' `toolKeys`) an endpoint's API key is saved under. */
export function mediaKeyName(kind: MediaKind): string {
  return `media_${kind}`;
}

/** Where a person sets a kind's endpoint, as errors name it. */
export function mediaSettingName(kind: MediaKind): string {
  return `Settings → Media → ${MEDIA_KIND_LABELS[kind]}`;
}
