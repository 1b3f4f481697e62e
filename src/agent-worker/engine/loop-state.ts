import { cutSummary } from '../../shared/protocol/action-summary.ts';
import {
  type EventBody,
  keptArguments,
  type StoredEvent,
  type TokenUsage,
  type ToolCall,
} from '../../shared/protocol/events.ts';
import type { Plan } from '../../shared/protocol/phase-plan.ts';
import type { RuntimeAskReason } from '../../shared/protocol/tool-meta/message-meta.ts';
import type { ToolOutcome } from '../toolkit/define-tool.ts';
import type { OpeningStep } from '../toolkit/profile.ts';
import { decideCall, notAvailableOutcome, settledSummary } from './call-decision.ts';
import { planCompaction } from './context/context-compaction.ts';
import { ModelContext, oversizedEnvelopes, saveObservations } from './context/model-context.ts';
import { failedCompletion, runningEvent } from './envelopes.ts';
import type { JournalChanges } from './journal.ts';
import type { LoopContext } from './loop-context.ts';
import { recoverCallFromText } from './recovered-calls.ts';
import { timeLimitOf, timeLimitQuestion, timeLimitStopMessage } from './run-time-limit.ts';
import { type Settlement, settle, stoppedNotice } from './settlement.ts';
import { runtimeAsk } from './step-asks.ts';
import { closeDanglingActions } from './step-policy.ts';

/** An event as the log keeps it: an action's label and arguments cut to size (after redaction). */
function cutForTheLog(body: EventBody): EventBody {
  if (body.type !== 'envelope') return body;
  return {
    ...body,
    ...(body.summary ? { summary: cutSummary(body.summary) } : {}),
    ...(body.arguments ? { arguments: keptArguments(body.arguments) } : {}),
  };
}

/**
 * One run's state: the events so far, the model's context built from them, the plan, and
 * the writes, tool runs and questions of each step.
 */
export class LoopState {
  readonly events: StoredEvent[];
  /** The model's context, extended as events are appended. */
  readonly context: ModelContext;
  private plan: Plan | null;
  /** A step's last write, still committing while the next request goes out. */
  private committing: Promise<void> = Promise.resolve();

  constructor(private readonly loop: LoopContext) {
    this.events = [...loop.events];
    this.plan = loop.plan;
    const { systemPrompt, notes, specsChars } = loop.profile;
    this.context = new ModelContext(
      {
        systemPrompt,
        compactionNote: notes.compaction,
        restorableArguments: loop.profile.restorableArguments,
      },
      specsChars,
      this.events,
    );
  }

  /**
   * Writes events (with every secret of the settings redacted) and extends the model's
   * context. With `canCommitLater`, resolves once they are numbered, their commit still
   * under way: the next request can be built and sent meanwhile, since nothing is shown
   * before it is durable (the journal publishes after the commit), and the next write
   * and the next answer wait for it (`committed`).
   */
  async append(bodies: EventBody[], changes: JournalChanges = {}, canCommitLater = false): Promise<void> {
    await this.committed();
    const { services, journal, conversationId } = this.loop;
    // The one boundary of what the run records: every secret of the settings redacted, then
    // cut to size (a cut through a secret would leave its start behind); an observation too
    // big for the context is saved whole to the workspace before its excerpt is recorded.
    const redactedBodies = services.redact(bodies).map(cutForTheLog);
    const redactedChanges = services.redact(changes);
    await this.saveOversizedObservations(redactedBodies);
    const staged = canCommitLater ? journal.stage(conversationId, redactedBodies, redactedChanges) : null;
    if (staged) this.committing = staged.committed;
    const stored = staged?.events ?? (await journal.append(conversationId, redactedBodies, redactedChanges));
    this.events.push(...stored);
    this.context.extend(stored, this.events);
    if (changes.plan) this.plan = changes.plan;
  }

  /** Resolves once the last write is durable; throws if it failed. */
  committed(): Promise<void> {
    const committing = this.committing;
    this.committing = Promise.resolve();
    return committing;
  }

  /**
   * Near the model's window, records a compaction of older bulky observations, after
   * saving each one whole to the file its excerpt names. If they cannot be saved, the
   * context stays as it is (nothing is dropped that cannot be restored).
   */
  async compactIfNeeded(): Promise<void> {
    const { contextWindowTokens } = this.loop;
    const { compactAtTokens } = this.loop.settings;
    const compaction = planCompaction(
      this.events,
      this.context.estimatedTokens(),
      { contextWindowTokens, compactAtTokens },
      this.loop.profile.restorableArguments,
    );
    if (!compaction) return;
    try {
      if (compaction.toSave.length > 0)
        await saveObservations(await this.loop.openSandbox(), compaction.toSave);
    } catch {
      return;
    }
    await this.append([
      {
        type: 'compaction',
        throughSeq: compaction.throughSeq,
        estimatedTokens: compaction.estimatedTokens,
        contextWindowTokens,
      },
    ]);
  }

  /** Ends actions a closed tab left running, so every action has its completion. */
  async closeDanglingActions(): Promise<void> {
    const closing = closeDanglingActions(
      this.events,
      'Interrupted: the page was closed while this action ran.',
    );
    if (closing.length > 0) await this.append(closing);
  }

  /**
   * Ends the run after a stop. A tool call the model had begun to stream is the action
   * in flight: it is recorded as cancelled (outside the model's context, which never saw it).
   */
  async stopped(streamingTool: string | null = null): Promise<void> {
    const minutes = timeLimitOf(this.loop.signal);
    const message = minutes === null ? 'Stopped by the user.' : timeLimitStopMessage(minutes);
    const cancelled: EventBody[] = [];
    if (streamingTool) {
      const event = runningEvent(
        {
          tool: streamingTool,
          actionType: streamingTool,
          description: `Calling ${streamingTool}`,
          role: null,
          metaKind: this.loop.profile.findTool(streamingTool)?.metaKind ?? null,
          summary: null,
          arguments: null,
        },
        { uuid: this.loop.newId(), toolCallId: null, phaseId: this.plan?.current_phase_id },
      );
      cancelled.push(event, failedCompletion(event, 'cancelled', message));
    }
    if (minutes !== null) {
      const ask = this.runtimeAskBodies('time_limit', timeLimitQuestion(minutes));
      await this.append([...cancelled, ...ask], { conversation: { status: 'asking' } });
      return;
    }
    await this.append([...cancelled, stoppedNotice()], { conversation: { status: 'idle' } });
  }

  /** A call the model wrote inside its text instead of making it (none: the text stays text). */
  recoveredCall(text: string): ToolCall[] {
    const names = this.loop.profile.tools.map((tool) => tool.name);
    const call =
      text.trim() === '' ? null : recoverCallFromText(text, names, () => `call_${this.loop.newId()}`);
    return call ? [call] : [];
  }

  async askRuntimeQuestion(
    reason: RuntimeAskReason,
    question: string,
    detail?: Readonly<Record<string, unknown>>,
  ): Promise<void> {
    const bodies = this.runtimeAskBodies(reason, question, detail);
    await this.append(bodies, { conversation: { status: 'asking' } });
  }

  private runtimeAskBodies(
    reason: RuntimeAskReason,
    question: string,
    detail?: Readonly<Record<string, unknown>>,
  ): EventBody[] {
    return runtimeAsk({
      uuid: this.loop.newId(),
      reason,
      question,
      phaseId: this.plan?.current_phase_id,
      profile: this.loop.profile,
      ...(detail ? { detail } : {}),
    });
  }

  /**
   * A settlement whose action the run's time limit stopped: the action says so, and
   * instead of the stop notice the runtime asks whether to go on.
   */
  private atTimeLimit(settlement: Settlement, minutes: number): Settlement {
    const bodies = settlement.bodies.filter((body) => !(body.type === 'notice' && body.kind === 'stopped'));
    return {
      bodies: [...bodies, ...this.runtimeAskBodies('time_limit', timeLimitQuestion(minutes))],
      changes: { ...settlement.changes, conversation: { status: 'asking' } },
      endsRun: true,
    };
  }

  /**
   * Runs the first call of a response; true when the run ends here (question, result or
   * stop). A call with side effects is made durable (turn + `running`) before it runs;
   * a refused call or a side-effect-free tool commits turn, `running` and completion together.
   */
  async runCall(
    turn: EventBody,
    call: ToolCall,
    extras: ToolCall[],
    forced: OpeningStep | null,
    { isForcingHeld }: { isForcingHeld: boolean },
  ): Promise<boolean> {
    const decision = decideCall(call, this.loop.profile, forced, this.events, isForcingHeld);
    // Its label and arguments are redacted, then cut, where everything the run records is (`append`).
    const running = runningEvent(decision.action, {
      uuid: this.loop.newId(),
      toolCallId: call.id,
      phaseId: this.plan?.current_phase_id,
      extraMeta: extras.length > 0 ? { ignored_tool_calls: extras.map((extra) => extra.name) } : {},
    });
    const { envelope } = running;
    const started: EventBody[] = [turn, running];
    const isImmediate = !decision.ok || !decision.hasSideEffects;
    if (!isImmediate) await this.append(started);
    const toolStart = performance.now();
    const minutesBefore = timeLimitOf(this.loop.signal);
    const outcome: ToolOutcome = this.loop.signal.aborted
      ? {
          status: 'error',
          kind: 'cancelled',
          message:
            minutesBefore === null
              ? 'Stopped by the user before it ran.'
              : `${timeLimitStopMessage(minutesBefore)} It did not run.`,
        }
      : !decision.ok
        ? { status: 'error', kind: decision.kind, message: decision.message }
        : decision.execute
          ? await decision.execute(this.loop.services.toolContext(envelope.uuid, this.plan))
          : notAvailableOutcome(decision.action.tool, this.loop.profile);
    if (decision.ok) {
      this.loop.onStepTiming?.({
        kind: 'action',
        conversationId: this.loop.conversationId,
        actionType: decision.action.actionType,
        durationMs: performance.now() - toolStart,
      });
    }
    // A stop by the time limit, not by the person: the action says so, and the run asks.
    const minutes = timeLimitOf(this.loop.signal);
    const isLimitStop = minutes !== null && outcome.status === 'error' && outcome.kind === 'cancelled';
    // The finished step is labelled by what it did, when its outcome says more than its call.
    const summary = settledSummary(decision, this.loop.profile, outcome);
    const settled = settle(
      summary ? { ...running, summary } : running,
      isLimitStop && minutesBefore === null
        ? { ...outcome, message: timeLimitStopMessage(minutes) }
        : outcome,
      this.plan,
      this.loop.now(),
    );
    withActionUsage(settled, this.loop.services.takeActionUsage(envelope.uuid));
    const settlement = isLimitStop ? this.atTimeLimit(settled, minutes) : settled;
    await this.append(
      isImmediate ? [...started, ...settlement.bodies] : settlement.bodies,
      settlement.changes,
      !settlement.endsRun,
    );
    return settlement.endsRun;
  }

  /** An observation too big for the context is saved whole before its excerpt is recorded. */
  private async saveOversizedObservations(bodies: EventBody[]): Promise<void> {
    const oversized = oversizedEnvelopes(bodies);
    if (oversized.length === 0) return;
    try {
      await saveObservations(await this.loop.openSandbox(), oversized);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      bodies.push({
        type: 'notice',
        kind: 'internal_error',
        text: `The whole observation could not be saved to the workspace (${reason}); only its excerpt is available.`,
        forModel: true,
      });
    }
  }
}

/** Records on the action's completion the tokens its own model requests spent (a settlement's first body). */
function withActionUsage(settlement: Settlement, usage: TokenUsage | null): void {
  const [completion] = settlement.bodies;
  if (usage && completion?.type === 'envelope') settlement.bodies[0] = { ...completion, usage };
}
