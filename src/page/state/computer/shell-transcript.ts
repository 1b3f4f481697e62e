import type { EnvelopeStatus } from '@/shared/protocol/envelope.ts';
import { readToolMeta } from '@/shared/protocol/tool-meta/index.ts';
import type { ActionItem } from '../thread/thread-reducer.ts';

/** One piece of a command's output, in the order it was produced. */
export type OutputChunk = { stream: 'stdout' | 'stderr'; text: string };

/** One shell action as the terminal shows it. */
export type TranscriptEntry = {
  uuid: string;
  /** `exec`, `wait`, `send`, `kill` or `view`. */
  action: string;
  status: EnvelopeStatus;
  command: string | null;
  input: string | null;
  output: OutputChunk[];
  exitCode: number | null;
  isStillRunning: boolean;
  errorMessage: string | null;
};

const DEFAULT_SESSION = 'main';

/**
 * The session a shell action ran in (as the shell tool resolves it), or null for an
 * action whose meta is not shell meta (of whatever tool).
 */
export function shellSessionOf(item: ActionItem): string | null {
  if (item.metaKind !== 'shell') return null;
  const fromMeta = readToolMeta('shell', item.meta).session;
  if (fromMeta) return fromMeta;
  const fromCall = item.callArguments.session;
  return typeof fromCall === 'string' && fromCall.trim() !== '' ? fromCall.trim() : DEFAULT_SESSION;
}

function stringOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * The transcript of the selected shell action's session: every shell action of that
 * session up to and including the selected one, in thread order. A running action's
 * output is the live chunks streamed so far; a finished one's is its envelope's
 * stdout and stderr. Empty when `selectedUuid` is not a shell action.
 */
export function shellTranscript(
  actions: readonly ActionItem[],
  selectedUuid: string,
  liveOutput: (uuid: string) => readonly OutputChunk[],
): TranscriptEntry[] {
  const end = actions.findIndex((item) => item.uuid === selectedUuid);
  const selected = actions[end];
  if (!selected) return [];
  const session = shellSessionOf(selected);
  if (session === null) return [];
  return actions
    .slice(0, end + 1)
    .filter((item) => shellSessionOf(item) === session)
    .map((item) => transcriptEntry(item, liveOutput));
}

function transcriptEntry(
  item: ActionItem,
  liveOutput: (uuid: string) => readonly OutputChunk[],
): TranscriptEntry {
  const meta = readToolMeta('shell', item.meta);
  // The action after the tool's name (`shell.wait` → `wait`); a tool without actions executes.
  const dot = item.actionType.indexOf('.');
  const action = dot < 0 ? 'exec' : item.actionType.slice(dot + 1);
  const stdout = meta.stdout ?? '';
  const stderr = meta.stderr ?? '';
  const finishedOutput: OutputChunk[] = [
    ...(stdout ? [{ stream: 'stdout' as const, text: stdout }] : []),
    ...(stderr ? [{ stream: 'stderr' as const, text: stderr }] : []),
  ];
  return {
    uuid: item.uuid,
    action,
    status: item.status,
    command: meta.command ?? stringOf(item.callArguments.command),
    input: stringOf(item.callArguments.input),
    output: item.status === 'running' ? [...liveOutput(item.uuid)] : finishedOutput,
    exitCode: typeof meta.exit_code === 'number' ? meta.exit_code : null,
    isStillRunning: meta.is_running === true,
    errorMessage: item.errorMessage,
  };
}

const RESET = '\u001b[0m';
const BOLD = '\u001b[1m';
const DIM = '\u001b[2m';
const RED = '\u001b[31m';
const GREEN = '\u001b[32m';

function note(text: string): string {
  return `${DIM}${text}${RESET}\n`;
}

function promptLine(entry: TranscriptEntry): string {
  switch (entry.action) {
    case 'exec':
      return `${BOLD}${GREEN}$${RESET} ${BOLD}${entry.command ?? ''}${RESET}\n`;
    case 'send':
      return note(`> ${(entry.input ?? '').replace(/\n$/, '')}`);
    case 'wait':
      return note('# waiting for output');
    case 'kill':
      return note('# stopping the running command');
    default:
      return note('# looked at the session');
  }
}

/**
 * The transcript as terminal text (LF line ends: the terminal converts them): a `$ command`
 * line, then the output with stderr in red, then notes for a failure, a non-zero exit code
 * or a command still running. A `view` repeats earlier output, so only its line is shown.
 */
export function transcriptText(entries: readonly TranscriptEntry[]): string {
  let text = '';
  for (const entry of entries) {
    text += promptLine(entry);
    if (entry.action !== 'view') {
      for (const chunk of entry.output) {
        text += chunk.stream === 'stderr' ? `${RED}${chunk.text}${RESET}` : chunk.text;
      }
      const last = entry.output.at(-1)?.text ?? '\n';
      if (!last.endsWith('\n')) text += '\n';
    }
    if (entry.status === 'error' && entry.errorMessage) text += `${RED}✗ ${entry.errorMessage}${RESET}\n`;
    else if (entry.isStillRunning) text += note('[still running — a later `wait` collects the rest]');
    else if (entry.exitCode !== null && entry.exitCode !== 0) text += note(`[exit code ${entry.exitCode}]`);
  }
  return text;
}

/** Most characters of live output kept per running action; older chunks are dropped first. */
export const MAX_LIVE_OUTPUT_CHARACTERS = 512 * 1024;

/**
 * `chunks` with `chunk` appended, dropping the oldest chunks once the total passes `limit`
 * (the finished envelope carries the whole output anyway). Never mutates `chunks`.
 */
export function appendLiveChunk(
  chunks: readonly OutputChunk[],
  chunk: OutputChunk,
  limit: number = MAX_LIVE_OUTPUT_CHARACTERS,
): OutputChunk[] {
  const next = [...chunks, chunk];
  let total = next.reduce((sum, entry) => sum + entry.text.length, 0);
  while (total > limit && next.length > 1) total -= next.shift()?.text.length ?? 0;
  return next;
}
