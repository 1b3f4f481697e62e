/**
 * The real thing: upstream llama.cpp `llama-server` (../shared/llm) with a synthetic
 * model that has the real Qwen2 tokenizer and real chat templates, driven through the
 * real runtime. What is tested is the server's API, templating, grammar engine and
 * tool-call parser — and how Sandpiper copes with each — not how clever the model is.
 * Skipped, saying why, where ../shared/llm is absent.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decideCall } from '../../src/agent-worker/engine/call-decision.ts';
import { withToolDescriptions } from '../../src/agent-worker/engine/tool-descriptions.ts';
import type { ModelRequest, ModelResult } from '../../src/agent-worker/llm/chat-messages.ts';
import { createOpenAiCompatibleProvider } from '../../src/agent-worker/llm/providers/openai-compatible.ts';
import { manusProfile } from '../../src/agent-worker/profiles/manus/manus-profile.ts';
import type { EventBody } from '../../src/shared/protocol/events.ts';
import { datedFindings, type ServerCapabilities } from '../../src/shared/protocol/providers.ts';
import { SettingsRepository } from '../../src/shared/storage/settings-repository.ts';
import { skipEachWithoutShared } from '../shared-folder.ts';
import { createHarness, type Harness, SCRIPTED_PROVIDER_ID } from './harness.ts';
import {
  LLM_NEEDS,
  type LlamaServer,
  startLlama as startServer,
  syntheticModel,
  templateArgs,
} from './llama-server-process.ts';

let modelPath = '';
let server: LlamaServer | null = null;
let harness: Harness | null = null;

const startLlama = (args: string[]) => startServer(modelPath, args);

/** What was learned, in words. */
const findingsOf = (capabilities: ServerCapabilities | undefined) =>
  capabilities
    ? datedFindings(capabilities)
        .map((finding) => finding.text)
        .join(' ')
    : '';

const template = (name: string) => templateArgs(name);

async function run(args: string[], stepBudget = 4) {
  server = await startLlama(args);
  harness = await createHarness(
    // One retry: Node's fetch may reuse a connection llama-server has just closed.
    { stepBudget, maxRetries: 1, requestTimeoutMs: 120_000 },
    { baseUrl: `${server.url}/v1`, model: 'synthetic', toolCalls: 'auto', contextWindowTokens: 32_000 },
  );
  const id = await harness.runtime.startConversation('Write a haiku about the sea to /home/ubuntu/haiku.md');
  await harness.runtime.idle(id);
  const bodies: EventBody[] = (await harness.events(id)).map((event) => event.body);
  const completions = await harness.completions(id);
  const capabilities = (await new SettingsRepository(harness.database).getServerCapabilities())[
    SCRIPTED_PROVIDER_ID
  ];
  const conversation = (await harness.runtime.readConversation(id))?.conversation;
  return {
    notices: bodies.flatMap((body) =>
      body.type === 'notice' ? [`${body.kind}: ${body.text}${body.details ? ` (${body.details})` : ''}`] : [],
    ),
    turns: bodies.flatMap((body) => (body.type === 'assistant_turn' ? [body] : [])),
    actions: completions.map((envelope) => `${envelope.meta.action_type}:${envelope.status}`),
    errors: completions.flatMap((envelope) => (envelope.meta.error ? [envelope.meta.error.message] : [])),
    capabilities,
    conversation,
  };
}

describe('against the real llama-server', () => {
  const hasLlm = skipEachWithoutShared(...LLM_NEEDS);
  beforeAll(async () => {
    if (hasLlm) modelPath = await syntheticModel();
  }, 120_000);
  afterEach(async () => {
    await harness?.close();
    harness = null;
    server?.process.kill();
    server = null;
  });

  it('counts the Manus tool list with the real Qwen2 tokenizer: full, and compact under 2,500 tokens', async () => {
    server = await startLlama(['-c', '4096']);
    const tokens = async (text: string) => {
      const response = await fetch(`${server?.url}/tokenize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: text }),
      });
      return ((await response.json()) as { tokens: unknown[] }).tokens.length;
    };
    const full = await tokens(JSON.stringify(manusProfile.specs));
    const compact = await tokens(JSON.stringify(withToolDescriptions(manusProfile, 'compact').specs));
    const system = await tokens(manusProfile.systemPrompt);
    console.log(
      `Manus tool list: ${full} tokens in full, ${compact} compact; system prompt ${system} tokens.`,
    );
    expect(compact).toBeLessThan(2_500);
    expect(full).toBeGreaterThan(compact * 2);
  }, 120_000);

  describe('the provider contract, unscripted (the model is the server’s)', () => {
    const request = (overrides: Partial<ModelRequest> = {}): ModelRequest => ({
      messages: [
        { role: 'system', content: manusProfile.systemPrompt },
        { role: 'user', content: 'Write a haiku about the sea.' },
      ],
      tools: [...manusProfile.specs],
      calls: manusProfile.callShapes,
      forced: null,
      signal: new AbortController().signal,
      ...overrides,
    });
    const provider = (mode: 'native' | 'constrained') =>
      createOpenAiCompatibleProvider({
        baseUrl: `${server?.url}/v1`,
        apiKey: '',
        model: 'synthetic',
        requestTimeoutMs: 120_000,
        mode,
      });
    const responseOf = (result: ModelResult) => {
      if (result.type !== 'response') throw new Error(`expected a response: ${result.message}`);
      return result;
    };

    it('native: the server parses the template’s <tool_call> into one call with an id and usage; a named tool_choice is not honoured', async () => {
      server = await startLlama(['-c', '16384']);
      const free = responseOf(await provider('native').respond(request()));
      expect(free.toolCalls).toHaveLength(1);
      expect(free.toolCalls[0]).toMatchObject({ id: expect.stringMatching(/\S/), name: 'message' });
      expect(free.usage?.prompt).toBeGreaterThan(1000);
      const forced = responseOf(
        await provider('native').respond(request({ forced: { tool: 'plan', actionType: 'plan.update' } })),
      );
      // What llama-server does with an object tool_choice (it is treated as "auto"); the runtime copes.
      expect(forced.forcing).toBe('ignored');
    }, 120_000);

    it('constrained: a forced call is that call, valid; the next request extends the prompt and is served from the cache', async () => {
      server = await startLlama(['-c', '16384']);
      const constrained = provider('constrained');
      const forced = responseOf(
        await constrained.respond(request({ forced: { tool: 'plan', actionType: 'plan.update' } })),
      );
      const [call] = forced.toolCalls;
      expect(call?.name).toBe('plan');
      expect(decideCall(call!, manusProfile, manusProfile.openingSteps[1] ?? null, [])).toMatchObject({
        ok: true,
        action: { actionType: 'plan.update' },
      });
      const next = responseOf(
        await constrained.respond(
          request({
            messages: [
              ...request().messages,
              {
                role: 'assistant',
                content: null,
                tool_calls: [
                  { id: call!.id, type: 'function', function: { name: 'plan', arguments: call!.arguments } },
                ],
              },
              { role: 'tool', tool_call_id: call!.id, content: 'Plan set.' },
            ],
          }),
        ),
      );
      expect(next.toolCalls).toHaveLength(1);
      expect(next.usage?.cached).toBeGreaterThan((forced.usage?.prompt ?? 0) * 0.9);
    }, 120_000);

    it('stops a request in flight: cancelled at once, and the next request is served', async () => {
      server = await startLlama(['-c', '16384']);
      const native = provider('native');
      const controller = new AbortController();
      const pending = native.respond(request({ signal: controller.signal }), (progress) => {
        if (progress.type === 'request_sent') setTimeout(() => controller.abort(), 50);
      });
      expect(await pending).toEqual({ type: 'failure', kind: 'cancelled', message: 'Stopped by the user.' });
      expect(responseOf(await native.respond(request())).toolCalls).toHaveLength(1);
    }, 120_000);
  });

  it('a tool-aware template: the ignored named tool_choice is found out and the plan step forced by grammar; usage with cached tokens recorded', async () => {
    const result = await run(['-c', '16384']);
    expect(result.actions[0]).toBe('message.info:success');
    expect(result.notices).toContainEqual(
      expect.stringMatching(/^provider_adapted: .*did not hold a forced step/),
    );
    expect(result.actions).toContain('plan.update:success');
    expect(result.capabilities).toMatchObject({
      toolCalls: 'constrained',
      forcing: 'by_grammar',
      windowTokens: 16384,
    });
    const usages = result.turns.map((turn) => turn.usage);
    expect(usages.every((usage) => usage !== null && usage.prompt > 0 && usage.completion > 0)).toBe(true);
    expect(usages.some((usage) => (usage?.cached ?? 0) > 0)).toBe(true);
    expect(result.notices.filter((notice) => notice.startsWith('provider_error'))).toEqual([]);
  }, 240_000);

  it('a template without tools (plain ChatML): starts constrained from /props, both opening steps by grammar', async () => {
    const result = await run(['-c', '16384', ...template('chatml-no-tools.jinja')]);
    expect(result.actions.slice(0, 2)).toEqual(['message.info:success', 'plan.update:success']);
    expect(result.capabilities).toMatchObject({ toolCalls: 'constrained', forcing: 'by_grammar' });
    expect(findingsOf(result.capabilities)).toMatch(/has no tool support/);
    expect(result.notices.filter((notice) => /provider_(error|adapted)/.test(notice))).toEqual([]);
  }, 240_000);

  it('a strict-alternation template (Gemma): no 400, the system prompt leads the first user turn', async () => {
    const result = await run(['-c', '16384', ...template('google-gemma-2-2b-it.jinja')]);
    expect(result.actions.slice(0, 2)).toEqual(['message.info:success', 'plan.update:success']);
    expect(result.capabilities).toMatchObject({ toolCalls: 'constrained', systemRole: false });
    expect(result.notices.filter((notice) => notice.startsWith('provider_error'))).toEqual([]);
  }, 240_000);

  it('-c 4096: the window is read from the server and the compact descriptions make the first request fit', async () => {
    const result = await run(['-c', '4096'], 3);
    expect(result.capabilities?.windowTokens).toBe(4096);
    expect(result.conversation?.toolDescriptions).toBe('compact');
    expect(result.turns.length).toBeGreaterThan(0);
    expect(result.turns[0]?.usage?.prompt).toBeLessThan(4096);
    expect(result.conversation?.status).not.toBe('error');
    // Whatever the run then does, a window it outgrows is explained, never a bare 400.
    for (const notice of result.notices.filter((text) => text.startsWith('provider_error'))) {
      expect(notice).toMatch(/-c|context window/);
    }
  }, 240_000);
});
