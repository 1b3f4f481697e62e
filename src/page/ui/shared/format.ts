import type { ConversationStatus } from '@/shared/protocol/conversation.ts';
import type { EnvelopeStatus } from '@/shared/protocol/envelope.ts';

/** "850", "12.4k", "1.2M" (the meter adds " tokens"). */
export function formatTokenCount(count: number): string {
  if (count < 1_000) return String(count);
  if (count < 1_000_000) return `${trimZero((count / 1_000).toFixed(count < 100_000 ? 1 : 0))}k`;
  return `${trimZero((count / 1_000_000).toFixed(1))}M`;
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

/** "Searching files (1,200 of 5,000)": a running action's status line, with its counts when it has them. */
export function formatProgress(status: {
  text: string;
  done?: number | undefined;
  total?: number | undefined;
}): string {
  const { done, total } = status;
  const counts =
    done !== undefined && total !== undefined
      ? ` (${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')})`
      : '';
  return `${status.text}${counts}`;
}

/** "0.4s", "12s", "3m 05s". */
export function formatDuration(milliseconds: number): string {
  const safe = Math.max(0, milliseconds);
  if (safe < 10_000) return `${(safe / 1_000).toFixed(1)}s`;
  const seconds = Math.round(safe / 1_000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/** A clock time for today, otherwise a short date. */
export function formatTime(timestamp: number, now = Date.now()): string {
  const date = new Date(timestamp);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return (sameDay ? TIME_OF_DAY : DAY_OF_MONTH).format(date);
}

// Made once: `toLocale…String` builds a formatter on every call, which showed in long threads' profiles.
const TIME_OF_DAY = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const DAY_OF_MONTH = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

export type DayGroup = 'Today' | 'Yesterday' | 'Earlier';

/** Which sidebar group a timestamp falls into, by local calendar day. */
export function dayGroup(timestamp: number, now = Date.now()): DayGroup {
  const startOfToday = new Date(now);
  startOfToday.setHours(0, 0, 0, 0);
  const today = startOfToday.getTime();
  if (timestamp >= today) return 'Today';
  const startOfYesterday = new Date(today);
  startOfYesterday.setDate(startOfYesterday.getDate() - 1);
  return timestamp >= startOfYesterday.getTime() ? 'Yesterday' : 'Earlier';
}

function ordinal(value: number): string {
  const tens = value % 100;
  if (tens >= 11 && tens <= 13) return `${value}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][value % 10] ?? 'th';
  return `${value}${value % 10 > 3 ? 'th' : suffix}`;
}

/** "2nd call ignored: file" for each extra tool call the runtime did not run. */
export function ignoredCallsNote(names: readonly string[]): string {
  return names.map((name, index) => `${ordinal(index + 2)} call ignored: ${name}`).join(' · ');
}

export const CONVERSATION_STATUS_LABEL: Record<ConversationStatus, string> = {
  idle: 'Idle',
  running: 'Working',
  asking: 'Needs your reply',
  done: 'Done',
  error: 'Error',
};

export const ENVELOPE_STATUS_LABEL: Record<EnvelopeStatus, string> = {
  running: 'Running',
  success: 'Done',
  error: 'Failed',
  asking: 'Waiting for you',
};

/** What the live region says when a conversation's status changes. */
export function statusAnnouncement(status: ConversationStatus, title: string): string {
  switch (status) {
    case 'running':
      return `Working on “${title}”.`;
    case 'asking':
      return 'The agent is asking you a question.';
    case 'done':
      return 'Task done.';
    case 'error':
      return 'The task stopped with an error.';
    case 'idle':
      return 'Stopped.';
  }
}

/** "512 B", "3.4 KB", "12 MB" (1 KB = 1024 bytes, as the workspace limit counts). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${trimZero(value.toFixed(value < 10 ? 1 : 0))} ${units[unit]}`;
}
