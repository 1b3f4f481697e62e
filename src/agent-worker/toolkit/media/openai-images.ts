import { z } from 'zod';
import {
  type GeneratedFile,
  type ImageEditRequest,
  type ImageRequest,
  MediaError,
  type MediaResult,
} from '@/agent-worker/toolkit/ports/media-port.ts';
import { base64ToBytes, parseDataUrl } from './base64.ts';
import { type EndpointClient, type MediaBody, MediaRefusal, readJson } from './endpoint-client.ts';
import { imageFile } from './media-files.ts';
import { encodeMultipart } from './multipart.ts';

/** OpenAI's images reply: `data[]` with `b64_json` (or `url`) and, for some models, `revised_prompt`. */
const ImagesReply = z.looseObject({
  data: z.array(
    z.looseObject({
      b64_json: z.string().nullish(),
      url: z.string().nullish(),
      revised_prompt: z.string().nullish(),
    }),
  ),
});
type ImagesReply = z.infer<typeof ImagesReply>;

/** `POST {base}/images/generations` (JSON), asking for `b64_json`. */
export async function openaiGenerateImages(
  client: EndpointClient,
  request: ImageRequest,
): Promise<MediaResult> {
  if (request.count > 1 && ONE_IMAGE_PER_REQUEST_MODEL.test(client.endpoint.model)) {
    // dall-e-3 takes only n=1: one request per image, in turn.
    const files: GeneratedFile[] = [];
    for (let made = 0; made < request.count; made += 1) {
      files.push(...(await openaiGenerateImages(client, { ...request, count: 1 })).files);
    }
    return { files, model: client.endpoint.model, origin: client.origin };
  }
  const size = request.size ?? client.endpoint.size;
  const fields = {
    model: client.endpoint.model,
    prompt: request.prompt,
    n: request.count,
    ...(size ? { size } : {}),
  };
  const reply = await askForBase64(
    client,
    (responseFormat) => ({
      json: responseFormat ? { ...fields, response_format: responseFormat } : fields,
    }),
    'images/generations',
    request.signal,
  );
  return {
    files: await filesOf(client, reply, request.signal),
    model: client.endpoint.model,
    origin: client.origin,
  };
}

/** `POST {base}/images/edits` (multipart: the image as a file, the rest as fields), asking for `b64_json`. */
export async function openaiEditImages(
  client: EndpointClient,
  request: ImageEditRequest,
): Promise<MediaResult> {
  const size = request.size ?? client.endpoint.size;
  const reply = await askForBase64(
    client,
    (responseFormat) =>
      encodeMultipart({
        image: request.image,
        prompt: request.prompt,
        model: client.endpoint.model,
        n: String(request.count),
        size: size ?? undefined,
        response_format: responseFormat ?? undefined,
      }),
    'images/edits',
    request.signal,
  );
  return {
    files: await filesOf(client, reply, request.signal),
    model: client.endpoint.model,
    origin: client.origin,
  };
}

/** Models that make one image per request (OpenAI's `dall-e-3` refuses `n` above 1). */
const ONE_IMAGE_PER_REQUEST_MODEL = /^dall-e-3/i;

/**
 * OpenAI's GPT image models always answer in base64 and refuse `response_format` (its
 * images API reference): they are asked without it, saving a refused request.
 */
const ALWAYS_BASE64_MODEL = /^gpt-image-/i;

/**
 * Asks with `response_format: 'b64_json'` (links from some hosts cannot be read from a
 * page); a model known to refuse the field is asked without it, and another that refuses
 * it is asked once more without it.
 */
async function askForBase64(
  client: EndpointClient,
  body: (responseFormat: 'b64_json' | null) => MediaBody | Promise<MediaBody>,
  operation: string,
  signal: AbortSignal | undefined,
): Promise<ImagesReply> {
  let response: Awaited<ReturnType<EndpointClient['post']>>;
  if (ALWAYS_BASE64_MODEL.test(client.endpoint.model)) {
    return readJson(client, await client.post(operation, await body(null), signal), ImagesReply);
  }
  try {
    response = await client.post(operation, await body('b64_json'), signal);
  } catch (error) {
    const refusesField =
      error instanceof MediaRefusal && error.status === 400 && /response_format/i.test(error.serverText);
    if (!refusesField) throw error;
    response = await client.post(operation, await body(null), signal);
  }
  return readJson(client, response, ImagesReply);
}

/** The images of a reply: base64 decoded, data URLs read, links downloaded. */
async function filesOf(
  client: EndpointClient,
  reply: ImagesReply,
  signal: AbortSignal | undefined,
): Promise<GeneratedFile[]> {
  if (reply.data.length === 0) {
    throw new MediaError('bad_reply', `${client.host} answered with no images.`);
  }
  const files: GeneratedFile[] = [];
  for (const item of reply.data) {
    const revisedPrompt = item.revised_prompt ?? null;
    if (item.b64_json) {
      const bytes = base64ToBytes(item.b64_json);
      if (!bytes) throw new MediaError('bad_reply', `${client.host} sent an image that is not valid base64.`);
      files.push(imageFile(bytes, revisedPrompt, client.host));
    } else if (item.url) {
      files.push(imageFile(await imageAt(client, item.url, signal), revisedPrompt, client.host));
    } else {
      throw new MediaError('bad_reply', `${client.host} sent an image entry with neither b64_json nor url.`);
    }
  }
  return files;
}

/** The bytes behind an image link a reply gave instead of base64. */
export async function imageAt(
  client: EndpointClient,
  url: string,
  signal: AbortSignal | undefined,
): Promise<Uint8Array> {
  const inline = parseDataUrl(url);
  if (inline) return inline.bytes;
  try {
    return (await client.download(url, signal)).body;
  } catch (error) {
    if (!(error instanceof MediaError)) throw error;
    const where = URL.canParse(url) ? new URL(url).host : 'an address';
    throw new MediaError(
      error.kind,
      `${client.host} gave the image as a link on ${where} instead of its bytes, and the link could not be read: ${error.message} Links of some hosts do not allow requests from a web page; an endpoint that answers with b64_json avoids this.`,
    );
  }
}
