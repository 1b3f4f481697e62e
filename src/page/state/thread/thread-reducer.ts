import type { ActionSummary } from '@/shared/protocol/action-summary.ts';
import type { EnvelopeMeta, EnvelopeStatus } from '@/shared/protocol/envelope.ts';
import {
  addTokenUsage,
  type EnvelopeEvent,
  type NoticeKind,
  type StoredEvent,
  type TokenUsage,
} from '@/shared/protocol/events.ts';
import type { ObservationImage } from '@/shared/protocol/model-image-limits.ts';
import { type Attachment, attachmentsOf } from '@/shared/protocol/tool-meta/attachment.ts';
import { type MetaKind, readFields } from '@/shared/protocol/tool-meta/index.ts';
import { AskMeta } from '@/shared/protocol/tool-meta/message-meta.ts';
import type { ToolRole } from '@/shared/protocol/tool-roles.ts';
import type { MessageAttachment } from '@/shared/protocol/uploads.ts';
import { noticeWords } from './notice-words.ts';

export type { Attachment } from '@/shared/protocol/tool-meta/attachment.ts';

/** How the thread shows an action: a quiet line, a question card, a result card or a compact row. */
export type ActionView = 'info' | 'ask' | 'result' | 'action';

/** Where a question (an action whose role is `ask`) stands: not yet asked, waiting for the person, answered, or cancelled. */
export type AskState = 'pending' | 'open' | 'answered' | 'cancelled';

/** A message the person sent, with the files it brought (empty: none). */
export type UserItem = {
  kind: 'user';
  key: string;
  seq: number;
  at: number;
  text: string;
  attachments: MessageAttachment[];
};

export type ReplyItem = {
  kind: 'reply';
  key: string;
  seq: number;
  at: number;
  text: string;
  askUuid: string;
  attachments: MessageAttachment[];
};

export type NoticeItem = {
  kind: 'notice';
  key: string;
  seq: number;
  at: number;
  noticeKind: NoticeKind;
  /** What happened, in plain words. */
  text: string;
  /** Its technical details, shown behind a disclosure (null: none). */
  details: string | null;
  /** For `no_tool_call`: what the model wrote instead of calling a tool. */
  modelText: string | null;
  /** For `retrying`: which retry comes next, of how many, and when it is sent (epoch ms). */
  retry: { attempt: number; of: number; at: number } | null;
};

/** One action (both envelopes of one uuid), updated in place as its status changes. */
export type ActionItem = {
  kind: 'action';
  key: string;
  uuid: string;
  seq: number;
  /** The event of its latest settled envelope (where its checkpoint stands), null while it first runs. */
  settledSeq: number | null;
  view: ActionView;
  actionType: string;
  tool: string;
  /** The role the call plays (recorded by the runtime from the conversation's profile), or null. */
  role: ToolRole | null;
  /** The protocol schema its meta follows, which picks its view; null when none (shown raw). */
  metaKind: MetaKind | null;
  /** What the action does in the profiles' shared verbs (its label in the thread), or null when the log does not say. */
  summary: ActionSummary | null;
  status: EnvelopeStatus;
  /** The running envelope's human-readable description. */
  description: string;
  /** The latest envelope's content. */
  content: string;
  meta: EnvelopeMeta;
  startedAt: number;
  endedAt: number | null;
  askState: AskState | null;
  question: string | null;
  reply: string | null;
  attachments: Attachment[];
  ignoredToolCalls: string[];
  errorMessage: string | null;
  /**
   * The call's arguments as the runtime validated them (`{}` when unknown): a running
   * envelope's meta has no tool fields yet, its call does.
   */
  callArguments: Record<string, unknown>;
  /** The images the model was shown after this action's observation (its provider sees images). */
  modelImages: readonly ObservationImage[];
};

export type ThreadItem = UserItem | ReplyItem | NoticeItem | ActionItem;

export type TokenTotals = { prompt: number; completion: number; cached: number; turns: number };

const NO_USAGE: TokenUsage = { prompt: 0, completion: 0, cached: 0 };

/** The view model of one conversation's thread, built only from its event log. */
export type ThreadState = {
  conversationId: string | null;
  /** Highest `seq` applied; events at or below it are duplicates. */
  lastSeq: number;
  items: ThreadItem[];
  /** Envelope uuid → index in `items`. */
  actionIndex: Record<string, number>;
  usage: TokenTotals;
  /** Tokens spent since the person last spoke (a message or a reply), as the spend cap per run counts them. */
  runUsage: TokenUsage;
  /** Questions still waiting for an answer, oldest first (normally at most one). */
  openAskUuids: string[];
  /** Actions with a running envelope and no completion yet. */
  runningActionUuids: string[];
  lastAssistantText: string | null;
  model: string | null;
};

/** An empty thread; with a `conversationId`, events of other conversations are ignored. */
export function initialThreadState(conversationId: string | null = null): ThreadState {
  return {
    conversationId,
    lastSeq: -1,
    items: [],
    actionIndex: {},
    usage: { prompt: 0, completion: 0, cached: 0, turns: 0 },
    runUsage: NO_USAGE,
    openAskUuids: [],
    runningActionUuids: [],
    lastAssistantText: null,
    model: null,
  };
}

/** Whether the item with `key` is the thread's last one (what the conversation ended or waits on). */
export function isLastItem(state: ThreadState, key: string): boolean {
  return state.items[state.items.length - 1]?.key === key;
}

/** The uuid of the question the person should answer now, or null. */
export function openAskUuid(state: ThreadState): string | null {
  return state.openAskUuids[state.openAskUuids.length - 1] ?? null;
}

/** The files the person's messages and replies brought, in order. */
export function sentAttachments(items: readonly ThreadItem[]): MessageAttachment[] {
  return items.flatMap((item) => (item.kind === 'user' || item.kind === 'reply' ? item.attachments : []));
}

/** The actions of the thread in order (every item that is an envelope). */
export function actionItems(state: ThreadState): ActionItem[] {
  return state.items.filter((item): item is ActionItem => item.kind === 'action');
}

/**
 * Applies one stored event and returns the new state; never mutates `state`. Events
 * with a `seq` already applied (or of another conversation) return `state` unchanged,
 * so the same event arriving by broadcast and by the initial read is harmless.
 */
export function applyEvent(state: ThreadState, event: StoredEvent): ThreadState {
  return reduceEvent(state, event, false);
}

/**
 * Applies a whole log in order (a snapshot, held events, a replay frame): the result is
 * the same as applying each event with `applyEvent`, but `items` and `actionIndex` are
 * copied once for the batch and then updated in place, so a log of n events costs O(n),
 * not O(n²) (a 10,000-event conversation opens without copying its rows per event).
 * Returns `state` itself when no event applies.
 */
export function applyEvents(state: ThreadState, events: readonly StoredEvent[]): ThreadState {
  let next: ThreadState = { ...state, items: state.items.slice(), actionIndex: { ...state.actionIndex } };
  let isChanged = false;
  for (const event of events) {
    const reduced = reduceEvent(next, event, true);
    if (reduced !== next) isChanged = true;
    next = reduced;
  }
  return isChanged ? next : state;
}

/**
 * One event. With `isOwned`, `state.items` and `state.actionIndex` belong to the caller's
 * batch (copied by `applyEvents`) and are updated in place; otherwise they are copied.
 */
function reduceEvent(state: ThreadState, event: StoredEvent, isOwned: boolean): ThreadState {
  if (event.seq <= state.lastSeq) return state;
  if (state.conversationId !== null && event.conversationId !== state.conversationId) return state;
  const next: ThreadState = {
    ...state,
    conversationId: event.conversationId,
    lastSeq: event.seq,
    runUsage: runUsageAfter(state.runUsage, event.body),
  };
  const { body } = event;
  switch (body.type) {
    case 'user_message':
      return appendItem(
        next,
        {
          kind: 'user',
          key: `user-${event.seq}`,
          seq: event.seq,
          at: event.at,
          text: body.text,
          attachments: body.attachments ?? [],
        },
        isOwned,
      );
    case 'user_reply':
      return appendItem(
        next,
        {
          kind: 'reply',
          key: `reply-${event.seq}`,
          seq: event.seq,
          at: event.at,
          text: body.text,
          askUuid: body.askUuid,
          attachments: body.attachments ?? [],
        },
        isOwned,
      );
    case 'assistant_turn': {
      const usage = body.usage
        ? {
            prompt: next.usage.prompt + body.usage.prompt,
            completion: next.usage.completion + body.usage.completion,
            cached: next.usage.cached + body.usage.cached,
            turns: next.usage.turns + 1,
          }
        : { ...next.usage, turns: next.usage.turns + 1 };
      return { ...next, usage, lastAssistantText: body.text, model: body.model };
    }
    case 'notice':
      return appendItem(
        next,
        {
          kind: 'notice',
          key: `notice-${event.seq}`,
          seq: event.seq,
          at: event.at,
          noticeKind: body.kind,
          ...noticeWords(body),
          modelText: body.kind === 'no_tool_call' && next.lastAssistantText ? next.lastAssistantText : null,
          retry: body.retry ?? null,
        },
        isOwned,
      );
    case 'envelope':
      return applyEnvelope(withToolUsage(next, body.usage), body, event.seq, event.at, isOwned);
    case 'compaction':
      // Changes what the model is sent, not what the person sees.
      return next;
  }
}

/** The run's usage after `body`: none again when the person speaks, plus what a turn or a tool spent. */
function runUsageAfter(usage: TokenUsage, body: StoredEvent['body']): TokenUsage {
  if (body.type === 'user_message' || body.type === 'user_reply') return NO_USAGE;
  if ((body.type === 'assistant_turn' || body.type === 'envelope') && body.usage) {
    return addTokenUsage(usage, body.usage);
  }
  return usage;
}

/** The usage with a tool's own model requests added (they are not model calls of the run: `turns` stays). */
function withToolUsage(state: ThreadState, usage: TokenUsage | undefined): ThreadState {
  if (!usage) return state;
  return { ...state, usage: { ...addTokenUsage(state.usage, usage), turns: state.usage.turns } };
}

function appendItem(state: ThreadState, item: ThreadItem, isOwned: boolean): ThreadState {
  if (!isOwned) return { ...state, items: [...state.items, item] };
  state.items.push(item);
  return state;
}

function applyEnvelope(
  state: ThreadState,
  event: EnvelopeEvent,
  seq: number,
  at: number,
  isOwned: boolean,
): ThreadState {
  const { envelope } = event;
  const index = state.actionIndex[envelope.uuid];
  const previous = index === undefined ? undefined : state.items[index];
  const existing = previous?.kind === 'action' ? previous : undefined;
  const item = nextActionItem(existing, event, seq, at);
  const isRunning = envelope.status === 'running';
  const runningActionUuids = isRunning
    ? [...state.runningActionUuids.filter((uuid) => uuid !== envelope.uuid), envelope.uuid]
    : state.runningActionUuids.filter((uuid) => uuid !== envelope.uuid);
  const withoutAsk = state.openAskUuids.filter((uuid) => uuid !== envelope.uuid);
  const openAskUuids =
    envelope.status === 'asking'
      ? [...withoutAsk, envelope.uuid]
      : isRunning
        ? state.openAskUuids
        : withoutAsk;

  if (existing && index !== undefined) {
    const items = isOwned ? state.items : state.items.slice();
    items[index] = item;
    return { ...state, items, runningActionUuids, openAskUuids };
  }
  if (isOwned) {
    state.actionIndex[envelope.uuid] = state.items.length;
    state.items.push(item);
    return { ...state, runningActionUuids, openAskUuids };
  }
  return {
    ...state,
    items: [...state.items, item],
    actionIndex: { ...state.actionIndex, [envelope.uuid]: state.items.length },
    runningActionUuids,
    openAskUuids,
  };
}

function nextActionItem(
  existing: ActionItem | undefined,
  event: EnvelopeEvent,
  seq: number,
  at: number,
): ActionItem {
  const { envelope } = event;
  const { meta, status } = envelope;
  const isRunning = status === 'running';
  const hasAsked = status === 'asking' || existing?.askState === 'open' || existing?.askState === 'answered';
  const role = event.role ?? existing?.role ?? null;
  const isAsk = role === 'ask';
  const asked = isAsk ? readFields(AskMeta, meta) : {};
  const question = status === 'asking' ? envelope.content : (asked.question ?? existing?.question ?? null);
  const reply = status === 'success' && isAsk ? (asked.reply ?? envelope.content) : null;
  return {
    kind: 'action',
    key: envelope.uuid,
    uuid: envelope.uuid,
    seq: existing?.seq ?? seq,
    settledSeq: isRunning ? (existing?.settledSeq ?? null) : seq,
    view: viewFor(role, status, hasAsked),
    actionType: meta.action_type,
    tool: meta.tool,
    role,
    metaKind: event.metaKind ?? existing?.metaKind ?? null,
    summary: event.summary ?? existing?.summary ?? null,
    status,
    description: existing?.description ?? (isRunning ? envelope.content : ''),
    content: envelope.content,
    meta,
    startedAt: existing?.startedAt ?? at,
    endedAt: isRunning || status === 'asking' ? null : at,
    askState: isAsk ? askStateFor(status, hasAsked) : null,
    question: isAsk ? question : null,
    reply,
    attachments: attachmentsOf(meta.attachments),
    ignoredToolCalls: namesOf(meta.ignored_tool_calls),
    errorMessage: status === 'error' ? (meta.error?.message ?? envelope.content) : null,
    callArguments: existing?.callArguments ?? event.arguments ?? {},
    modelImages: event.images ?? existing?.modelImages ?? [],
  };
}

function viewFor(role: ToolRole | null, status: EnvelopeStatus, hasAsked: boolean): ActionView {
  if (role === 'inform') return 'info';
  if (role === 'ask') return hasAsked ? 'ask' : 'action';
  if (role === 'result') return status === 'success' ? 'result' : 'action';
  return 'action';
}

function askStateFor(status: EnvelopeStatus, hasAsked: boolean): AskState {
  if (status === 'asking') return 'open';
  if (status === 'success') return 'answered';
  if (status === 'error') return 'cancelled';
  return hasAsked ? 'open' : 'pending';
}

/** `meta.ignored_tool_calls`: the names of extra calls in the same response (not run); other entries dropped. */
function namesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}
