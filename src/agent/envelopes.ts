import type { Envelope, ErrorKind } from '../protocol/envelope.ts';

/** The `error` completion of an action: `meta.error` carries the kind and the message. */
export function failedEnvelope(
  running: Envelope,
  kind: ErrorKind,
  message: string,
  extraMeta: Record<string, unknown> = {},
): Envelope {
  return {
    uuid: running.uuid,
    status: 'error',
    content: message,
    meta: { ...extraMeta, ...running.meta, error: { kind, message } },
  };
}
