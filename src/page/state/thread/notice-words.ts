import type { NoticeEvent } from '@/shared/protocol/events.ts';

/**
 * What a notice about a model server written before notices had plain words says first (its
 * own text, technical, goes behind the disclosure).
 */
export const ADAPTED_IN_PLAIN_WORDS =
  'Sandpiper changed how it asks this model server, to work with it. Nothing is needed from you.';

/**
 * A notice's words for the thread: its plain text, and its technical details (null: none).
 * A `provider_adapted` notice from before details existed held only the technical text: it
 * becomes the details, under words a person reads.
 */
export function noticeWords(notice: Pick<NoticeEvent, 'kind' | 'text' | 'details'>): {
  text: string;
  details: string | null;
} {
  if (notice.details) return { text: notice.text, details: notice.details };
  if (notice.kind === 'provider_adapted') return { text: ADAPTED_IN_PLAIN_WORDS, details: notice.text };
  return { text: notice.text, details: null };
}
