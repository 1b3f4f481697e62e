import { z } from 'zod';
import { ActionSummary } from './action-summary.ts';
import { Envelope } from './envelope.ts';
import { MAX_OBSERVATION_IMAGES, ObservationImage } from './model-image-limits.ts';
import { MetaKind } from './tool-meta/index.ts';
import { ToolRole } from './tool-roles.ts';
import { MessageAttachment } from './uploads.ts';

/** A tool call exactly as the model produced it (arguments are the raw JSON text). */
export const ToolCall = z.object({ id: z.string(), name: z.string(), arguments: z.string() });
export type ToolCall = z.infer<typeof ToolCall>;

/** Token usage of one assistant turn; `cached` where the API reports it. */
export const TokenUsage = z.object({
  prompt: z.number().int().nonnegative(),
  completion: z.number().int().nonnegative(),
  cached: z.number().int().nonnegative(),
});
export type TokenUsage = z.infer<typeof TokenUsage>;

/** Two usages added field by field (tokens spent by separate requests). */
export function addTokenUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    prompt: a.prompt + b.prompt,
    completion: a.completion + b.completion,
    cached: a.cached + b.cached,
  };
}

/**
 * A new task or follow-up typed by the person. Starts a run. `text` is as typed; the
 * files sent with it (written to the workspace in the same transaction) are listed in
 * `attachments`, which the context builder renders after the text.
 */
export const UserMessageEvent = z.object({
  type: z.literal('user_message'),
  text: z.string(),
  attachments: z.array(MessageAttachment).optional(),
});

/**
 * The person's answer to an open `message.ask` (tool call or runtime ask). With files,
 * `text` already ends with their listing (the model reads the reply through the
 * question's completion), and `attachments` lists them for the thread.
 */
export const UserReplyEvent = z.object({
  type: z.literal('user_reply'),
  askUuid: z.string(),
  text: z.string(),
  attachments: z.array(MessageAttachment).optional(),
});

/** One model response: its text and every tool call it made (only the first is run). */
export const AssistantTurnEvent = z.object({
  type: z.literal('assistant_turn'),
  text: z.string(),
  toolCalls: z.array(ToolCall),
  usage: TokenUsage.nullable(),
  model: z.string(),
});

/** Longest string kept in an envelope event's `arguments` (the assistant turn keeps the call whole). */
export const MAX_ARGUMENT_CHARACTERS = 4096;

/**
 * A call's arguments as an envelope's event keeps them: long strings (a file's content in a
 * write) cut to their head with a note, since the assistant turn already holds them whole.
 */
export function keptArguments(value: Record<string, unknown>): Record<string, unknown> {
  const keep = (field: unknown, depth: number): unknown => {
    if (typeof field === 'string' && field.length > MAX_ARGUMENT_CHARACTERS) {
      return `${field.slice(0, MAX_ARGUMENT_CHARACTERS)}${cutNote(field.length - MAX_ARGUMENT_CHARACTERS)}`;
    }
    const isNested = Array.isArray(field) || (field !== null && typeof field === 'object');
    // A model may send arguments nested thousands deep: the record stops where no tool reads.
    if (isNested && depth >= MAX_ARGUMENT_DEPTH) return NESTED_TOO_DEEP;
    if (Array.isArray(field)) return field.map((item) => keep(item, depth + 1));
    if (field !== null && typeof field === 'object') {
      return Object.fromEntries(Object.entries(field).map(([key, inner]) => [key, keep(inner, depth + 1)]));
    }
    return field;
  };
  return keep(value, 0) as Record<string, unknown>;
}

function cutNote(omitted: number): string {
  return `… [${omitted} more characters in the call itself]`;
}

/** A string argument as `keptArguments` kept it: its head, and how many characters were cut (0: none). */
export function keptArgumentText(kept: string): { head: string; omitted: number } {
  const match = /… \[(\d+) more characters in the call itself\]$/.exec(kept);
  const omitted = Number(match?.[1] ?? 0);
  if (!match || kept.length - match[0].length !== MAX_ARGUMENT_CHARACTERS) return { head: kept, omitted: 0 };
  return { head: kept.slice(0, MAX_ARGUMENT_CHARACTERS), omitted };
}

/** Deepest nesting of a call's arguments an envelope's event records. */
export const MAX_ARGUMENT_DEPTH = 64;
/** What stands for arguments nested deeper than that (the assistant turn keeps the call whole). */
export const NESTED_TOO_DEEP = '[nested too deep to record; the call itself has it]';

/** The JSON object `text` holds, or null when it holds anything else or is not JSON. */
export function jsonObjectOf(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * A streaming-contract envelope; `toolCallId` links it to the model call it answers, if
 * any. Beside the envelope (never in `meta`, which is what the model reads), the runtime
 * records what the UI and the runtime itself need to know about the action without
 * knowing the profile's tool names: its `role`, the `metaKind` its meta follows, and on
 * the running envelope the call's `arguments`.
 */
export const EnvelopeEvent = z.object({
  type: z.literal('envelope'),
  envelope: Envelope,
  toolCallId: z.string().nullable(),
  /** The role the call plays (absent: none). */
  role: ToolRole.optional(),
  /** Which protocol schema `meta` follows, so which view shows it (absent: none; shown raw). */
  metaKind: MetaKind.optional(),
  /**
   * What the call does in the profiles' shared words, which the thread labels it by (absent:
   * unknown; a verb this version does not know, from a newer bundle, reads as absent).
   */
  summary: ActionSummary.optional().catch(undefined),
  /**
   * The running envelope's: the call's arguments as validated (seed 001 variants
   * normalised), or as the model sent them when they did not validate; long strings cut
   * (`keptArguments`).
   */
  arguments: z.record(z.string(), z.unknown()).optional(),
  /**
   * A completion's images the model is shown after its observation (an image or PDF pages
   * `view`ed, when the provider sees images): encoded once, kept here so every later
   * request carries the same bytes.
   */
  images: z.array(ObservationImage).max(MAX_OBSERVATION_IMAGES).optional(),
  /**
   * A completion's tokens spent by model requests its tool made (a structured completion,
   * a page's extraction): counted in the conversation's usage and the run's token budget.
   */
  usage: TokenUsage.optional(),
});

/** Why the runtime wrote a notice. */
export const NoticeKind = z.enum([
  'no_tool_call',
  'stopped',
  'provider_error',
  'internal_error',
  'workspace_cleared',
  /** The provider's server was found to need another way of calling tools, and is now called that way. */
  'provider_adapted',
  /** A schedule started this conversation: when it was due, and the playbook it was made with. */
  'scheduled_run',
  /** The model's final answer in words, which ended the run (profiles where a reply without a tool call does). */
  'reply',
  /** A closed page interrupted the run, which went on by itself (Settings → Runs → Interrupted runs). */
  'interrupted',
  /** The runtime noticed the model repeating itself and told it so. */
  'repetition',
  /** A model request failed on something passing (a dropped connection, a 429, a 5xx); it is sent again. */
  'retrying',
  /** A model request could not go while the browser is offline; it goes again once the network is back. */
  'offline',
  /** A spend cap is set but cannot apply to this run: its provider has no prices, or runs in this browser. */
  'spend_cap',
  /** An MCP server switched on could not be listed when the conversation started: it has no tools from it. */
  'mcp_unavailable',
]);
export type NoticeKind = z.infer<typeof NoticeKind>;

/**
 * A runtime notice: shown to the person, and when `forModel` is set, told to the model
 * as a user-role message so it can correct itself.
 */
export const NoticeEvent = z.object({
  type: z.literal('notice'),
  kind: NoticeKind,
  /** What happened, in plain words (and what the person can do). */
  text: z.string(),
  /** The technical details behind `text`, for whoever wants them (shown behind a disclosure). */
  details: z.string().optional(),
  forModel: z.boolean(),
  /**
   * A `retrying` notice's: which retry comes next, of how many, and when it is sent
   * (epoch ms), so the thread can count down while it waits.
   */
  retry: z
    .object({ attempt: z.number().int().positive(), of: z.number().int().positive(), at: z.number() })
    .optional(),
});

/**
 * The context neared the model's window: from here on, bulky observations of events up
 * to `throughSeq` are shown as excerpts with the path of the file that holds them whole.
 */
export const CompactionEvent = z.object({
  type: z.literal('compaction'),
  throughSeq: z.number().int().nonnegative(),
  /** The estimate that triggered it, and the model's window (tokens). */
  estimatedTokens: z.number().int().nonnegative(),
  contextWindowTokens: z.number().int().positive(),
});

export const EventBody = z.discriminatedUnion('type', [
  UserMessageEvent,
  UserReplyEvent,
  AssistantTurnEvent,
  EnvelopeEvent,
  NoticeEvent,
  CompactionEvent,
]);
export type EventBody = z.infer<typeof EventBody>;
export type UserMessageEvent = z.infer<typeof UserMessageEvent>;
export type UserReplyEvent = z.infer<typeof UserReplyEvent>;
export type AssistantTurnEvent = z.infer<typeof AssistantTurnEvent>;
export type EnvelopeEvent = z.infer<typeof EnvelopeEvent>;
export type NoticeEvent = z.infer<typeof NoticeEvent>;
export type CompactionEvent = z.infer<typeof CompactionEvent>;

/** One row of the append-only log, key `[conversationId+seq]`. */
export const StoredEvent = z.object({
  conversationId: z.string(),
  seq: z.number().int().nonnegative(),
  at: z.number(),
  body: EventBody,
});
export type StoredEvent = z.infer<typeof StoredEvent>;
