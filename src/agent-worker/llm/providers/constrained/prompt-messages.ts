import type { ChatMessage, UserContentPart } from '../../chat-messages.ts';
import { type CallFormat, renderCalls } from './call-format.ts';
import { toolResultHeading } from './tool-instructions.ts';

/** How the context is laid out for the engine. */
export type MessageLayout = {
  /** The format earlier tool calls are written back in (the one the model generates). */
  callFormat: CallFormat;
  /** Constant text appended to our system prompt (the tool list and answer format), or null. */
  instructions: string | null;
  /**
   * Where our system prompt goes: its own system message, or ahead of the first user
   * message (web-llm's native tool calling refuses a system message of ours).
   */
  systemPrompt: 'system_message' | 'first_user_message';
  /** A system message sent ahead of everything (the Hermes prompt on a forced step), or null. */
  leadingSystemMessage: string | null;
  /**
   * What becomes of a user message's images: kept as parts (a server in constrained mode
   * takes them like any chat request), or left out, their text kept (web-llm takes text only).
   */
  images?: 'parts' | 'text';
};

type UserContent = string | UserContentPart[];
type Turn = { role: 'user'; content: UserContent } | { role: 'assistant'; content: string };

/**
 * A message of a text-only context: what constrained generation takes (web-llm, or a
 * server in constrained mode); a user message keeps its images as parts where the
 * layout says so.
 */
export type TextMessage =
  | { role: 'system' | 'assistant'; content: string }
  | { role: 'user'; content: UserContent };

/**
 * The context as text, for constrained generation (web-llm, or a server in constrained mode). web-llm keeps only text (an assistant's
 * `tool_calls` are dropped, and its content must be a string) and many models'
 * templates have no `tool` role (Hermes-2-Pro, Llama-3, Gemma throw "Role is not
 * supported"), so:
 * - an assistant's tool calls are written as the text the model generated for them
 *   (recalled byte for byte when this engine produced them, else rendered compactly);
 * - a tool result becomes user text headed with its tool's name;
 * - consecutive user texts are joined into one message: web-llm reuses its KV cache
 *   only when a single new message follows its previous reply.
 * The result is a pure function of its input, so a longer context yields a longer
 * prompt with the same beginning.
 */
export function toTextMessages(
  messages: readonly ChatMessage[],
  layout: MessageLayout,
  recallReply: (callId: string) => string | undefined,
): TextMessage[] {
  const [first, ...rest] = messages;
  const ourSystem = first?.role === 'system' ? first.content : null;
  const body = ourSystem === null ? messages : rest;
  const turns = joinUserTurns(toTurns(body, layout.callFormat, recallReply, layout.images ?? 'text'));
  const system = [ourSystem, layout.instructions].filter((part) => part !== null).join('\n\n');
  const result: TextMessage[] = [];
  if (layout.leadingSystemMessage !== null)
    result.push({ role: 'system', content: layout.leadingSystemMessage });
  if (system !== '' && layout.systemPrompt === 'system_message')
    result.push({ role: 'system', content: system });
  if (system !== '' && layout.systemPrompt === 'first_user_message') prefixFirstUserTurn(turns, system);
  for (const turn of turns) result.push(turn);
  return result;
}

function toTurns(
  messages: readonly ChatMessage[],
  callFormat: CallFormat,
  recallReply: (callId: string) => string | undefined,
  images: 'parts' | 'text',
): Turn[] {
  const toolNames = new Map<string, string>();
  return messages.map((message): Turn => {
    if (message.role === 'tool') {
      const heading = toolResultHeading(toolNames.get(message.tool_call_id) ?? 'a tool');
      return { role: 'user', content: `${heading}\n${message.content}` };
    }
    if (message.role === 'user')
      return { role: 'user', content: images === 'parts' ? message.content : textOf(message.content) };
    if (message.role === 'system') return { role: 'user', content: message.content };
    const calls = message.tool_calls ?? [];
    for (const call of calls) toolNames.set(call.id, call.function.name);
    const [firstCall] = calls;
    if (!firstCall) return { role: 'assistant', content: message.content ?? '' };
    const remembered = recallReply(firstCall.id);
    // The log may show a call in a shorter form than generated (a written file's digest): then it is rendered.
    if (remembered !== undefined && saysTheSame(remembered, calls))
      return { role: 'assistant', content: remembered };
    const rendered = renderCalls(
      calls.map((call) => call.function),
      callFormat,
    );
    const text = message.content ?? '';
    return { role: 'assistant', content: text === '' ? rendered : `${text}\n${rendered}` };
  });
}

/** A user message's text, its images left out (their labels are in its text). */
function textOf(content: UserContent): string {
  if (typeof content === 'string') return content;
  return content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}

/** Two user texts as one (a blank line between), as parts when either has images. */
function joinContent(first: UserContent, second: UserContent): UserContent {
  if (typeof first === 'string' && typeof second === 'string') return `${first}\n\n${second}`;
  const parts: UserContentPart[] = typeof first === 'string' ? [{ type: 'text', text: first }] : [...first];
  const [head, ...rest] = typeof second === 'string' ? [{ type: 'text' as const, text: second }] : second;
  const last = parts.at(-1);
  if (head?.type === 'text' && last?.type === 'text')
    parts[parts.length - 1] = { type: 'text', text: `${last.text}\n\n${head.text}` };
  else if (head) parts.push(head);
  return [...parts, ...rest];
}

function joinUserTurns(turns: readonly Turn[]): Turn[] {
  const joined: Turn[] = [];
  for (const turn of turns) {
    const previous = joined.at(-1);
    if (previous?.role === 'user' && turn.role === 'user')
      previous.content = joinContent(previous.content, turn.content);
    else joined.push({ ...turn } as Turn);
  }
  return joined;
}

function prefixFirstUserTurn(turns: Turn[], system: string): void {
  const firstUser = turns.find((turn) => turn.role === 'user');
  if (firstUser) firstUser.content = joinContent(system, firstUser.content);
  else turns.unshift({ role: 'user', content: system });
}

/** Whether a generated reply holds exactly `calls` (names and arguments, spacing and key order aside). */
function saysTheSame(
  reply: string,
  calls: readonly { function: { name: string; arguments: string } }[],
): boolean {
  const canonical = (value: unknown): string =>
    JSON.stringify(value, (_key, item: unknown) =>
      typeof item === 'object' && item !== null && !Array.isArray(item)
        ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : item,
    );
  try {
    const parsed: unknown = JSON.parse(reply);
    const items = Array.isArray(parsed) ? parsed : [parsed];
    const written = items.map((item) => {
      const call = item as { name?: unknown; arguments?: unknown };
      return { name: call.name, arguments: call.arguments ?? {} };
    });
    const logged = calls.map((call) => ({
      name: call.function.name,
      arguments: call.function.arguments.trim() === '' ? {} : JSON.parse(call.function.arguments),
    }));
    return canonical(written) === canonical(logged);
  } catch {
    return false;
  }
}
