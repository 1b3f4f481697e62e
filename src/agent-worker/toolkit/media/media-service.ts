import { MediaError, type MediaPort, type MediaResult } from '@/agent-worker/toolkit/ports/media-port.ts';
import type { SecretsPort } from '@/agent-worker/toolkit/ports/secrets-port.ts';
import {
  MEDIA_KIND_LABELS,
  type MediaKind,
  type MediaSettings,
  mediaSettingName,
} from '@/shared/protocol/media/media-settings.ts';
import type { ProgressPort } from '@/shared/protocol/ports/progress-port.ts';
import { type EndpointClient, endpointClient } from './endpoint-client.ts';
import { openaiEditImages, openaiGenerateImages } from './openai-images.ts';
import { openaiSpeech } from './openai-speech.ts';
import { openrouterImages } from './openrouter-images.ts';

export type MediaServiceOptions = {
  /** Settings → Media. */
  media: MediaSettings;
  /** Where each endpoint's key is read (`mediaKeyName(kind)`); none is needed for a local server. */
  secrets: SecretsPort;
  fetch?: typeof fetch;
  /** Where "Asking api.example.com for 2 images…" is announced. */
  progress?: ProgressPort;
};

/**
 * The media port over the endpoints of Settings → Media: each kind's request goes to its
 * own endpoint in the API it speaks (OpenAI's images and speech, or OpenRouter's chat
 * completions with image output). A kind with no endpoint is `not_configured`, naming
 * the setting; every failure is a `MediaError` whose message never holds the key.
 */
export function createMediaService(options: MediaServiceOptions): MediaPort {
  const client = async (kind: MediaKind): Promise<EndpointClient> => {
    const endpoint = options.media[kind];
    if (!endpoint) {
      throw new MediaError(
        'not_configured',
        `No endpoint is set for ${MEDIA_KIND_LABELS[kind].toLowerCase()}: fill in ${mediaSettingName(kind)} (base URL, model and, if the host needs one, a key).`,
      );
    }
    return endpointClient({
      kind,
      endpoint,
      secrets: options.secrets,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.progress ? { progress: options.progress } : {}),
    });
  };
  const announce = (client: EndpointClient, what: string) =>
    client.status(`Asking ${client.host} (${client.endpoint.model}) for ${what}…`);
  const images = (count: number) => (count === 1 ? 'an image' : `${count} images`);

  return {
    isConfigured: (kind) => options.media[kind] !== null,
    async generateImage(request): Promise<MediaResult> {
      const image = await client('image');
      announce(image, images(request.count));
      return image.endpoint.api === 'openrouter_chat'
        ? openrouterImages(image, request)
        : openaiGenerateImages(image, request);
    },
    async editImage(request): Promise<MediaResult> {
      const edit = await client('image_edit');
      announce(edit, `${images(request.count)} edited from ${request.image.name}`);
      return edit.endpoint.api === 'openrouter_chat'
        ? openrouterImages(edit, request)
        : openaiEditImages(edit, request);
    },
    async speech(request): Promise<MediaResult> {
      const speech = await client('speech');
      if (speech.endpoint.api !== 'openai') {
        throw new MediaError(
          'not_configured',
          `Speech needs an OpenAI-style endpoint (/audio/speech); change the API in ${mediaSettingName('speech')}.`,
        );
      }
      announce(speech, 'speech');
      return openaiSpeech(speech, request);
    },
  };
}
