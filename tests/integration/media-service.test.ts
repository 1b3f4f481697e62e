import { imageSize } from 'image-size';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMediaService } from '../../src/agent-worker/toolkit/media/media-service.ts';
import { MediaError, type MediaPort } from '../../src/agent-worker/toolkit/ports/media-port.ts';
import { createProgress } from '../../src/agent-worker/toolkit/ports/progress.ts';
import { SecretVault } from '../../src/agent-worker/toolkit/ports/secret-vault.ts';
import {
  DEFAULT_MEDIA_SETTINGS,
  type MediaApi,
  type MediaEndpoint,
  type MediaSettings,
} from '../../src/shared/protocol/media/media-settings.ts';
import type { ToolProgress } from '../../src/shared/protocol/ports/progress-port.ts';
import { browserFetch } from '../fixtures/media/browser-fetch.ts';
import { promptPng } from '../fixtures/media/media-bytes.ts';
import {
  FIXTURE_MEDIA_KEY,
  type MediaFixtures,
  startMediaFixtures,
} from '../fixtures/media/media-fixture-server.ts';

/**
 * The media service against the fixture media APIs over real HTTP, through a fetch that
 * plays the browser's CORS checks: each kind and each API style, the requests as the
 * servers receive them, and every failure mapped to a `MediaError` without the key.
 */

let fixtures: MediaFixtures;
beforeAll(async () => {
  fixtures = await startMediaFixtures();
});
afterAll(async () => {
  await fixtures.close();
});
afterEach(() => {
  fixtures.requests.length = 0;
  fixtures.failWith(null);
});

const ALL_KEYS = {
  media_image: FIXTURE_MEDIA_KEY,
  media_image_edit: FIXTURE_MEDIA_KEY,
  media_speech: FIXTURE_MEDIA_KEY,
};

function endpoint(api: MediaApi, model: string, extra: Partial<MediaEndpoint> = {}): MediaEndpoint {
  return { api, baseUrl: `${fixtures.url}/v1`, model, size: null, voice: null, ...extra };
}

function service(
  media: Partial<MediaSettings>,
  options: { keys?: Record<string, string>; progress?: ToolProgress[]; fetch?: typeof fetch } = {},
): MediaPort {
  return createMediaService({
    media: { ...DEFAULT_MEDIA_SETTINGS, ...media },
    secrets: new SecretVault(options.keys ?? ALL_KEYS),
    fetch: options.fetch ?? browserFetch(),
    progress: createProgress((update) => options.progress?.push(update)),
  });
}

/** The requests (preflights aside) the fixtures received. */
const posts = () => fixtures.requests.filter((request) => request.method !== 'OPTIONS');
const preflights = () => fixtures.requests.filter((request) => request.method === 'OPTIONS');

/** The `MediaError` `promise` rejects with, checked to hold no key. */
async function failure(promise: Promise<unknown>): Promise<MediaError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MediaError);
  expect((error as Error).message).not.toContain(FIXTURE_MEDIA_KEY);
  return error as MediaError;
}

const pixels = (bytes: Uint8Array) => {
  const { width, height, type } = imageSize(bytes);
  return { width, height, type };
};

describe('images from text, OpenAI style', () => {
  it('asks for b64_json with only Authorization and Content-Type, and reads the images', async () => {
    const progress: ToolProgress[] = [];
    const result = await service({ image: endpoint('openai', 'dall-e-2') }, { progress }).generateImage({
      prompt: 'a red kite',
      count: 2,
      size: '64x48',
    });
    expect(result.files).toHaveLength(2);
    for (const file of result.files) {
      expect(file.mime).toBe('image/png');
      expect(pixels(file.bytes)).toEqual({ width: 64, height: 48, type: 'png' });
    }
    expect(result).toMatchObject({ model: 'dall-e-2', origin: fixtures.url });
    const [request] = posts();
    expect(request?.path).toBe('/v1/images/generations');
    expect(request?.json).toEqual({
      model: 'dall-e-2',
      prompt: 'a red kite',
      n: 2,
      size: '64x48',
      response_format: 'b64_json',
    });
    expect(request?.headers.authorization).toBe(`Bearer ${FIXTURE_MEDIA_KEY}`);
    expect(preflights()[0]?.headers['access-control-request-headers']).toBe('authorization,content-type');
    expect(progress).toContainEqual({
      kind: 'status',
      text: `Asking ${new URL(fixtures.url).host} (dall-e-2) for 2 images…`,
    });
  });

  it("asks again without response_format when a model refuses it, and uses the endpoint's size", async () => {
    const result = await service({
      image: endpoint('openai', 'base64-only', { size: '32x32' }),
    }).generateImage({ prompt: 'a blue door', count: 1 });
    expect(pixels(result.files[0]!.bytes)).toMatchObject({ width: 32, height: 32 });
    const [first, second] = posts();
    expect(first?.json?.response_format).toBe('b64_json');
    expect(second?.json).toEqual({ model: 'base64-only', prompt: 'a blue door', n: 1, size: '32x32' });
    expect(posts()).toHaveLength(2);
  });

  it('asks OpenAI’s GPT image models without response_format from the start (they always send base64)', async () => {
    await service({ image: endpoint('openai', 'gpt-image-1') }).generateImage({
      prompt: 'a red door',
      count: 1,
    });
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.json).toEqual({ model: 'gpt-image-1', prompt: 'a red door', n: 1 });
  });

  it('asks dall-e-3 (one image per request) once per image', async () => {
    const result = await service({ image: endpoint('openai', 'dall-e-3') }).generateImage({
      prompt: 'two boats',
      count: 2,
    });
    expect(result.files).toHaveLength(2);
    expect(posts().map((request) => request.json?.n)).toEqual([1, 1]);
  });

  it("keeps the prompt the model rewrote (dall-e-3's revised_prompt)", async () => {
    const result = await service({ image: endpoint('openai', 'dall-e-3') }).generateImage({
      prompt: 'a lighthouse',
      count: 1,
    });
    expect(result.files[0]?.revisedPrompt).toBe('A detailed rendering of a lighthouse');
  });

  it('downloads an image a host gives as a link, and says why when CORS hides the link', async () => {
    const result = await service({ image: endpoint('openai', 'link-only') }).generateImage({
      prompt: 'a green hill',
      count: 1,
      size: '40x40',
    });
    expect(pixels(result.files[0]!.bytes)).toMatchObject({ width: 40, height: 40 });
    const download = posts().at(-1);
    expect(download).toMatchObject({ method: 'GET', path: expect.stringMatching(/^\/files\//) });
    expect(download?.headers.authorization).toBeUndefined();

    const strict = await startMediaFixtures({ linksAllowCors: false });
    try {
      const error = await failure(
        createMediaService({
          media: {
            ...DEFAULT_MEDIA_SETTINGS,
            image: { ...endpoint('openai', 'link-only'), baseUrl: `${strict.url}/v1` },
          },
          secrets: new SecretVault(ALL_KEYS),
          fetch: browserFetch(),
        }).generateImage({ prompt: 'a green hill', count: 1 }),
      );
      expect(error.kind).toBe('unreachable');
      expect(error.message).toMatch(/gave the image as a link on .* could not be read: .*\(CORS\)/);
      expect(error.message).toContain('b64_json');
    } finally {
      await strict.close();
    }
  });
});

describe('image edits, OpenAI style', () => {
  it('sends the image and fields as multipart/form-data the server parses', async () => {
    const source = promptPng('yellow', 20, 20);
    const result = await service({ image_edit: endpoint('openai', 'dall-e-2') }).editImage({
      prompt: 'make it purple',
      count: 2,
      size: '24x24',
      image: { bytes: source, mime: 'image/png', name: 'sun.png' },
    });
    expect(result.files).toHaveLength(2);
    expect(pixels(result.files[1]!.bytes)).toMatchObject({ width: 24, height: 24 });
    const [request] = posts();
    expect(request?.path).toBe('/v1/images/edits');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.form?.fields).toEqual({
      prompt: 'make it purple',
      model: 'dall-e-2',
      n: '2',
      size: '24x24',
      response_format: 'b64_json',
    });
    expect(request?.form?.files.image).toMatchObject({ filename: 'sun.png', type: 'image/png' });
    expect(request?.form?.files.image?.bytes).toEqual(source);
  });

  it('retries without response_format for edits too', async () => {
    const source = promptPng('white', 16, 16);
    await service({ image_edit: endpoint('openai', 'base64-only') }).editImage({
      prompt: 'add a hat',
      count: 1,
      image: { bytes: source, mime: 'image/png', name: 'cat.png' },
    });
    expect(posts().map((request) => request.form?.fields.response_format)).toEqual(['b64_json', undefined]);
  });
});

describe('speech, OpenAI style', () => {
  it('sends the documented JSON and returns the audio with the type the server gave', async () => {
    const result = await service({ speech: endpoint('openai', 'tts-1', { voice: 'alloy' }) }).speech({
      text: 'Hello there',
      format: 'mp3',
      speed: 1.25,
    });
    expect(posts()[0]?.json).toEqual({
      model: 'tts-1',
      input: 'Hello there',
      voice: 'alloy',
      response_format: 'mp3',
      speed: 1.25,
    });
    // The fixture cannot encode MP3: it answers WAV, labelled so, and the label is believed.
    const [file] = result.files;
    expect(file?.mime).toBe('audio/wav');
    expect(new TextDecoder().decode(file?.bytes.subarray(0, 4))).toBe('RIFF');
    expect(file?.bytes.byteLength).toBeGreaterThan(1000);
  });

  it('asks for alloy when neither the call nor the endpoint names a voice (the API requires one)', async () => {
    const result = await service({ speech: endpoint('openai', 'tts-1') }).speech({
      text: 'Hi',
      format: 'wav',
    });
    expect(posts()[0]?.json?.voice).toBe('alloy');
    expect(result.files[0]?.mime).toBe('audio/wav');
  });

  it("uses the request's voice over the endpoint's, and refuses a chat-style speech endpoint", async () => {
    await service({ speech: endpoint('openai', 'tts-1', { voice: 'alloy' }) }).speech({
      text: 'Hi',
      format: 'wav',
      voice: 'nova',
    });
    expect(posts()[0]?.json?.voice).toBe('nova');
    const error = await failure(
      service({ speech: endpoint('openrouter_chat', 'x') }).speech({ text: 'Hi', format: 'wav' }),
    );
    expect(error.kind).toBe('not_configured');
    expect(error.message).toContain('Settings → Media → Speech from text');
  });
});

describe('images by chat completions, OpenRouter style', () => {
  it('asks with modalities once per image and reads the data URLs', async () => {
    const result = await service({
      image: endpoint('openrouter_chat', 'google/gemini-2.5-flash-image'),
    }).generateImage({ prompt: 'an orange cat', count: 2 });
    expect(result.files).toHaveLength(2);
    expect(result.model).toBe('google/gemini-2.5-flash-image-20250101');
    expect(posts().map((request) => request.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
    expect(posts()[0]?.json).toEqual({
      model: 'google/gemini-2.5-flash-image',
      messages: [{ role: 'user', content: 'an orange cat' }],
      modalities: ['image', 'text'],
    });
  });

  it('sends an edit as a text part and the image as a data URL', async () => {
    const source = promptPng('blue', 16, 16);
    await service({ image_edit: endpoint('openrouter_chat', 'google/gemini-2.5-flash-image') }).editImage({
      prompt: 'turn it green',
      count: 1,
      image: { bytes: source, mime: 'image/png', name: 'square.png' },
    });
    const messages = (posts()[0]?.json?.messages ?? []) as { content: unknown }[];
    const content = messages[0]?.content;
    expect(content).toEqual([
      { type: 'text', text: 'turn it green' },
      {
        type: 'image_url',
        image_url: { url: `data:image/png;base64,${Buffer.from(source).toString('base64')}` },
      },
    ]);
  });

  it('says what the model answered when it made no image', async () => {
    const error = await failure(
      service({ image: endpoint('openrouter_chat', 'text-only') }).generateImage({
        prompt: 'a fox',
        count: 1,
      }),
    );
    expect(error.kind).toBe('bad_reply');
    expect(error.message).toContain('only text: "I can only describe it: a fox."');
  });
});

describe('failures', () => {
  it('names the setting when a kind has no endpoint', async () => {
    const port = service({});
    expect(port.isConfigured('image')).toBe(false);
    const error = await failure(port.generateImage({ prompt: 'x', count: 1 }));
    expect(error.kind).toBe('not_configured');
    expect(error.message).toContain('Settings → Media → Image from text');
    expect(fixtures.requests).toHaveLength(0);
  });

  it("maps a bad key (401) to refused with the server's words, never the key", async () => {
    const wrong = 'sk-wrong-key-that-must-not-leak-42';
    const error = await failure(
      service({ image: endpoint('openai', 'dall-e-2') }, { keys: { media_image: wrong } }).generateImage({
        prompt: 'x',
        count: 1,
      }),
    );
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(/refused the request \(HTTP 401\): Incorrect API key provided/);
    expect(error.message).not.toContain(wrong);
  });

  it('hides the key even when a careless server quotes it whole in its error', async () => {
    const careless = await startMediaFixtures({ echoesWrongKey: true });
    const wrong = 'sk-wrong-key-quoted-back-by-the-server-77';
    try {
      const error = await failure(
        createMediaService({
          media: {
            ...DEFAULT_MEDIA_SETTINGS,
            image: {
              api: 'openai',
              baseUrl: `${careless.url}/v1`,
              model: 'dall-e-2',
              size: null,
              voice: null,
            },
          },
          secrets: new SecretVault({ media_image: wrong }),
          fetch: browserFetch(),
        }).generateImage({ prompt: 'x', count: 1 }),
      );
      expect(error.kind).toBe('refused');
      expect(error.message).toContain('Incorrect API key provided');
      expect(error.message).not.toContain(wrong);
    } finally {
      await careless.close();
    }
  });

  it('says to add a key when none is saved and the host wants one', async () => {
    const error = await failure(
      service({ image: endpoint('openai', 'dall-e-2') }, { keys: {} }).generateImage({
        prompt: 'x',
        count: 1,
      }),
    );
    expect(error.message).toContain("You didn't provide an API key");
    expect(error.message).toContain('No key is saved for it; add one in Settings → Media → Image from text.');
    expect(posts()[0]?.headers.authorization).toBeUndefined();
  });

  it('maps a content-policy refusal (400) to refused', async () => {
    const error = await failure(
      service({ image: endpoint('openai', 'dall-e-2') }).generateImage({
        prompt: 'something forbidden',
        count: 1,
      }),
    );
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('HTTP 400');
    expect(error.message).toContain('rejected as a result of our safety system');
  });

  it('maps a server error (500) and an unreachable host to unreachable', async () => {
    fixtures.failWith(500);
    const error = await failure(
      service({ speech: endpoint('openai', 'tts-1') }).speech({ text: 'x', format: 'wav' }),
    );
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/failed \(HTTP 500\): The server had an error/);

    const closed = await startMediaFixtures();
    await closed.close();
    const gone = await failure(
      createMediaService({
        media: {
          ...DEFAULT_MEDIA_SETTINGS,
          image: { ...endpoint('openai', 'dall-e-2'), baseUrl: `${closed.url}/v1` },
        },
        secrets: new SecretVault(ALL_KEYS),
        fetch: browserFetch(),
      }).generateImage({ prompt: 'x', count: 1 }),
    );
    expect(gone.kind).toBe('unreachable');
    expect(gone.message).toContain('could not be reached');
  });

  it('fails as a browser does when a request carries a header the preflight does not allow', async () => {
    const fetchWithStrayHeader: typeof fetch = (input, init) =>
      browserFetch()(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'X-Title': 'Sandpiper' },
      });
    const error = await failure(
      service({ image: endpoint('openai', 'dall-e-2') }, { fetch: fetchWithStrayHeader }).generateImage({
        prompt: 'x',
        count: 1,
      }),
    );
    expect(error.kind).toBe('unreachable');
    expect(posts()).toHaveLength(0);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      service({ image: endpoint('openai', 'dall-e-2') }).generateImage({
        prompt: 'x',
        count: 1,
        signal: controller.signal,
      }),
    );
    expect(error.message).toBe('Stopped by the user.');
  });
});
