import { z } from 'zod';
import type { ToolCall } from '../../shared/protocol/events.ts';

/** A call written as text: `name` plus `arguments` (or `parameters`), an object or a JSON string of one. */
const WrittenCall = z.object({
  name: z.string().min(1),
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});

/** Text looked at for a written call; a call is never longer than a reply the loop keeps. */
const MAX_SCANNED_CHARACTERS = 256 * 1024;

/**
 * A tool call a model wrote inside its text instead of making it: a Hermes/Qwen
 * `<tool_call>{…}</tool_call>`, a fenced JSON block, or a bare JSON object — each naming
 * one of `toolNames`. The first found is taken (one call per step). Null when the text
 * holds none. Never throws, and scans in linear time: the text is the model's, and hostile.
 */
export function recoverCallFromText(
  text: string,
  toolNames: readonly string[],
  newCallId: () => string,
): ToolCall | null {
  const scanned = text.slice(0, MAX_SCANNED_CHARACTERS);
  const candidates = [taggedBlock(scanned), fencedBlock(scanned), firstJsonObject(scanned)];
  for (const candidate of candidates) {
    if (candidate === null) continue;
    const call = readWrittenCall(candidate, toolNames);
    if (call) return { id: newCallId(), ...call };
  }
  return null;
}

/** The text after the first `<tool_call>`, up to its closing tag or the end. */
function taggedBlock(text: string): string | null {
  const open = text.indexOf('<tool_call>');
  if (open < 0) return null;
  const start = open + '<tool_call>'.length;
  const close = text.indexOf('</tool_call>', start);
  return text.slice(start, close < 0 ? undefined : close);
}

/** The body of the first fenced block whose info string is empty, `json` or `tool_call`. */
function fencedBlock(text: string): string | null {
  let from = 0;
  while (true) {
    const open = text.indexOf('```', from);
    if (open < 0) return null;
    const lineEnd = text.indexOf('\n', open + 3);
    if (lineEnd < 0) return null;
    const close = text.indexOf('```', lineEnd + 1);
    if (close < 0) return null;
    const info = text.slice(open + 3, lineEnd).trim();
    if (info === '' || info === 'json' || info === 'tool_call') return text.slice(lineEnd + 1, close);
    from = close + 3;
  }
}

function readWrittenCall(json: string, toolNames: readonly string[]): Omit<ToolCall, 'id'> | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = WrittenCall.safeParse(Array.isArray(value) && value.length === 1 ? value[0] : value);
  if (!parsed.success || !toolNames.includes(parsed.data.name)) return null;
  const args = parsed.data.arguments ?? parsed.data.parameters ?? {};
  return { name: parsed.data.name, arguments: typeof args === 'string' ? args : JSON.stringify(args) };
}

/** The first balanced `{…}` in `text` (braces inside JSON strings not counted), or null. */
function firstJsonObject(text: string): string | null {
  const start = text.indexOf('{');
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return text.slice(start, index + 1);
    }
  }
  return null;
}
