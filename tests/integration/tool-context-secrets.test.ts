import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOL_PROFILES } from '../../src/agent-worker/profiles/index.ts';
import { RunPorts } from '../../src/agent-worker/toolkit/ports/run-ports.ts';
import type { SandboxPort } from '../../src/shared/protocol/ports/sandbox-port.ts';
import { DEFAULT_SETTINGS } from '../../src/shared/protocol/settings.ts';
import { SAVED_OPENAI } from '../../src/shared/protocol/settings-fixtures.ts';
import { DEFAULT_WEB_SETTINGS } from '../../src/shared/protocol/web/web-settings.ts';

/**
 * No tool can read settings: every tool of every profile runs with the one `ToolContext`
 * a run's services build, so that context — everything a tool is handed, walked through
 * every reachable property — must hold no configured secret (the model provider's key,
 * the search, media and X keys, an MCP server's token). And no tool module reaches for
 * the settings some other way (the settings' schema, the storage that holds them, the
 * browser's storage).
 */

const SECRETS = {
  model: 'sk-model-CTX0-9b1d2e3f4a',
  tavily: 'tvly-CTX1-5c6d7e8f90',
  jina: 'jina_CTX2-a1b2c3d4e5',
  brave: 'brave-CTX3-f6e5d4c3b2',
  media_image: 'img-CTX4-0a9b8c7d6e',
  x_token: 'x-CTX5-1f2e3d4c5b',
  mcp: 'mcp-CTX6-6a5b4c3d2e',
};

function settingsWithEverySecret() {
  return {
    ...DEFAULT_SETTINGS,
    providers: [{ ...SAVED_OPENAI, apiKey: SECRETS.model }],
    activeProviderId: SAVED_OPENAI.id,
    allowedUrlPrefixes: ['https://docs.example'],
    toolKeys: {
      tavily: SECRETS.tavily,
      jina: SECRETS.jina,
      brave: SECRETS.brave,
      media_image: SECRETS.media_image,
      x_token: SECRETS.x_token,
    },
    web: { ...DEFAULT_WEB_SETTINGS, allowedSites: ['https://docs.example'] },
    x: { proxyUrl: 'https://x-proxy.example' },
    mcpServers: [
      {
        id: 'm1',
        name: 'tracker',
        url: 'https://mcp.example/mcp',
        transport: 'streamable-http' as const,
        bearerToken: SECRETS.mcp,
        isEnabled: true,
      },
    ],
  };
}

/**
 * The paths under `root` where a string holding one of `secrets` can be read: own
 * properties (enumerable or not, getters read), array items, map and set entries, and
 * bytes as text; functions are not called (what they return is the ports' business, and
 * each port's secret is checked where it is sent). Each object is visited once.
 */
function pathsHoldingSecrets(root: unknown, secrets: readonly string[]): string[] {
  const found: string[] = [];
  const seen = new WeakSet<object>();
  const visit = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      if (secrets.some((secret) => value.includes(secret))) found.push(path);
      return;
    }
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return;
    if (seen.has(value)) return;
    seen.add(value);
    if (ArrayBuffer.isView(value)) {
      visit(new TextDecoder().decode(value as Uint8Array), `${path}<bytes>`);
      return;
    }
    if (value instanceof Map) {
      for (const [key, item] of value) {
        visit(key, `${path}<key>`);
        visit(item, `${path}.get(${String(key)})`);
      }
    }
    if (value instanceof Set) for (const item of value) visit(item, `${path}<item>`);
    for (const key of Reflect.ownKeys(value)) {
      const descriptor = Object.getOwnPropertyDescriptor(value, key);
      if (!descriptor) continue;
      let field: unknown;
      try {
        field = 'value' in descriptor ? descriptor.value : descriptor.get?.call(value);
      } catch {
        continue;
      }
      // A function's own properties (its name, its prototype) are walked; it is not called.
      visit(field, `${path}.${String(key)}`);
    }
  };
  visit(root, '');
  return found;
}

/** Every `.ts` file under `folder`, tests left out. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A run's ports over the settings holding every secret, for a run whose sandbox is never opened. */
function unopenedRunPorts(
  profileId: string,
  environment: ConstructorParameters<typeof RunPorts>[1],
): RunPorts {
  return new RunPorts(
    {
      conversationId: 'c1',
      settings: settingsWithEverySecret(),
      events: [],
      openSandbox: () => Promise.reject(new Error('not opened in this test')),
      signal: new AbortController().signal,
      now: () => 0,
      origin: { conversationId: 'c1', providerId: 'openai', profileId },
    },
    environment,
  );
}

describe('no tool can read settings', () => {
  it('the context every tool of every profile runs with holds no configured secret', () => {
    const services = unopenedRunPorts('manus', {
      appBaseUrl: 'https://app.example/',
      publish: () => undefined,
      fetch: async () => new Response(''),
    });
    const context = services.toolContext('u1', null);
    const secrets = Object.values(SECRETS);
    // The walk finds a secret where one is: the settings themselves.
    expect(pathsHoldingSecrets(settingsWithEverySecret(), secrets).length).toBeGreaterThanOrEqual(
      secrets.length,
    );

    const tools = TOOL_PROFILES.flatMap((profile) =>
      profile.tools.map((tool) => `${profile.id}:${tool.name}`),
    );
    const reachable = pathsHoldingSecrets(context, secrets);
    // The one exception: the secrets port itself (the run's vault, which the web, media
    // and X services read keys from by fixed names). No tool module touches it (the next
    // test), so no tool call, whatever the model sends, reaches it.
    const outsideVault = reachable.filter((path) => !path.startsWith('.secrets.'));
    console.info(
      `[tool context] ${tools.length} tools in ${TOOL_PROFILES.length} profiles run with one context of ${Object.keys(context).length} ports; paths that hold a configured secret: ${outsideVault.length} outside the secrets port (goal 0), ${reachable.length - outsideVault.length} inside it (its fields, which no tool reads)`,
    );
    expect(outsideVault).toEqual([]);
    // The tools and profiles themselves (module-level values) hold none either.
    expect(pathsHoldingSecrets(TOOL_PROFILES, secrets)).toEqual([]);
  });

  it('what a tool asks its model, the paths it saves and its output channels are redacted (found by the runtime fuzz)', async () => {
    const sent: unknown[] = [];
    const written: string[] = [];
    const published: unknown[] = [];
    const sandbox = {
      writeFile: async (path: string) => void written.push(path),
      stat: async () => null,
    } as unknown as SandboxPort;
    const services = new RunPorts(
      {
        conversationId: 'c1',
        settings: settingsWithEverySecret(),
        events: [],
        openSandbox: async () => sandbox,
        signal: new AbortController().signal,
        now: () => 0,
        origin: { conversationId: 'c1', providerId: 'openai', profileId: 'openmanus' },
      },
      {
        appBaseUrl: 'https://app.example/',
        publish: (message) => void published.push(message),
        fetch: async () => new Response(''),
        completion: {
          complete: async (request) => {
            sent.push(request);
            return { text: 'ok', model: 'm' };
          },
        },
      },
    );
    const context = services.toolContext('u1', null);
    // A model that got keys puts them in its call: the tool passes them on.
    await context.completion.complete(
      { system: `Answer. ${SECRETS.model}`, user: `report ${SECRETS.media_image} ${SECRETS.jina}` },
      new AbortController().signal,
    );
    const saved = await context.workspace.save(`/home/ubuntu/generated/speech-${SECRETS.x_token}.wav`, 'x');
    // A shell session named after a key: its output's channel.
    context.progress.output({
      channel: `main ${SECRETS.tavily}`,
      stream: 'stdout',
      text: 'hello\n'.repeat(20),
    });
    expect(published.length).toBeGreaterThan(0);
    expect(pathsHoldingSecrets(published, Object.values(SECRETS))).toEqual([]);
    const secrets = Object.values(SECRETS);
    expect(pathsHoldingSecrets(sent, secrets)).toEqual([]);
    expect(JSON.stringify(sent)).toContain('[secret media_image redacted]');
    expect(pathsHoldingSecrets([written, saved], secrets)).toEqual([]);
    expect(saved.path).toBe('/home/ubuntu/generated/speech-[secret x_token redacted].wav');
  });

  it('no tool module imports the settings, their storage or the browser’s storage', () => {
    const root = join(import.meta.dirname, '../..');
    // Every tool lives in a profile's folder (its tools/ and the helpers they share).
    const folder = join(root, 'src/agent-worker/profiles');
    const forbidden = [
      { what: 'the settings schema', pattern: /from '[^']*protocol\/settings\.ts'/ },
      { what: 'the app’s storage', pattern: /from '[^']*\/storage\// },
      { what: 'IndexedDB or Dexie', pattern: /\bindexedDB\b|from 'dexie'/ },
      {
        what: 'the browser’s other storage',
        pattern: /\blocalStorage\b|\bsessionStorage\b|\bcaches\.open\b/,
      },
      { what: 'the secrets port', pattern: /\bsecrets\b/ },
    ];
    const offences = sourceFiles(folder).flatMap((file) => {
      const path = relative(root, file);
      // Code only: what comments say is not what a module does.
      const text = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      return forbidden.filter(({ pattern }) => pattern.test(text)).map(({ what }) => `${path}: ${what}`);
    });
    expect(sourceFiles(folder).length).toBeGreaterThan(50);
    expect(offences).toEqual([]);
  });
});

describe('a tool context', () => {
  it('builds the web services only when a tool reaches for them, once per action', () => {
    let built = 0;
    const services = unopenedRunPorts('muxd', {
      appBaseUrl: 'https://app.example/',
      publish: () => undefined,
      // Read as the search service is built, and only then.
      get searchProviders() {
        built += 1;
        return [];
      },
    });
    const context = services.toolContext('u1', null);
    expect(built).toBe(0);
    expect(context.search).toBe(context.search);
    expect(built).toBe(1);
  });
});
