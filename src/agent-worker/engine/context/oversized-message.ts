import type { EventBody, StoredEvent } from '@/shared/protocol/events.ts';
import { isLongText, MESSAGE_TOO_LONG_OPENING } from '@/shared/protocol/long-text.ts';
import type { ChatMessage } from '../../llm/chat-messages.ts';
import { CHARS_PER_TOKEN } from '../../llm/token-estimate.ts';
import type { JournalChanges } from '../journal.ts';
import { messageChars, RUNTIME_PREFIX } from './context-builder.ts';
import type { ModelContext } from './model-context.ts';

/**
 * A request that cannot fit the model's window because of one message is refused before
 * it is sent, naming that message, its size and what to do: the server's own "start me
 * with a larger -c" is wrong advice when one message alone is larger than any window.
 */

/** Characters of a message quoted so the person can tell which one it is. */
const QUOTED_CHARS = 60;
/** Windows up to this size are common enough to suggest switching to a model that has one. */
const LARGEST_COMMON_WINDOW = 262_144;

/**
 * Whose words a message carries: a message the person sent, their reply to a question
 * (which the model reads inside the question's result), or the agent's own work.
 */
export type MessageSource = 'message' | 'reply' | 'agent';

/** One message too large for the window, and the sizes the refusal names. */
export type OversizedMessage = {
  message: ChatMessage;
  source: MessageSource;
  /** Its first words, for the person to tell which one it is. */
  quote: string;
  /** Its size in tokens, estimated. */
  tokens: number;
  /** Its text's length in characters. */
  characters: number;
  /** True when its text is over 16 KB of UTF-8 (a paste that large becomes a file). */
  isLongText: boolean;
  /** The whole request's size in tokens, estimated. */
  requestTokens: number;
};

/**
 * About how many tokens `text` takes: ASCII at the context's 3.5 characters a token, and
 * other scripts by their UTF-8 width (Cyrillic, Greek, Arabic… two characters a token; CJK
 * one; emoji two tokens), so a message in Chinese is not taken for one a third its size.
 */
export function textTokens(text: string): number {
  let ascii = 0;
  let tokens = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) ascii += 1;
    else if (code < 0x800) tokens += 0.5;
    else if (code >= 0xd800 && code <= 0xdbff) {
      tokens += 2;
      index += 1;
    } else tokens += 1;
  }
  return Math.ceil(ascii / CHARS_PER_TOKEN + tokens);
}

/** Tokens of each message already measured (messages are never changed once in the context). */
const MEASURED = new WeakMap<ChatMessage, number>();

/** About how many tokens one message of a request takes (its text, or its JSON for calls and images). */
export function messageTokens(message: ChatMessage): number {
  const known = MEASURED.get(message);
  if (known !== undefined) return known;
  const tokens =
    typeof message.content === 'string' && message.role !== 'assistant'
      ? textTokens(message.content) + 4
      : Math.ceil(messageChars(message) / CHARS_PER_TOKEN);
  MEASURED.set(message, tokens);
  return tokens;
}

/**
 * The message a request of `messages` cannot fit `contextWindowTokens` because of, or null.
 * The request must be over the window (by the larger of `estimatedTokens` and the sum of its
 * messages measured here plus `fixedTokens`, the instructions and tools), and its largest
 * message must take more than half the room the instructions and tools leave (or more
 * than all of it). A conversation that grew long out of many messages is not refused
 * here: no one message is the cause.
 */
export function findOversizedMessage(options: {
  messages: readonly ChatMessage[];
  estimatedTokens: number;
  fixedTokens: number;
  contextWindowTokens: number;
  /** The person's replies to questions, as typed (read only once a message is found). */
  replies: () => readonly string[];
}): OversizedMessage | null {
  const { fixedTokens, contextWindowTokens: window } = options;
  let largest: ChatMessage | null = null;
  let largestTokens = 0;
  let total = fixedTokens;
  for (const message of options.messages) {
    if (message.role === 'system') continue;
    const tokens = messageTokens(message);
    total += tokens;
    if (tokens > largestTokens) [largest, largestTokens] = [message, tokens];
  }
  const requestTokens = Math.max(options.estimatedTokens, total);
  // No room at all beside the instructions and tools: no message is to blame (the window is).
  if (!largest || requestTokens <= window || fixedTokens >= window) return null;
  // Half the room or less: what does not fit is the conversation around it.
  if (largestTokens <= (window - fixedTokens) / 2) return null;
  const text = textOf(largest);
  const reply =
    largest.role === 'user' && !text.startsWith(RUNTIME_PREFIX) ? null : replyIn(text, options.replies());
  const source: MessageSource =
    reply !== null ? 'reply' : isPersonMessage(largest, text) ? 'message' : 'agent';
  return {
    message: largest,
    source,
    quote: quoted(reply ?? text),
    tokens: largestTokens,
    characters: (reply ?? text).length,
    isLongText: isLongText(reply ?? text),
    requestTokens,
  };
}

/** The refusal a person reads: which message, how big, the window, and what to do instead. */
export function oversizedMessageText(
  found: OversizedMessage,
  contextWindowTokens: number,
  fixedTokens: number,
): string {
  const count = (value: number) => value.toLocaleString('en-US');
  const which = `${describe(found)} starting “${found.quote}”`;
  const sizes = `is about ${count(found.tokens)} tokens (${count(found.characters)} characters), and this model's context window is ${count(contextWindowTokens)} tokens, of which Sandpiper's instructions and tools take about ${count(fixedTokens)}`;
  const wider = `switch this conversation, in its header, to a provider whose window holds more than ${count(found.requestTokens)} tokens`;
  const isWiderCommon = found.requestTokens < LARGEST_COMMON_WINDOW;
  const opening = `${MESSAGE_TOO_LONG_OPENING} ${which} ${sizes}.`;
  if (found.source === 'agent') {
    const way = isWiderCommon
      ? `${capitalized(wider)}, or start a new conversation.`
      : 'Start a new conversation.';
    return `${opening} It comes from the agent's own work, not from text you sent. ${way}`;
  }
  const asFile = found.isLongText
    ? 'Send long text as a file instead: in a new conversation, paste it into the message box (a paste over 16 KB becomes an attached file, which the agent reads with its file tools), or shorten it.'
    : 'Send it as a file instead: in a new conversation, attach it as a .txt file with the paperclip (the agent reads it with its file tools), or shorten it.';
  const orWider = isWiderCommon ? ` Or ${wider}.` : '';
  return `${opening} ${asFile} This conversation keeps the message, so with this model it cannot go on.${orWider}`;
}

/**
 * Before a request: when one message makes it too large for the model's window, records
 * the refusal (a `provider_error` notice; the conversation's status `error`) and returns
 * true, sending nothing. The loop ends the run then.
 */
export async function refuseOversizedMessage(
  run: {
    context: ModelContext;
    events: readonly StoredEvent[];
    append(bodies: EventBody[], changes: JournalChanges): Promise<void>;
  },
  contextWindowTokens: number,
  fixedTokens: number,
): Promise<boolean> {
  const found = findOversizedMessage({
    messages: run.context.snapshot(),
    estimatedTokens: run.context.estimatedTokens(),
    fixedTokens,
    contextWindowTokens,
    replies: () => run.events.flatMap(({ body }) => (body.type === 'user_reply' ? [body.text] : [])),
  });
  if (!found) return false;
  const text = oversizedMessageText(found, contextWindowTokens, fixedTokens);
  await run.append([{ type: 'notice', kind: 'provider_error', text, forModel: false }], {
    conversation: { status: 'error' },
  });
  return true;
}

/** The text a message carries (its parts' text for one with images; a call's arguments). */
function textOf(message: ChatMessage): string {
  if (typeof message.content === 'string' && message.content !== '') return message.content;
  if (Array.isArray(message.content)) {
    return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  }
  if (message.role === 'assistant') {
    return (message.tool_calls ?? []).map((call) => call.function.arguments).join('');
  }
  return '';
}

/** Characters of a reply looked for in a message (as JSON writes them: results and runtime lines quote it). */
const REPLY_PROBE_CHARS = 200;

function isPersonMessage(message: ChatMessage, text: string): boolean {
  return message.role === 'user' && !text.startsWith(RUNTIME_PREFIX);
}

/** The person's reply a result or runtime line of `text` carries, if one makes up much of it. */
function replyIn(text: string, replies: readonly string[]): string | null {
  const found = replies.find(
    (reply) =>
      reply.length * 3 >= text.length && text.includes(JSON.stringify(reply).slice(1, REPLY_PROBE_CHARS)),
  );
  return found ?? null;
}

function describe(found: OversizedMessage): string {
  if (found.source === 'message') return 'A message';
  if (found.source === 'reply') return 'Your reply to a question';
  if (found.message.role === 'tool') return "An action's result";
  return found.message.role === 'assistant' ? 'A reply of the model' : 'A note of the runtime';
}

function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

function quoted(text: string): string {
  const start = text.startsWith(RUNTIME_PREFIX) ? RUNTIME_PREFIX.length : 0;
  const words = text
    .slice(start, start + QUOTED_CHARS * 4)
    .replace(/\s+/g, ' ')
    .trim();
  return words.length > QUOTED_CHARS ? `${words.slice(0, QUOTED_CHARS - 1)}…` : words;
}
