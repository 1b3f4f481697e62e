import { addTokenUsage, type EventBody, type TokenUsage } from '../../shared/protocol/events.ts';
import type { ModelProgress, ModelRequest } from '../llm/chat-messages.ts';
import { sendWithRetries, unavailableQuestion } from '../llm/model-retries.ts';
import { windowAdvice } from '../llm/providers/remote/failures.ts';
import { restoreMissingObservations } from './context/model-context.ts';
import { refuseOversizedMessage } from './context/oversized-message.ts';
import type { LoopContext } from './loop-context.ts';
import { LoopState } from './loop-state.ts';
import { repetitionResponse } from './repetition.ts';
import { budgetQuestion, failuresQuestion, tokenBudgetQuestion } from './step-asks.ts';
import { forcedStep, stepsSinceUserInput, tokensSinceUserInput, trailingFailures } from './step-policy.ts';
import { CONVERSATION_ROOM_TOKENS, fixedPromptTokens } from './tool-descriptions.ts';

export type { LoopContext, StepTiming } from './loop-context.ts';

/** Failures in a row after which the runtime asks the person. */
export const FAILURES_BEFORE_ASKING = 3;

/**
 * The agent loop (seed 003 §1): build the context, ask the model, take exactly one
 * tool call, validate, run, record the observation, repeat — until the task's result,
 * a question, a stop or a provider failure. Every envelope is durable before it is shown.
 */
export async function runLoop(context: LoopContext): Promise<void> {
  const loop = new LoopState(context);
  await loop.closeDanglingActions();
  const fixedTokens = fixedPromptTokens(context.profile);
  if (await refuseUnfitWindow(loop, fixedTokens, context.contextWindowTokens)) return;
  // Best effort: a missing file only means an excerpt cannot be opened in full.
  await restoreMissingObservations(loop.events, context.openSandbox).catch(() => undefined);
  let responseAt: number | null = null;
  let answeredAt = 0;
  while (true) {
    const queued = context.takeQueuedMessages();
    if (queued.length > 0) await loop.append(queued.map((text) => ({ type: 'user_message', text })));
    if (context.signal.aborted) return loop.stopped();
    if (stepsSinceUserInput(loop.events) >= context.settings.stepBudget) {
      return loop.askRuntimeQuestion('step_budget', budgetQuestion(context.settings.stepBudget));
    }
    const { tokenBudget } = context.settings;
    const spent = tokenBudget === null ? 0 : tokensSinceUserInput(loop.events);
    if (tokenBudget !== null && spent >= tokenBudget) {
      return loop.askRuntimeQuestion('token_budget', tokenBudgetQuestion(tokenBudget, spent));
    }
    const spending = await context.spendCap.check(loop.events, () => loop.committed());
    if (spending.type === 'reached') {
      return loop.askRuntimeQuestion('spend_cap', spending.question, spending.meta);
    }
    if (spending.type === 'cannot_apply') await loop.append([spending.notice]);
    await loop.compactIfNeeded();
    if (await refuseOversizedMessage(loop, context.contextWindowTokens, fixedTokens)) return;
    const forced = forcedStep(loop.events, context.profile.openingSteps);
    let streamingTool: string | null = null;
    const [stepStart, stepAnswered] = [responseAt, answeredAt];
    let isTimed = false;
    const requestChars = loop.context.size();
    const requestAt = performance.now();
    const onProgress = (progress: ModelProgress) => {
      if (progress.type === 'request_sent' && stepStart !== null && !isTimed) {
        isTimed = true;
        const sentAt = performance.now();
        context.onStepTiming?.({
          kind: 'step',
          conversationId: context.conversationId,
          overheadMs: sentAt - stepStart,
          answeredAt: stepAnswered,
          responseAt: stepStart,
          requestAt,
          sentAt,
        });
      }
      if (progress.type === 'tool_call_started' && progress.index === 0) streamingTool = progress.name;
      if (progress.type === 'attempt_discarded') streamingTool = null;
    };
    const request: ModelRequest = {
      messages: loop.context.snapshot(),
      tools: [...context.profile.specs],
      calls: context.profile.callShapes,
      forced: forced ? { tool: forced.tool, actionType: forced.actionType } : null,
      signal: context.signal,
    };
    const { result, gaveUp } = await sendWithRetries({
      send: async () => {
        streamingTool = null;
        const sent = await context.provider.respond(request, onProgress);
        answeredAt = performance.now();
        // A reply that broke off left no call in flight (a stop keeps it: it is recorded as cancelled).
        if (sent.type === 'failure' && sent.kind !== 'cancelled') streamingTool = null;
        // The answer is acted on only once everything recorded before it is durable.
        await loop.committed();
        if (sent.adaptation) {
          const { text, details } = sent.adaptation;
          await loop.append([{ type: 'notice', kind: 'provider_adapted', text, details, forModel: false }]);
        }
        return sent;
      },
      record: (notice) => loop.append([notice]),
      policy: context.retryPolicy,
      signal: context.signal,
      giveUp: context.giveUpRetries(),
      now: context.now,
    });
    responseAt = performance.now();
    if (result.type !== 'failure' && result.usage) {
      loop.context.recordPromptTokens(requestChars, result.usage.prompt);
    }
    if (result.type === 'failure') {
      if (result.kind === 'cancelled') return loop.stopped(streamingTool);
      if (gaveUp) {
        const question = unavailableQuestion(result, gaveUp.attempts, gaveUp.reason);
        return loop.askRuntimeQuestion('provider_unavailable', question);
      }
      // The server refused the request as too long and said its window: plan with that one, once.
      if (result.windowTokens !== undefined && result.windowTokens < context.contextWindowTokens) {
        const notice = windowShrunkNotice(context.contextWindowTokens, result.windowTokens);
        context.contextWindowTokens = result.windowTokens;
        await loop.append([notice]);
        // Prepared for a larger window: the run is prepared again for this one (the compact
        // descriptions, where they fit) and the step sent again; refused when that was done already.
        if (context.prepareAgain && fixedTokens + CONVERSATION_ROOM_TOKENS > context.contextWindowTokens) {
          await loop.committed();
          return context.prepareAgain();
        }
        if (await refuseUnfitWindow(loop, fixedTokens, context.contextWindowTokens)) return;
        continue;
      }
      await loop.append([{ type: 'notice', kind: 'provider_error', text: result.message, forModel: false }], {
        conversation: { status: 'error' },
      });
      return;
    }
    const toolCalls = result.toolCalls.length > 0 ? result.toolCalls : loop.recoveredCall(result.text);
    const turn: EventBody = {
      type: 'assistant_turn',
      text: result.text,
      toolCalls,
      usage: withExtraUsage(result.usage, result.extraUsage),
      model: result.model,
    };
    const [call, ...extras] = toolCalls;
    if (!call && context.profile.endsOnTextReply && result.text.trim() !== '') {
      // The reply is the answer: shown to the person (the turn already holds it for the model).
      const reply: EventBody = { type: 'notice', kind: 'reply', text: result.text, forModel: false };
      await loop.append([turn, reply], { conversation: { status: 'done' } });
      return;
    }
    if (!call) {
      const text = `Your last response had no tool call. ${context.profile.notes.noToolCall}`;
      await loop.append([turn, { type: 'notice', kind: 'no_tool_call', text, forModel: true }]);
    } else if (
      await loop.runCall(turn, call, extras, forced, { isForcingHeld: result.forcing !== 'ignored' })
    ) {
      return;
    }
    const failures = trailingFailures(loop.events);
    if (failures.length >= FAILURES_BEFORE_ASKING) {
      return loop.askRuntimeQuestion('failures', failuresQuestion(failures));
    }
    const repetition = repetitionResponse(loop.events);
    if (repetition?.type === 'ask') return loop.askRuntimeQuestion('repetition', repetition.question);
    if (repetition) await loop.append([repetition.notice]);
  }
}

/**
 * Ends the run, before any request, when the instructions and tools alone leave no room
 * for a conversation in the window (at the start, or once the server said a smaller one);
 * true when it did. The next preparation moves to the compact descriptions where they fit.
 */
async function refuseUnfitWindow(
  loop: LoopState,
  fixedTokens: number,
  windowTokens: number,
): Promise<boolean> {
  if (fixedTokens + CONVERSATION_ROOM_TOKENS <= windowTokens) return false;
  const [fixed, window] = [fixedTokens, windowTokens].map((tokens) => tokens.toLocaleString('en-US'));
  const text = `Sandpiper's instructions and tools take about ${fixed} tokens, too many for this model's context window of ${window} tokens with room for a conversation. ${windowAdvice(windowTokens)}`;
  await loop.append([{ type: 'notice', kind: 'provider_error', text, forModel: false }], {
    conversation: { status: 'error' },
  });
  return true;
}

/** What the thread says when the server's window turned out smaller than the one planned with. */
function windowShrunkNotice(planned: number, actual: number): EventBody {
  const [was, is] = [planned, actual].map((tokens) => tokens.toLocaleString('en-US'));
  return {
    type: 'notice',
    kind: 'provider_adapted',
    text: 'The model server said the conversation is too long for it, so older long results are now shortened to fit, and the step was sent again. Nothing is needed from you.',
    details: `The model server refused the request as too long: its window is ${is} tokens, not the ${was} planned with. Older bulky observations are now compacted to fit, and the step is sent again.`,
    forModel: false,
  };
}

/** A reply's usage with the tokens of a reply dropped on the way added (they were spent too). */
function withExtraUsage(usage: TokenUsage | null, extra: TokenUsage | undefined): TokenUsage | null {
  if (!extra) return usage;
  return usage ? addTokenUsage(usage, extra) : extra;
}
