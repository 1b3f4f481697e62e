import { z } from 'zod';
import type { ToolCall } from '@/shared/protocol/events.ts';
import { type CallFormat, decodeJsonString, leadingCallName } from './call-format.ts';

/** One generated call: the engine's output is an edge, read through this schema. */
const GeneratedCall = z.object({ name: z.string(), arguments: z.unknown().optional() });
const GeneratedCalls = z.array(z.unknown());

/**
 * Reads the tool calls in the text the engine generated, each with a fresh synthetic
 * id. Never throws and never drops a malformed call: text that is not a well-formed
 * call still becomes a call (with whatever name could be read, and the raw text as its
 * arguments), so the loop refuses it through its usual validation path and the model
 * reads why. An empty array (`hermes_array`) yields no calls.
 */
export function parseGeneratedCalls(text: string, format: CallFormat, newCallId: () => string): ToolCall[] {
  const parsed = parseJson(text);
  if (!parsed.ok) return [{ id: newCallId(), ...salvage(text, format) }];
  if (format === 'object') return [{ id: newCallId(), ...readCall(parsed.value) }];
  const items = GeneratedCalls.safeParse(parsed.value);
  if (!items.success) return [{ id: newCallId(), ...readCall(parsed.value) }];
  return items.data.map((item) => ({ id: newCallId(), ...readCall(item) }));
}

/** A call from parsed JSON; the arguments are re-serialised compactly, in the generated key order. */
function readCall(value: unknown): Omit<ToolCall, 'id'> {
  const call = GeneratedCall.safeParse(value);
  if (call.success) {
    const args = call.data.arguments;
    return { name: call.data.name, arguments: args === undefined ? '' : JSON.stringify(args) };
  }
  const name =
    typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string'
      ? value.name
      : '';
  return { name, arguments: JSON.stringify(value) };
}

const TRAILING_NAME = /"name"\s*:\s*"((?:[^"\\]|\\.)*)"\s*\}\s*\]?\s*$/;
const ARGUMENTS_KEY = /"arguments"\s*:\s*/;

/**
 * What can be read from text that is not JSON (cut off at the token limit, say): the
 * tool's name where it stands at the start (`object`) or at the end (`hermes_array`),
 * and the text from the arguments' value on.
 */
function salvage(text: string, format: CallFormat): Omit<ToolCall, 'id'> {
  const name =
    format === 'object' ? leadingCallName(text) : decodeJsonString(TRAILING_NAME.exec(text)?.[1] ?? '');
  const argumentsAt = ARGUMENTS_KEY.exec(text);
  const rawArguments = argumentsAt ? text.slice(argumentsAt.index + argumentsAt[0].length) : text;
  return { name: name ?? '', arguments: rawArguments.trim() === '' ? text : rawArguments };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
