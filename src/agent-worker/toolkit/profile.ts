import type { ActionSummary } from '../../shared/protocol/action-summary.ts';
import type { Schedule, ScheduleEdit } from '../../shared/protocol/schedules.ts';
import type { MetaKind } from '../../shared/protocol/tool-meta/index.ts';
import type { ToolRole } from '../../shared/protocol/tool-roles.ts';
import type { CallShape } from '../llm/call-shapes.ts';
import type { ToolSpec } from '../llm/chat-messages.ts';
import type { Tool } from './define-tool.ts';
import type { RestorableArgument } from './tool-facts.ts';

export type { RestorableArgument } from './tool-facts.ts';

/**
 * A step the runtime forces after each new task, by masking (`tool_choice` or the grammar),
 * never by changing the tool list: the tool the request is forced to, and the action its
 * call must name to count as done.
 */
export type OpeningStep = {
  tool: string;
  actionType: string;
  /** How a refusal names the expected call ("`message` with type `info`"). */
  expected: string;
  /** Why the step exists ("a brief acknowledgment of the new request…"). */
  why: string;
};

/**
 * A call as `summaryOf` reads it; once it has succeeded, with its outcome's `meta`, which
 * may say that it did something other than what it was asked (an `expose` of a port that
 * served a site as a preview instead).
 */
export type ActionCall = {
  tool: string;
  actionType: string;
  arguments: Readonly<Record<string, unknown>>;
  meta?: Readonly<Record<string, unknown>>;
};

/** What defines a profile; `defineProfile` derives the rest. */
export type ToolProfileDefinition = {
  /** Stored on each conversation, which keeps its profile for life. */
  id: string;
  title: string;
  /** One line on what the profile is, for the "Tool profile" picker (and what it does not offer). */
  summary?: string;
  /** Constant (no timestamps or counters), so the prompt prefix stays cacheable. */
  systemPrompt: string;
  /** Every tool, in the fixed order the model always sees them; never filtered. */
  tools: readonly Tool[];
  /** The steps forced after each new task, in order (none: the model starts as it likes). */
  openingSteps: readonly OpeningStep[];
  /**
   * How the runtime's own questions (failures in a row, a spent budget) are labelled:
   * as the profile's ask (the model reads the answer as a reply to the runtime).
   */
  runtimeAsk: { tool: string; actionType: string; metaKind: MetaKind | null };
  /**
   * True when a reply without a tool call is the model's final answer and ends the run
   * (muxd); otherwise the runtime reminds the model to call a tool (`notes.noToolCall`).
   */
  endsOnTextReply?: boolean;
  /**
   * Keeps this profile's mark on a schedule (`Schedule.mark`) true after a person's edit in
   * the Schedules panel: given the schedule before, after the edit (timing normalised) and
   * the edit, returns what to save. Absent: saved as edited. muxd reads a post's text and
   * recurrence back from the edited prompt and timing.
   */
  reconcileScheduleEdit?: (current: Schedule, edited: Schedule, edit: ScheduleEdit) => Schedule;
  /** Tools a sub-agent of this profile does not get (muxd: `task`, so sub-agents never nest). */
  subAgentExcludedTools?: readonly string[];
  /** What the runtime tells the model in this profile's words (they may name its tools). */
  notes: {
    /** After a response with no tool call ("Your last response had no tool call. " comes first). */
    noToolCall: string;
    /** When a compaction shortens older observations: how to read a whole one back. */
    compaction: string;
  };
};

/**
 * A tool profile: a system prompt, a fixed ordered tool list, the opening steps it forces,
 * and which calls play the roles the runtime and UI care about (inform, ask, result, plan).
 * The runtime and the context builder use only this; nothing outside a profile knows its
 * tool names.
 */
export type ToolProfile = ToolProfileDefinition & {
  /** The role a call plays (its tool's facts say), or null for ordinary work. */
  roleOf(call: { tool: string; actionType: string }): ToolRole | null;
  /**
   * What a call does in the verbs every profile shares, with what it acts on, from its
   * tool's facts and its arguments (as the model sent them when they did not validate): the
   * thread labels its step by it. Null for a tool the profile does not have. Asked again
   * with the outcome's `meta` once the call succeeds: what it says then labels the step.
   */
  summaryOf(call: ActionCall): ActionSummary | null;
  /**
   * Call arguments whose text a successful call leaves in a file (a written file's
   * content), from every tool's facts: the context shows a digest of them from the next
   * request on.
   */
  restorableArguments: readonly RestorableArgument[];
  /** The tools as the model sees them (`tools[].function`), built once. */
  specs: readonly ToolSpec[];
  /** Characters the tool list adds to every request. */
  specsChars: number;
  /** Every tool action's call shape, in tool order (for generation under a grammar). */
  callShapes: readonly CallShape[];
  /** The tool called `name`, or undefined for a name the model made up. */
  findTool(name: string): Tool | undefined;
};

/** Builds a profile, deriving its model-facing tool list once. */
export function defineProfile(definition: ToolProfileDefinition): ToolProfile {
  const specs: ToolSpec[] = definition.tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
  const byName = new Map(definition.tools.map((tool) => [tool.name, tool]));
  if (byName.size !== definition.tools.length)
    throw new Error(`Profile ${definition.id} repeats a tool name.`);
  return {
    ...definition,
    systemPrompt: definition.systemPrompt.trim(),
    specs,
    specsChars: JSON.stringify(specs).length,
    callShapes: definition.tools.flatMap((tool) => tool.callShapes),
    findTool: (name) => byName.get(name),
    roleOf: (call) => byName.get(call.tool)?.roleOf(call.actionType) ?? null,
    summaryOf: (call) => byName.get(call.tool)?.summaryOf(call) ?? null,
    restorableArguments: definition.tools.flatMap((tool) => tool.restorableArguments),
  };
}

/** The profile called `id` among `profiles`, or undefined when this version has none by that name. */
export function findProfile(id: string, profiles: readonly ToolProfile[]): ToolProfile | undefined {
  return profiles.find((profile) => profile.id === id);
}
