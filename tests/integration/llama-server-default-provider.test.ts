/**
 * Issue 23's first contact: a person adds the "OpenAI" provider and changes only
 * its Base URL to their llama-server. Against upstream llama-server started with chat
 * templates and windows the older suite does not use (Llama 3.2, Hermes 2 Pro at -c 8192,
 * Mistral Nemo; real templates from llama.cpp, see tests/fixtures/chat-templates/), the
 * runtime must find out what the server is from its answers, hold the forced opening
 * steps, pick the compact descriptions for a small window, reach the result, and forget
 * a learned switch when asked. The synthetic model never chooses to deliver by itself (it
 * always picks `message` type `info`), so a proxy narrows a free step's grammar to
 * `message` type `result`, standing in for a model that decides it is done; the server's
 * own grammar engine writes that call. Skipped where ../shared/llm is absent.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { identifyServer } from '../../src/agent-worker/runtime/server-knowledge.ts';
import type { EventBody } from '../../src/shared/protocol/events.ts';
import { datedFindings } from '../../src/shared/protocol/providers.ts';
import { SAVED_OPENAI } from '../../src/shared/protocol/settings-fixtures.ts';
import { SettingsRepository } from '../../src/shared/storage/settings-repository.ts';
import { startDeliverProxy } from '../fixtures/deliver-proxy.ts';
import { skipEachWithoutShared } from '../shared-folder.ts';
import { createHarness, type Harness } from './harness.ts';
import {
  LLM_NEEDS,
  type LlamaServer,
  startLlama,
  syntheticModel,
  templateArgs,
} from './llama-server-process.ts';

const TASK = 'Write a haiku about the sea to /home/ubuntu/haiku.md';
const OPENAI = SAVED_OPENAI;

let modelPath = '';
let server: LlamaServer | null = null;
let proxy: Awaited<ReturnType<typeof startDeliverProxy>> | null = null;
let harness: Harness | null = null;

/**
 * llama-server with `template` at window `-c`, behind the proxy, and a runtime whose one
 * provider is the OpenAI preset as added, with only its Base URL changed. `savedBefore`:
 * the settings as a version before auto for every preset saved them (Native on this preset).
 */
async function defaultProviderOn(template: string, window: number, savedBefore = false) {
  server = await startLlama(modelPath, ['-c', String(window), ...templateArgs(template, true)]);
  proxy = await startDeliverProxy(server.url, { tool: 'message', field: 'type', value: 'result' });
  const provider = { ...OPENAI, baseUrl: `${proxy.url}/v1` };
  harness = await createHarness({ stepBudget: 8, maxRetries: 2 }, provider);
  if (savedBefore) {
    const settings = await new SettingsRepository(harness.database).getAgentSettings();
    const { toolCallDefaults: _now, ...older } = settings;
    const providers = older.providers.map((saved) => ({ ...saved, toolCalls: 'native' as const }));
    await harness.database.settings.put({ key: 'agent', value: { ...older, providers } });
  }
  return provider;
}

async function runTask(of: Harness) {
  const id = await of.runtime.startConversation(TASK);
  await of.runtime.idle(id);
  const bodies: EventBody[] = (await of.events(id)).map((event) => event.body);
  const learned = (await new SettingsRepository(of.database).getServerCapabilities())[OPENAI.id];
  return {
    id,
    conversation: (await of.runtime.readConversation(id))?.conversation,
    actions: (await of.completions(id)).map((envelope) => `${envelope.meta.action_type}:${envelope.status}`),
    notices: bodies.flatMap((body) =>
      body.type === 'notice' ? [`${body.kind}: ${body.text}${body.details ? ` (${body.details})` : ''}`] : [],
    ),
    turns: bodies.flatMap((body) => (body.type === 'assistant_turn' ? [body] : [])),
    learned,
    findings: learned ? datedFindings(learned).map((finding) => finding.text) : [],
  };
}

/**
 * The run's first notice that is not a retry. A retry is the runtime answering a dropped
 * connection (Node's fetch may reuse one the proxy has just closed: a CI run's first notice was
 * "retrying: Could not reach …"), and says nothing of what the server's answers taught it.
 */
function firstNoticeBeyondRetries(run: Awaited<ReturnType<typeof runTask>>): string | undefined {
  return run.notices.find((notice) => !notice.startsWith('retrying:'));
}

/** The opening steps held, then the result: nothing refused, no provider error, done. */
function expectHeldAndDelivered(run: Awaited<ReturnType<typeof runTask>>) {
  expect(run.actions).toEqual(['message.info:success', 'plan.update:success', 'message.result:success']);
  expect(run.conversation?.status).toBe('done');
  expect(run.notices.filter((notice) => /^(provider_error|no_tool_call)/.test(notice))).toEqual([]);
}

describe('the default provider with only its Base URL changed, on a real llama-server', () => {
  const hasLlm = skipEachWithoutShared(...LLM_NEEDS);
  beforeAll(async () => {
    if (hasLlm) modelPath = await syntheticModel();
  }, 120_000);
  afterEach(async () => {
    await harness?.close();
    await proxy?.close();
    server?.process.kill();
    [harness, proxy, server] = [null, null, null];
  });

  it('Llama 3.2 (settings saved when this preset defaulted to Native): auto all the same; forced steps held; done', async () => {
    await defaultProviderOn('meta-llama-Llama-3.2-3B-Instruct.jinja', 16_384, true);
    const saved = await new SettingsRepository(harness!.database).getAgentSettings();
    expect(saved.providers[0]?.toolCalls).toBe('auto');
    const run = await runTask(harness!);
    expectHeldAndDelivered(run);
    // Llama 3.2's template answers a forced step with nothing: found out, the step sent again by grammar.
    expect(firstNoticeBeyondRetries(run)).toMatch(
      /^provider_adapted: .*answered in plain text where a call of `message\.info`/,
    );
    expect(run.learned).toMatchObject({
      server: 'llama.cpp',
      windowTokens: 16_384,
      toolCalls: 'constrained',
    });
    // The server was asked what it is before the first request, whatever the preset's name.
    expect(proxy!.paths.indexOf('GET /props')).toBeLessThan(
      proxy!.paths.indexOf('POST /v1/chat/completions'),
    );
  }, 240_000);

  it('Hermes 2 Pro at -c 8192: the window read from the server, compact descriptions, the first request fits', async () => {
    await defaultProviderOn('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja', 8_192);
    const run = await runTask(harness!);
    expectHeldAndDelivered(run);
    expect(run.conversation?.toolDescriptions).toBe('compact');
    expect(run.learned).toMatchObject({ server: 'llama.cpp', windowTokens: 8_192 });
    expect(run.findings.join(' ')).toMatch(/window 8,192 tokens \(-c\)/);
    for (const turn of run.turns) expect(turn.usage?.prompt).toBeLessThan(8_192);
    // Hermes' template parses its <tool_call>s natively, but a named tool_choice is not held.
    expect(firstNoticeBeyondRetries(run)).toMatch(/did not hold a forced step/);
  }, 240_000);

  it('Mistral Nemo (strict alternation, nine-character call ids): held and done; a learned switch forgotten', async () => {
    const provider = await defaultProviderOn('mistralai-Mistral-Nemo-Instruct-2407.jinja', 12_288);
    const run = await runTask(harness!);
    expectHeldAndDelivered(run);
    expect(run.conversation?.toolDescriptions).toBe('compact');
    expect(run.learned).toMatchObject({ toolCalls: 'constrained', recheck: { conversationId: run.id } });

    // Test connection tells what the server is, from its answers.
    const identified = await identifyServer(
      { settings: new SettingsRepository(harness!.database), now: Date.now },
      provider,
    );
    expect(identified).toMatchObject({ server: 'llama.cpp', windowTokens: 12_288 });

    // Forget what was learned: the next conversation asks the server afresh and starts native.
    await new SettingsRepository(harness!.database).forgetServerCapabilities(provider.id);
    expect(
      (await new SettingsRepository(harness!.database).getServerCapabilities())[provider.id],
    ).toBeUndefined();
    const requestsBefore = proxy!.paths.length;
    const next = await runTask(harness!);
    expectHeldAndDelivered(next);
    const after = proxy!.paths.slice(requestsBefore);
    expect(after.indexOf('GET /props')).toBeLessThan(after.indexOf('POST /v1/chat/completions'));
    expect(firstNoticeBeyondRetries(next)).toMatch(/^provider_adapted:/);
  }, 240_000);
});
