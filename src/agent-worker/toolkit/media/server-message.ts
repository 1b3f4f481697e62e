import { z } from 'zod';

const LONGEST_MESSAGE = 300;

/** The error shapes OpenAI-compatible servers send: `{error: {message}}`, `{error: "…"}`, `{message}`, `{detail}`. */
const ErrorReply = z.union([
  z.object({ error: z.object({ message: z.string().min(1) }) }).transform((reply) => reply.error.message),
  z.object({ error: z.string().min(1) }).transform((reply) => reply.error),
  z.object({ message: z.string().min(1) }).transform((reply) => reply.message),
  z.object({ detail: z.string().min(1) }).transform((reply) => reply.detail),
]);

/**
 * What an error reply says, in the server's own words: the message of a JSON error of a
 * known shape, or else the start of the body as one line; empty when there is none.
 */
export function serverMessage(body: Uint8Array): string {
  const text = new TextDecoder().decode(body.subarray(0, 16 * 1024)).trim();
  let message = text;
  try {
    const parsed = ErrorReply.safeParse(JSON.parse(text));
    if (parsed.success) message = parsed.data;
  } catch {
    message = text.replace(/<[^>]*>/g, ' ');
  }
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > LONGEST_MESSAGE ? `${line.slice(0, LONGEST_MESSAGE)}…` : line;
}
