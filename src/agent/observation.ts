import type { Envelope } from '../protocol/envelope.ts';
import { stableStringify } from './stable-json.ts';

/**
 * What the model reads for a finished action: the completion envelope as
 * deterministic JSON (sorted keys), without the fields it already knows.
 */
export function observationFor(envelope: Envelope): string {
  const { tool: _tool, action_type: _actionType, ...meta } = envelope.meta;
  return stableStringify({ status: envelope.status, content: envelope.content, meta });
}

/** The observation for an extra tool call in the same response, which is never run. */
export function extraCallObservation(name: string): string {
  return stableStringify({
    status: 'error',
    content: `Not run: this response contained more than one tool call, and only the first one runs. Call \`${name}\` again in its own response if it is still needed.`,
    meta: { error: { kind: 'rejected', message: 'Only one tool call per response is allowed.' } },
  });
}
