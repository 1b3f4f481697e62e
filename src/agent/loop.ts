import type { Envelope, EnvelopeMeta, ErrorKind } from '../protocol/envelope.ts';
import type { EventBody, StoredEvent, ToolCall } from '../protocol/events.ts';
import type { Plan } from '../protocol/plan.ts';
import type { AgentSettings } from '../protocol/settings.ts';
import { buildMessages } from './context-builder.ts';
import type { Journal, JournalChanges } from './journal.ts';
import { SYSTEM_PROMPT } from './prompts/index.ts';
import type { ModelProvider, ToolSpec } from './providers/chat-messages.ts';
import { budgetQuestion, failuresQuestion, runtimeAsk } from './runtime-asks.ts';
import {
  danglingActions,
  type ForcedStep,
  forcedStep,
  isSameCall,
  lastFailedCall,
  stepsSinceUserInput,
  trailingFailures,
} from './step-policy.ts';
import type { PreparedCall, ToolOutcome } from './tools/define-tool.ts';
import { findTool, TOOLS } from './tools/index.ts';
import { completeCurrentPhase } from './tools/plan.ts';

/** Every tool, in its fixed order, as the model sees it. Built once: never filtered or reordered. */
export const TOOL_SPECS: readonly ToolSpec[] = TOOLS.map((tool) => ({
  type: 'function',
  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
}));

/** Failures in a row after which the runtime asks the person. */
export const FAILURES_BEFORE_ASKING = 3;

/** What one run of the loop needs. */
export type LoopContext = {
  conversationId: string;
  events: StoredEvent[];
  plan: Plan | null;
  settings: AgentSettings;
  provider: ModelProvider;
  journal: Journal;
  signal: AbortSignal;
  /** Messages the person sent while the run was busy; taken between steps. */
  takeQueuedMessages(): string[];
  newId(): string;
  now(): number;
};

/**
 * The agent loop (seed 003 §1): build the context, ask the model, take exactly one
 * tool call, validate, run, record the observation, repeat — until the task's result,
 * a question, a stop or a provider failure. Every envelope is durable before it is shown.
 */
export async function runLoop(context: LoopContext): Promise<void> {
  const loop = new LoopState(context);
  await loop.closeDanglingActions();
  while (true) {
    const queued = context.takeQueuedMessages();
    if (queued.length > 0) await loop.append(queued.map((text) => ({ type: 'user_message', text })));
    if (context.signal.aborted) return loop.stopped();
    if (stepsSinceUserInput(loop.events) >= context.settings.stepBudget) {
      return loop.askRuntimeQuestion('step_budget', budgetQuestion(context.settings.stepBudget));
    }
    const forced = forcedStep(loop.events);
    let streamingTool: string | null = null;
    const result = await context.provider.respond(
      {
        messages: buildMessages(SYSTEM_PROMPT, loop.events),
        tools: [...TOOL_SPECS],
        forcedTool: forced?.tool ?? null,
        signal: context.signal,
      },
      (progress) => {
        if (progress.type === 'tool_call_started' && progress.index === 0) streamingTool = progress.name;
      },
    );
    if (result.type === 'failure') {
      if (result.kind === 'cancelled') return loop.stopped(streamingTool);
      await loop.append([{ type: 'notice', kind: 'provider_error', text: result.message, forModel: false }], {
        conversation: { status: 'error' },
      });
      return;
    }
    const turn: EventBody = {
      type: 'assistant_turn',
      text: result.text,
      toolCalls: result.toolCalls,
      usage: result.usage,
      model: result.model,
    };
    const [call, ...extras] = result.toolCalls;
    if (!call) {
      await loop.append([
        turn,
        {
          type: 'notice',
          kind: 'no_tool_call',
          text: 'Your last response had no tool call. Every response must call exactly one tool; use `message` for anything the user should read.',
          forModel: true,
        },
      ]);
    } else {
      const isFinished = await loop.runCall(turn, call, extras, forced);
      if (isFinished) return;
    }
    const failures = trailingFailures(loop.events);
    if (failures.length >= FAILURES_BEFORE_ASKING) {
      return loop.askRuntimeQuestion('failures', failuresQuestion(failures));
    }
  }
}

type Decision =
  | { ok: true; call: PreparedCall }
  | { ok: false; tool: string; actionType: string; kind: ErrorKind; message: string };

class LoopState {
  events: StoredEvent[];
  plan: Plan | null;

  constructor(private readonly context: LoopContext) {
    this.events = [...context.events];
    this.plan = context.plan;
  }

  async append(bodies: EventBody[], changes: JournalChanges = {}): Promise<void> {
    const stored = await this.context.journal.append(this.context.conversationId, bodies, changes);
    this.events.push(...stored);
    if (changes.plan) this.plan = changes.plan;
  }

  /** Ends actions a closed tab left running, so every action has its completion. */
  async closeDanglingActions(): Promise<void> {
    const dangling = danglingActions(this.events);
    if (dangling.length === 0) return;
    await this.append(
      dangling.map(({ envelope, toolCallId }) => ({
        type: 'envelope',
        toolCallId,
        envelope: failedEnvelope(
          envelope,
          'cancelled',
          'Interrupted: the page was closed while this action ran.',
        ),
      })),
    );
  }

  /**
   * Ends the run after a stop. A tool call the model had begun to stream is the action
   * in flight: it is recorded as cancelled (outside the model's context, which never saw it).
   */
  async stopped(streamingTool: string | null = null): Promise<void> {
    const cancelled: EventBody[] = [];
    if (streamingTool) {
      const uuid = this.context.newId();
      const phaseId = this.plan?.current_phase_id;
      const running: Envelope = {
        uuid,
        status: 'running',
        content: `Calling ${streamingTool}`,
        meta: {
          action_type: streamingTool,
          tool: streamingTool,
          ...(phaseId !== undefined ? { phase_id: phaseId } : {}),
        },
      };
      cancelled.push(
        { type: 'envelope', envelope: running, toolCallId: null },
        {
          type: 'envelope',
          envelope: failedEnvelope(running, 'cancelled', 'Stopped by the user.'),
          toolCallId: null,
        },
      );
    }
    await this.append(
      [...cancelled, { type: 'notice', kind: 'stopped', text: 'Stopped.', forModel: false }],
      {
        conversation: { status: 'idle' },
      },
    );
  }

  async askRuntimeQuestion(reason: 'failures' | 'step_budget', question: string): Promise<void> {
    await this.append(
      runtimeAsk({ uuid: this.context.newId(), reason, question, phaseId: this.plan?.current_phase_id }),
      { conversation: { status: 'asking' } },
    );
  }

  /** Runs the first call of a response; true when the run ends here (question, result or stop). */
  async runCall(
    turn: EventBody,
    call: ToolCall,
    extras: ToolCall[],
    forced: ForcedStep | null,
  ): Promise<boolean> {
    const decision = this.decide(call, forced);
    const uuid = this.context.newId();
    const phaseId = this.plan?.current_phase_id;
    const baseMeta: EnvelopeMeta = {
      action_type: decision.ok ? decision.call.actionType : decision.actionType,
      tool: decision.ok ? decision.call.tool : decision.tool,
      ...(phaseId !== undefined ? { phase_id: phaseId } : {}),
      ...(extras.length > 0 ? { ignored_tool_calls: extras.map((extra) => extra.name) } : {}),
    };
    const running: Envelope = {
      uuid,
      status: 'running',
      content: decision.ok ? decision.call.description : `Calling ${call.name || 'a tool'}`,
      meta: baseMeta,
    };
    await this.append([turn, { type: 'envelope', envelope: running, toolCallId: call.id }]);

    const outcome: ToolOutcome = decision.ok
      ? await decision.call.execute({
          conversationId: this.context.conversationId,
          uuid,
          plan: this.plan,
          signal: this.context.signal,
          now: this.context.now,
        })
      : { status: 'error', kind: decision.kind, message: decision.message };
    return this.complete(running, call.id, outcome);
  }

  private async complete(running: Envelope, toolCallId: string, outcome: ToolOutcome): Promise<boolean> {
    if (outcome.status === 'error') {
      await this.append([
        {
          type: 'envelope',
          toolCallId,
          envelope: failedEnvelope(running, outcome.kind, outcome.message, outcome.meta),
        },
      ]);
      if (outcome.kind === 'cancelled') {
        await this.stopped();
        return true;
      }
      return false;
    }
    const envelope: Envelope = {
      uuid: running.uuid,
      status: outcome.status,
      content: outcome.content,
      meta: { ...outcome.meta, ...running.meta },
    };
    const body: EventBody = { type: 'envelope', envelope, toolCallId };
    if (outcome.status === 'asking') {
      await this.append([body], { conversation: { status: 'asking' } });
      return true;
    }
    if (outcome.endsRun) {
      const plan = this.plan ? completeCurrentPhase(this.plan, this.context.now()) : undefined;
      await this.append([body], { conversation: { status: 'done' }, ...(plan ? { plan } : {}) });
      return true;
    }
    await this.append([body], outcome.plan ? { plan: outcome.plan } : {});
    return false;
  }

  private decide(call: ToolCall, forced: ForcedStep | null): Decision {
    const tool = findTool(call.name);
    if (!tool) {
      const names = TOOL_SPECS.map((spec) => spec.function.name).join(', ');
      return fail(
        call.name || 'unknown',
        call.name || 'unknown',
        'validation',
        `There is no tool named \`${call.name}\`. The tools are: ${names}.`,
      );
    }
    const previous = lastFailedCall(this.events);
    if (previous && isSameCall(previous, call)) {
      const prepared = tool.prepare(call.arguments);
      const actionType = prepared.ok ? prepared.call.actionType : prepared.actionType;
      return fail(
        tool.name,
        actionType,
        'rejected',
        'Not run: this is exactly the call that just failed. Change the arguments or take a different approach.',
      );
    }
    const prepared = tool.prepare(call.arguments);
    if (!prepared.ok) return fail(tool.name, prepared.actionType, 'validation', prepared.message);
    if (forced && !matchesForcedStep(prepared.call, forced)) {
      const expected =
        forced.tool === 'message' ? '`message` with type `info`' : '`plan` with action `update`';
      const why =
        forced.tool === 'message'
          ? 'a brief acknowledgment of the new request, without solutions'
          : 'the plan for the new request: a goal and its phases';
      return fail(
        tool.name,
        prepared.call.actionType,
        'validation',
        `This step must be ${expected}: ${why}.`,
      );
    }
    return { ok: true, call: prepared.call };
  }
}

function matchesForcedStep(call: PreparedCall, forced: ForcedStep): boolean {
  return forced.tool === 'message' ? call.actionType === 'message.info' : call.actionType === 'plan.update';
}

function fail(tool: string, actionType: string, kind: ErrorKind, message: string): Decision {
  return { ok: false, tool, actionType, kind, message };
}

function failedEnvelope(
  running: Envelope,
  kind: ErrorKind,
  message: string,
  extraMeta: Record<string, unknown> = {},
): Envelope {
  return {
    uuid: running.uuid,
    status: 'error',
    content: message,
    meta: { ...extraMeta, ...running.meta, error: { kind, message } },
  };
}
