import { MediaError, type MediaResult, type SpeechRequest } from '@/agent-worker/toolkit/ports/media-port.ts';
import { DEFAULT_SPEECH_VOICE } from '@/shared/protocol/media/media-settings.ts';
import type { EndpointClient } from './endpoint-client.ts';
import { audioMime } from './media-files.ts';

/**
 * `POST {base}/audio/speech` (JSON `{model, input, voice, response_format, speed?}`): the
 * reply is the audio itself. Its type is the server's when it names an audio type (a
 * server may send another format than asked), else the format's.
 */
export async function openaiSpeech(client: EndpointClient, request: SpeechRequest): Promise<MediaResult> {
  // OpenAI's speech API requires a voice: the call's, else the endpoint's, else the default.
  const voice = request.voice || client.endpoint.voice || DEFAULT_SPEECH_VOICE;
  const response = await client.post(
    'audio/speech',
    {
      json: {
        model: client.endpoint.model,
        input: request.text,
        voice,
        response_format: request.format,
        ...(request.speed !== undefined ? { speed: request.speed } : {}),
      },
    },
    request.signal,
  );
  const claimed = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (claimed === 'application/json' || claimed.startsWith('text/')) {
    throw new MediaError('bad_reply', `${client.host} answered with ${claimed} instead of audio.`);
  }
  if (response.body.byteLength === 0) {
    throw new MediaError('bad_reply', `${client.host} answered with no audio.`);
  }
  return {
    files: [
      {
        bytes: response.body,
        mime: claimed.startsWith('audio/') ? claimed : audioMime(request.format),
        revisedPrompt: null,
      },
    ],
    model: client.endpoint.model,
    origin: client.origin,
  };
}
