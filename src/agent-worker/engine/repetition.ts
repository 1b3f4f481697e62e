import type { Envelope } from '../../shared/protocol/envelope.ts';
import type { EventBody, StoredEvent, ToolCall } from '../../shared/protocol/events.ts';
import { stableStringify } from './context/stable-json.ts';
import { isSameCall, isStopKind } from './step-policy.ts';

/**
 * The model repeating itself (issue 23): a small model may send the same call dozens of
 * times, each one succeeding, so the three-failure rule never fires. The detector reads
 * the steps since the person last spoke, generically (calls and envelopes, never tool
 * names), and finds three patterns at the end of them:
 * - the same call (tool and arguments, key order and spacing aside) three times in a row;
 * - the same observation three times in a row, even from different calls;
 * - a cycle of two different calls, A, B, A, B, A, B.
 * Polling is the borderline case: the same call made again and again to watch something
 * that runs (a long command's output). It does not count while its result keeps growing
 * (each observation longer than the one before, as a streaming command's output is);
 * a poll that returns the same result, as the virtual sandbox's does until the command
 * ends, counts like any repeat, and the note says to wait in one call instead. A result
 * that merely changes (a fresh timestamp) is still a repeat.
 * What the same observation cannot tell: a result that does not echo its call (a Python
 * run that printed nothing, where the tool's meta holds no code) is the same for different
 * calls, so three such runs in a row draw the note too; its words allow for a result the
 * model expected.
 */

/** Steps in a row that make a repeat (the same call, or the same observation). */
export const REPEATS_BEFORE_NOTE = 3;
/** Rounds of two alternating calls that make a cycle (A, B three times: six steps). */
export const CYCLE_ROUNDS = 3;

/** Which pattern was found. */
export type RepetitionPattern = 'same_call' | 'same_observation' | 'cycle';

/** What the detector found at the end of the steps since the person last spoke. */
export type Repetition = {
  pattern: RepetitionPattern;
  /** Steps in a row (the same call or observation), or rounds of the cycle. */
  count: number;
  /** The action types involved, in the order of the steps (the cycle's two, or each step's). */
  actionTypes: string[];
  /**
   * What was repeated, as a phrase after a subject ("made the same call 3 times in a row
   * (`message.info` with the same arguments: …)"), for both the model and the person.
   */
  description: string;
};

/** One model step: its first call and how that call ended (a step that breaks every pattern is null). */
type Step = { call: ToolCall; actionType: string; observation: string };

/**
 * The model's steps since the person last spoke (a message or a reply), oldest first. A
 * response without a call, a call never completed, or one stopped (by the person, or a
 * closed page) breaks every pattern: it is null. The runtime's own questions are not
 * steps (no model call to answer), and neither is the completion of a question asked
 * before the person replied.
 */
function modelSteps(events: readonly StoredEvent[]): (Step | null)[] {
  let start = 0;
  events.forEach(({ body }, index) => {
    if (body.type === 'user_message' || body.type === 'user_reply') start = index + 1;
  });
  const turns: { call: ToolCall | null; completion: Envelope | null }[] = [];
  for (const { body } of events.slice(start)) {
    if (body.type === 'assistant_turn') turns.push({ call: body.toolCalls[0] ?? null, completion: null });
    if (body.type !== 'envelope' || body.toolCallId === null) continue;
    const { status } = body.envelope;
    if (status !== 'success' && status !== 'error') continue;
    const turn = turns.findLast((candidate) => candidate.call?.id === body.toolCallId);
    if (turn) turn.completion = body.envelope;
  }
  return turns.map(({ call, completion }) =>
    call && completion && !isStopKind(completion.meta.error?.kind)
      ? { call, actionType: completion.meta.action_type, observation: observationKey(completion) }
      : null,
  );
}

/**
 * The observation as the model reads it, for comparing: status, content and meta, but
 * not the envelope's uuid (nor paths named after it), the phase it ran in, or the calls
 * of its response that were not run: bookkeeping, not what the action returned.
 */
function observationKey(envelope: Envelope): string {
  const { tool: _tool, phase_id: _phaseId, ignored_tool_calls: _ignored, ...meta } = envelope.meta;
  return stableStringify({ status: envelope.status, content: envelope.content, meta }).replaceAll(
    envelope.uuid,
    '<uuid>',
  );
}

/** The steps at the end of `steps` after the last break, oldest first. */
function trailingSteps(steps: readonly (Step | null)[]): Step[] {
  const tail: Step[] = [];
  for (let index = steps.length - 1; index >= 0; index -= 1) {
    const step = steps[index];
    if (!step) break;
    tail.unshift(step);
  }
  return tail;
}

/** How many steps at the end of `steps` are alike by `isAlike` with the last one. */
function runLength(steps: readonly Step[], isAlike: (a: Step, b: Step) => boolean): number {
  const last = steps.at(-1);
  if (!last) return 0;
  let count = 0;
  for (let index = steps.length - 1; index >= 0 && isAlike(steps[index]!, last); index -= 1) count += 1;
  return count;
}

/** True when each observation is longer than the one before: output still growing, as a poll watches. */
function isGrowing(steps: readonly Step[]): boolean {
  return steps.every(
    (step, index) => index === 0 || step.observation.length > steps[index - 1]!.observation.length,
  );
}

const sameCall = (a: Step, b: Step) => isSameCall(a.call, b.call);
const sameObservation = (a: Step, b: Step) => a.observation === b.observation;

/** Longest arguments quoted in a description. */
const QUOTED_ARGUMENT_CHARACTERS = 80;

/** A call's arguments, canonical and short, to quote inside backticks. */
function quotedArguments(call: ToolCall): string {
  let text: string;
  try {
    text = stableStringify(JSON.parse(call.arguments));
  } catch {
    text = call.arguments.trim();
  }
  const short =
    text.length > QUOTED_ARGUMENT_CHARACTERS ? `${text.slice(0, QUOTED_ARGUMENT_CHARACTERS)}…` : text;
  return short.replaceAll('`', "'").replaceAll('\n', ' ');
}

/**
 * The repetition at the end of the steps since the person last spoke, or null. The same
 * call is looked for first, then the same observation, then a cycle.
 */
export function findRepetition(events: readonly StoredEvent[]): Repetition | null {
  const steps = trailingSteps(modelSteps(events));
  const repeats = runLength(steps, sameCall);
  if (repeats >= REPEATS_BEFORE_NOTE && !isGrowing(steps.slice(-REPEATS_BEFORE_NOTE))) {
    const last = steps.at(-1)!;
    return {
      pattern: 'same_call',
      count: repeats,
      actionTypes: [last.actionType],
      description: `made the same call ${repeats} times in a row (\`${last.actionType}\` with the same arguments: \`${quotedArguments(last.call)}\`)`,
    };
  }
  const echoes = runLength(steps, sameObservation);
  if (echoes >= REPEATS_BEFORE_NOTE) {
    const actionTypes = steps.slice(-echoes).map((step) => step.actionType);
    const listed = [...new Set(actionTypes)].map((actionType) => `\`${actionType}\``).join(', ');
    return {
      pattern: 'same_observation',
      count: echoes,
      actionTypes,
      description: `got the same result from ${echoes} calls in a row (${listed})`,
    };
  }
  return findCycle(steps);
}

/** A, B, A, B, A, B at the end of `steps` (A and B different calls), unless A's or B's results keep growing. */
function findCycle(steps: readonly Step[]): Repetition | null {
  const [first, second] = [steps.at(-2), steps.at(-1)];
  if (!first || !second || sameCall(first, second)) return null;
  let length = 2;
  while (length < steps.length && sameCall(steps.at(-1 - length)!, steps.at(-1 - length + 2)!)) length += 1;
  const rounds = Math.floor(length / 2);
  if (rounds < CYCLE_ROUNDS) return null;
  const cycle = steps.slice(-CYCLE_ROUNDS * 2);
  const [evens, odds] = [cycle.filter((_, i) => i % 2 === 0), cycle.filter((_, i) => i % 2 === 1)];
  if (isGrowing(evens) || isGrowing(odds)) return null;
  const [a, b] = [steps.at(-2 * rounds)!, steps.at(-2 * rounds + 1)!];
  return {
    pattern: 'cycle',
    count: rounds,
    actionTypes: [a.actionType, b.actionType],
    description: `went back and forth between the same two calls ${rounds} times (\`${a.actionType}\` with \`${quotedArguments(a.call)}\`, then \`${b.actionType}\` with \`${quotedArguments(b.call)}\`)`,
  };
}

/** The note's second sentence, per pattern: why going on the same way will not help. */
const WHY_NOT_AGAIN: Readonly<Record<RepetitionPattern, string>> = {
  same_call: 'Making it again will not give a different result.',
  same_observation: 'If you expected a different result, another call like these is unlikely to give one.',
  cycle: 'Going back and forth will not move the task forward.',
};

/** What the runtime does about a repetition after a step. */
export type RepetitionResponse =
  | { type: 'note'; notice: EventBody; repetition: Repetition }
  | { type: 'ask'; question: string; repetition: Repetition };

/**
 * After a step: nothing when the steps since the person last spoke end in no repetition;
 * the first time one is found, a note for the model (a `repetition` notice, read as a
 * user-role message); when one is found again after that note, the runtime's question to
 * the person. Derived from the log alone, so a reload decides the same; the person
 * speaking (Continue, a reply, a message) starts the count afresh.
 */
export function repetitionResponse(events: readonly StoredEvent[]): RepetitionResponse | null {
  const repetition = findRepetition(events);
  if (!repetition) return null;
  const note = noteSinceUserInput(events);
  if (note === 'before_last_step') {
    return { type: 'ask', question: repetitionQuestion(repetition), repetition };
  }
  // Noted already, and no step since: nothing new to decide.
  if (note === 'after_last_step') return null;
  const text = `You ${repetition.description}. ${WHY_NOT_AGAIN[repetition.pattern]} Change your approach (if you are waiting for something to finish, wait for it in one call rather than checking again and again), finish the task if it is done, or ask the user how to go on.`;
  return { type: 'note', notice: { type: 'notice', kind: 'repetition', text, forModel: true }, repetition };
}

/** Whether a repetition note was given since the person last spoke, and if so, whether a model step came after it. */
function noteSinceUserInput(events: readonly StoredEvent[]): 'none' | 'before_last_step' | 'after_last_step' {
  let hasStepAfter = false;
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const { body } = events[index]!;
    if (body.type === 'user_message' || body.type === 'user_reply') return 'none';
    if (body.type === 'assistant_turn') hasStepAfter = true;
    if (body.type === 'notice' && body.kind === 'repetition') {
      return hasStepAfter ? 'before_last_step' : 'after_last_step';
    }
  }
  return 'none';
}

/** The runtime's question when the model went on repeating itself after the note: what, and the three ways on. */
export function repetitionQuestion(repetition: Repetition): string {
  return `I seem to be repeating myself: I ${repetition.description}, and went on after being told to change approach.\n\n**Continue** lets me carry on, **Stop** ends this run, or tell me what to do differently.`;
}
