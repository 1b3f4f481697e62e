import { z } from 'zod';
import {
  type GeneratedFile,
  type ImageEditRequest,
  type ImageRequest,
  MediaError,
  type MediaResult,
} from '@/agent-worker/toolkit/ports/media-port.ts';
import { dataUrlOf } from './base64.ts';
import { type EndpointClient, readJson } from './endpoint-client.ts';
import { imageFile } from './media-files.ts';
import { imageAt } from './openai-images.ts';

/** A chat completion with image output: `choices[0].message.images[].image_url.url` (data URLs). */
const ChatImagesReply = z.looseObject({
  model: z.string().optional(),
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({
          content: z.string().nullish(),
          images: z.array(z.looseObject({ image_url: z.looseObject({ url: z.string() }) })).nullish(),
        }),
      }),
    )
    .min(1),
});

/**
 * Images by chat completions with `modalities: ['image', 'text']` (OpenRouter's way). A
 * reply usually holds one image, so the endpoint is asked again until `count` are made;
 * an edit sends the image as a data URL beside the prompt. The size is not sent: chat
 * completions have no such field.
 */
export async function openrouterImages(
  client: EndpointClient,
  request: ImageRequest | ImageEditRequest,
): Promise<MediaResult> {
  const content =
    'image' in request
      ? [
          { type: 'text', text: request.prompt },
          { type: 'image_url', image_url: { url: dataUrlOf(request.image.bytes, request.image.mime) } },
        ]
      : request.prompt;
  const files: GeneratedFile[] = [];
  let model = client.endpoint.model;
  for (let asked = 0; files.length < request.count && asked < request.count; asked += 1) {
    if (asked > 0) client.status(`Asking ${client.host} for image ${files.length + 1} of ${request.count}…`);
    const response = await client.post(
      'chat/completions',
      {
        json: {
          model: client.endpoint.model,
          messages: [{ role: 'user', content }],
          modalities: ['image', 'text'],
        },
      },
      request.signal,
    );
    const reply = readJson(client, response, ChatImagesReply);
    model = reply.model ?? model;
    const message = reply.choices[0]?.message;
    const images = message?.images ?? [];
    if (images.length === 0) {
      const said = message?.content?.trim();
      throw new MediaError(
        'bad_reply',
        `${client.host} answered with no image${said ? `, only text: "${said.slice(0, 300)}"` : ''}. Check that ${client.endpoint.model} makes images (its output modalities include "image").`,
      );
    }
    for (const image of images.slice(0, request.count - files.length)) {
      files.push(imageFile(await imageAt(client, image.image_url.url, request.signal), null, client.host));
    }
  }
  return { files, model, origin: client.origin };
}
