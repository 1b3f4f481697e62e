import type { SpeechFormat } from '@/agent-worker/toolkit/ports/media-port.ts';
import { type GeneratedFile, MediaError } from '@/agent-worker/toolkit/ports/media-port.ts';
import { readImageFacts } from '../web/images/image-bytes.ts';

/** An image a reply carried, checked to be one (its type read from the bytes, whatever was claimed). */
export function imageFile(bytes: Uint8Array, revisedPrompt: string | null, host: string): GeneratedFile {
  const facts = readImageFacts(bytes);
  if (!facts) throw new MediaError('bad_reply', `${host} sent something that is not an image.`);
  return { bytes, mime: facts.mime, revisedPrompt };
}

const AUDIO_MIME: Record<SpeechFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  // OpenAI's opus comes in an Ogg container.
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
};

/** The audio type of a speech format. */
export function audioMime(format: SpeechFormat): string {
  return AUDIO_MIME[format];
}
