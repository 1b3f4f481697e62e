/**
 * How a tool call is written as generated text.
 * - `object`: Sandpiper's constrained format, `{"name": …, "arguments": {…}}`, name first
 *   so the tool is known as soon as it streams.
 * - `hermes_array`: the format web-llm's native tool calling makes Hermes models write,
 *   `[{"arguments": {…}, "name": …}]` (web-llm's schema lists `arguments` first).
 */
export type CallFormat = 'object' | 'hermes_array';

/** A call as the history holds it: the tool's name and its raw JSON arguments. */
export type CallText = { name: string; arguments: string };

/**
 * A call written back the way the model writes it, compact. `arguments` is inserted as
 * is (a malformed call stays malformed in the history, as the model produced it).
 */
export function renderCalls(calls: readonly CallText[], format: CallFormat): string {
  const argumentsOf = (call: CallText) => (call.arguments.trim() === '' ? '{}' : call.arguments);
  if (format === 'hermes_array') {
    const items = calls.map(
      (call) => `{"arguments":${argumentsOf(call)},"name":${JSON.stringify(call.name)}}`,
    );
    return `[${items.join(',')}]`;
  }
  return calls
    .map((call) => `{"name":${JSON.stringify(call.name)},"arguments":${argumentsOf(call)}}`)
    .join('\n');
}

const LEADING_NAME = /^\s*\[?\s*\{\s*"name"\s*:\s*"((?:[^"\\]|\\.)*)"/;

/**
 * The tool name at the very start of a partly generated call in the `object` format
 * (null until its closing quote has streamed). Anchored to the first key, so a `name`
 * inside the arguments never matches.
 */
export function leadingCallName(partialText: string): string | null {
  const match = LEADING_NAME.exec(partialText);
  return match?.[1] === undefined ? null : decodeJsonString(match[1]);
}

/** Decodes the body of a JSON string literal; null when it is not valid. */
export function decodeJsonString(body: string): string | null {
  try {
    const value: unknown = JSON.parse(`"${body}"`);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
