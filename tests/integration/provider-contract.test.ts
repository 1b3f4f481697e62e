/**
 * The provider contract: the same cases, run against every model provider — the
 * OpenAI-compatible provider through the scripted HTTP server (real `openai` client),
 * and the WebLLM provider through the fake engine, with constrained decoding (a small
 * model) and with native tool calling (a Hermes model). Loop cases run the real
 * runtime over fake-indexeddb, so observations are checked end to end.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideCall } from '../../src/agent-worker/engine/call-decision.ts';
import type { ModelProgress, ModelRequest, ModelResult } from '../../src/agent-worker/llm/chat-messages.ts';
import { manusProfile } from '../../src/agent-worker/profiles/manus/manus-profile.ts';
import { NOTES_PHASES, NOTES_TASK } from '../fixtures/scenarios.ts';
import {
  type ContractSubject,
  type ContractTurn,
  type LoopRig,
  remoteSubject,
  webLlmSubject,
} from './provider-contract-subjects.ts';

type SubjectEntry = {
  label: string;
  create: () => Promise<ContractSubject>;
  /** A grammar holding the output to the registry's tools excludes unknown tools and wrong arguments. */
  canWriteInvalidCalls: boolean;
  /** A native Hermes output names its tool last, so a stop cannot tell which call was streaming. */
  namesCallWhileStreaming: boolean;
};

const SUBJECTS: SubjectEntry[] = [
  {
    label: 'OpenAI-compatible provider, scripted HTTP server',
    create: remoteSubject,
    canWriteInvalidCalls: true,
    namesCallWhileStreaming: true,
  },
  {
    label: 'OpenAI-compatible provider in constrained mode, scripted HTTP server',
    create: () => remoteSubject('constrained'),
    // The scripted server does not hold its output to the grammar (a real server does).
    canWriteInvalidCalls: true,
    namesCallWhileStreaming: true,
  },
  {
    label: 'WebLLM provider, constrained decoding',
    create: async () => webLlmSubject('Llama-3.2-1B-Instruct-q4f32_1-MLC', 'constrained decoding'),
    canWriteInvalidCalls: false,
    namesCallWhileStreaming: true,
  },
  {
    label: 'WebLLM provider, native tool calling',
    create: async () => webLlmSubject('Hermes-3-Llama-3.1-8B-q4f16_1-MLC', 'native tool calling'),
    canWriteInvalidCalls: true,
    namesCallWhileStreaming: false,
  },
];

const call = (name: string, args: Record<string, unknown>, slow = false): ContractTurn => ({
  kind: 'call',
  name,
  arguments: args,
  slow,
});
const acknowledge = () => call('message', { type: 'info', text: 'On it: a notes app with accounts.' });
const planNotes = () =>
  call('plan', {
    action: 'update',
    goal: 'Build a notes application with authentication',
    phases: NOTES_PHASES,
  });
const ask = () => call('message', { type: 'ask', text: 'SQLite or PostgreSQL?' });
const finish = () => call('message', { type: 'result', text: 'Done.' });

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

function baseRequest(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    messages: [
      { role: 'system', content: manusProfile.systemPrompt },
      { role: 'user', content: NOTES_TASK },
    ],
    tools: [...manusProfile.specs],
    calls: manusProfile.callShapes,
    forced: null,
    signal: new AbortController().signal,
    ...overrides,
  };
}

function response(result: ModelResult) {
  if (result.type !== 'response') throw new Error(`expected a response, got: ${result.message}`);
  return result;
}

describe.each(SUBJECTS)('provider contract — $label', (entry) => {
  let subject: ContractSubject;
  beforeEach(async () => {
    subject = await entry.create();
  });
  afterEach(async () => {
    await subject.close();
  });

  it('streams text as deltas and returns it whole', async () => {
    const text = 'Hello! This answer streams in several pieces.';
    subject.script([{ kind: 'text', text }]);
    const progress: ModelProgress[] = [];
    const result = response(
      await subject.provider.respond(baseRequest({ tools: [] }), (p) => progress.push(p)),
    );
    expect(result.text).toBe(text);
    expect(result.toolCalls).toEqual([]);
    expect(progress[0]).toEqual({ type: 'request_sent' });
    const deltas = progress.flatMap((p) => (p.type === 'text_delta' ? [p.delta] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(text);
  });

  it('returns one tool call with an id, in the shape the loop accepts, with usage', async () => {
    const args = { type: 'info', text: 'Starting on the notes app.' };
    subject.script([call('message', args)]);
    const progress: ModelProgress[] = [];
    const result = response(await subject.provider.respond(baseRequest(), (p) => progress.push(p)));
    expect(result.toolCalls).toHaveLength(1);
    const [first] = result.toolCalls;
    expect(first?.id).toMatch(/\S/);
    expect(first?.name).toBe('message');
    expect(JSON.parse(first?.arguments ?? '')).toEqual(args);
    expect(decideCall(first!, manusProfile, manusProfile.openingSteps[0] ?? null, [])).toMatchObject({
      ok: true,
      action: { actionType: 'message.info' },
    });
    expect(progress).toContainEqual({ type: 'tool_call_started', index: 0, name: 'message' });
    expect(result.usage?.prompt).toBeGreaterThan(0);
    expect(result.usage?.completion).toBeGreaterThan(0);
  });

  it('forces a tool by masking: only it is admitted, and the model is told exactly what a free step tells it', async () => {
    subject.script([planNotes(), acknowledge()]);
    const forced = response(
      await subject.provider.respond(baseRequest({ forced: { tool: 'plan', actionType: 'plan.update' } })),
    );
    const free = response(await subject.provider.respond(baseRequest()));
    expect(forced.toolCalls[0]?.name).toBe('plan');
    expect(free.toolCalls[0]?.name).toBe('message');
    expect(subject.admittedTools(0)).toEqual(['plan']);
    const freeTools = subject.admittedTools(1);
    if (freeTools !== 'any') expect(freeTools).toEqual(manusProfile.tools.map((tool) => tool.name));
    expect(subject.fixedPrompt(0)).toBe(subject.fixedPrompt(1));
  });

  it('stops mid-stream: the request is cut off at once, and the next request is served', async () => {
    subject.script([call('message', { type: 'result', text: 'x'.repeat(400) }, true), acknowledge()]);
    const controller = new AbortController();
    const pending = subject.provider.respond(baseRequest({ signal: controller.signal }));
    await waitFor(() => subject.hasStreamed(0), 'the response streams');
    await sleep(100);
    const stoppedAt = performance.now();
    controller.abort();
    const result = await pending;
    expect(performance.now() - stoppedAt).toBeLessThan(500);
    expect(result).toEqual({ type: 'failure', kind: 'cancelled', message: 'Stopped by the user.' });
    expect(await subject.wasInterrupted(0)).toBe(true);
    const next = response(await subject.provider.respond(baseRequest()));
    expect(next.toolCalls[0]?.name).toBe('message');
  });

  describe('through the agent loop', () => {
    let rig: LoopRig;
    beforeEach(async () => {
      rig = await subject.loopRig();
    });

    async function runNotesTask(turns: ContractTurn[]): Promise<string> {
      subject.script(turns);
      const id = await rig.runtime.startConversation(NOTES_TASK);
      await rig.runtime.idle(id);
      return id;
    }

    async function expectValidationObservation(turn: ContractTurn, pattern: RegExp): Promise<void> {
      const id = await runNotesTask([acknowledge(), planNotes(), turn, ask()]);
      const completions = await rig.completions(id);
      expect(completions[2]).toMatchObject({ status: 'error', meta: { error: { kind: 'validation' } } });
      expect(completions[2]?.content).toMatch(pattern);
      expect(completions[3]?.meta.action_type).toBe('message.ask');
      expect(subject.requestText(3)).toMatch(pattern);
    }

    it('turns output that is not JSON (cut off) into a validation observation the model reads', async () => {
      // A cut-off native output loses the tool's name, which Hermes writes last.
      await expectValidationObservation({ kind: 'invalid_json' }, /not valid JSON|not a readable tool call/);
    });

    it.runIf(entry.canWriteInvalidCalls)(
      'turns a call to an unknown tool into a validation observation',
      async () => {
        await expectValidationObservation(call('teleport', { to: 'mars' }), /no tool named `teleport`/);
      },
    );

    it.runIf(entry.canWriteInvalidCalls)('turns wrong arguments into a validation observation', async () => {
      await expectValidationObservation(
        call('message', { type: 'shout', text: 'Hi' }),
        /Invalid arguments for `message`/,
      );
    });

    it.skipIf(entry.canWriteInvalidCalls)(
      'cannot write an unknown tool or wrong arguments: the grammar admits only valid calls',
      async () => {
        subject.script([call('teleport', { to: 'mars' }), call('message', { type: 'shout', text: 'Hi' })]);
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const result = await subject.provider.respond(baseRequest());
          expect(result).toMatchObject({ type: 'failure', kind: 'engine' });
          expect(result.type === 'failure' && result.message).toMatch(/the grammar does not admit/);
        }
        expect(subject.admittedTools(0)).toEqual(manusProfile.tools.map((tool) => tool.name));
      },
    );

    it('retries a transient failure (429 / GPU device lost) and completes the run', async () => {
      const id = await runNotesTask([{ kind: 'transient' }, acknowledge(), planNotes(), finish()]);
      expect((await rig.runtime.readConversation(id))?.conversation.status).toBe('done');
      expect(subject.attempts()).toBe(4);
    });

    it('stops trying when the transient failure persists: pauses to ask (a server) or ends on the error (an engine)', async () => {
      const id = await runNotesTask([{ kind: 'transient' }, { kind: 'transient' }]);
      const status = (await rig.runtime.readConversation(id))?.conversation.status;
      const last = (await rig.events(id)).at(-1)?.body;
      // A server's passing failure is retried by the loop (here once, the settings' maxRetries),
      // then the run pauses with Retry / Stop; an in-browser engine retries on its own, then fails.
      if (status === 'asking') {
        expect(last).toMatchObject({ envelope: { meta: { runtime_reason: 'provider_unavailable' } } });
      } else {
        expect(status).toBe('error');
        expect(last).toMatchObject({ type: 'notice', kind: 'provider_error' });
      }
      expect(subject.attempts()).toBe(2);
    });

    it('extends the previous request with every step, across forced steps and a reply', async () => {
      const id = await runNotesTask([acknowledge(), planNotes(), ask()]);
      const question = (await rig.completions(id)).at(-1)!;
      subject.script([call('plan', { action: 'advance', current_phase_id: 1, next_phase_id: 2 }), finish()]);
      await rig.runtime.replyToAsk(id, question.uuid, 'SQLite');
      await rig.runtime.idle(id);
      expect((await rig.runtime.readConversation(id))?.conversation.status).toBe('done');
      expect(subject.requestCount()).toBe(5);
      for (let index = 1; index < 5; index += 1) {
        expect(subject.extendsPrevious(index), `request ${index} extends request ${index - 1}`).toBe(true);
      }
      expect(subject.requestText(3)).toContain('SQLite');
    });

    it('records the call in flight as cancelled when stopped while it streams', async () => {
      subject.script([
        acknowledge(),
        planNotes(),
        call('message', { type: 'result', text: 'x'.repeat(400) }, true),
      ]);
      const id = await rig.runtime.startConversation(NOTES_TASK);
      await waitFor(
        () => subject.requestCount() >= 3 && subject.hasStreamed(2),
        'the third response streams',
      );
      await sleep(600);
      await rig.runtime.stop(id);
      expect((await rig.runtime.readConversation(id))?.conversation.status).toBe('idle');
      expect((await rig.events(id)).at(-1)?.body).toMatchObject({ type: 'notice', kind: 'stopped' });
      const last = (await rig.completions(id)).at(-1);
      if (entry.namesCallWhileStreaming) {
        expect(last).toMatchObject({
          status: 'error',
          meta: { tool: 'message', error: { kind: 'cancelled' } },
        });
      } else {
        expect(last?.meta.action_type).toBe('plan.update');
      }
    });
  });
});
