import { isLongText, pastedFileName, textHead } from '@/shared/protocol/long-text.ts';
import type { UploadFile } from '@/shared/protocol/uploads.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';

/** Most characters of a long message kept as its text (the whole of it goes to a file). */
export const HEAD_CHARS = 1_000;
/** Most lines of a long message kept as its text. */
export const HEAD_LINES = 12;

/** Why a long message is refused while a run is active (it must become a file, and files wait). */
export const LONG_MESSAGE_WHILE_WORKING =
  'This message is over 16 KB, so it goes as a file, and files cannot be attached while the agent is working: send it once it finishes or asks you something, or stop it first. Nothing was sent.';

/** The start of `text` a long message keeps: `HEAD_LINES` lines and `HEAD_CHARS` characters at most. */
export function messageHead(text: string): string {
  return textHead(text, HEAD_CHARS, HEAD_LINES);
}

/** Lines of `text` (a final line without a newline counts). */
export function lineCount(text: string): number {
  let lines = text === '' || text.endsWith('\n') ? 0 : 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines += 1;
  return lines;
}

/**
 * What a long message says in place of the rest of its text: where the whole of it is
 * (`path` relative to the home folder), and how big it is. The model reads the file with
 * its file tools; the person sees the same words in the thread.
 */
export function longMessageNote(path: string, bytes: number, lines: number): string {
  const size = `${bytes.toLocaleString('en-US')} bytes, ${lines.toLocaleString('en-US')} ${lines === 1 ? 'line' : 'lines'}`;
  return `[This message was too long to send as text (${size}): the whole of it is saved as ${WORKSPACE_ROOT}/${path}, and the text above is its start.]`;
}

/** The file a long message's text becomes (named like a paste; placement gives it a free number). */
export function longTextFile(text: string): UploadFile | null {
  if (!isLongText(text)) return null;
  return { path: pastedFileName(1), type: 'text/plain', bytes: new TextEncoder().encode(text) };
}

/** A long message's text as sent: its start, then where the whole of it is. */
export function longMessageText(text: string, file: { path: string; size: number }): string {
  return `${messageHead(text)}\n\n${longMessageNote(file.path, file.size, lineCount(text))}`;
}
