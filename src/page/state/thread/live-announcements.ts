import type { ThreadItem } from './thread-reducer.ts';

/** The longest announcement: a screen reader reads it whole, so a long result is cut at a sentence. */
const MAX_ANNOUNCED_CHARACTERS = 280;

/**
 * Markdown as the words a listener needs: a heading read as a sentence, emphasis, code marks
 * and list markers dropped, a link read as its text, white space folded.
 */
export function spokenText(markdown: string): string {
  return markdown
    .replaceAll(/```[^\n]*\n[\s\S]*?(```|$)/g, ' (code) ')
    .replaceAll(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replaceAll(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replaceAll(/^\s{0,3}#{1,6}\s+(.*?)[.!?:]?\s*$/gm, '$1.')
    .replaceAll(/^\s{0,3}(>|[-*+]|\d+[.)])\s+/gm, '')
    .replaceAll(/(\*\*|__|\*|_|`|~~)/g, '')
    .replaceAll(/\s+/g, ' ')
    .trim();
}

/**
 * `text` whole when short; else its sentences up to the limit (a sentence ends in . ! ? or …
 * before a space), or its words up to the limit and "…" when no sentence fits.
 */
export function firstSentences(text: string, limit = MAX_ANNOUNCED_CHARACTERS): string {
  if (text.length <= limit) return text;
  const head = text.slice(0, limit + 1);
  const lastEnd = Math.max(...[...head.matchAll(/[.!?…](?=\s)/g)].map((match) => match.index));
  if (lastEnd > 0) return head.slice(0, lastEnd + 1);
  const lastSpace = head.lastIndexOf(' ');
  return `${head.slice(0, lastSpace > 0 ? lastSpace : limit)}…`;
}

/** Ends `text` as a sentence, so a listener hears where it stops. */
function asSentence(text: string): string {
  return /[.!?…:]$/.test(text) ? text : `${text}.`;
}

/**
 * What a screen reader is told when `item` lands in the thread, or null for what it need not
 * hear (rows of steps: the run's status says the agent works). Only finished texts are told —
 * the agent's updates once sent, a question once asked, a result once given, a failure, a retry
 * when it is first planned — never a text still being written or a countdown's every tick.
 * Told once per `announcementKey`.
 */
export function announcementOf(item: ThreadItem): string | null {
  if (item.kind === 'notice') {
    switch (item.noticeKind) {
      case 'provider_error':
      case 'internal_error':
        return `Error: ${asSentence(firstSentences(spokenText(item.text)))}`;
      case 'retrying':
        return item.retry
          ? `The model request failed; retry ${item.retry.attempt} of ${item.retry.of} comes shortly.`
          : null;
      case 'interrupted':
      case 'repetition':
      case 'mcp_unavailable':
        return asSentence(firstSentences(spokenText(item.text)));
      default:
        return null;
    }
  }
  if (item.kind !== 'action') return null;
  if (item.view === 'info' && item.status === 'success')
    return asSentence(firstSentences(spokenText(item.content)));
  if (item.view === 'ask' && item.status === 'asking')
    return `Question: ${asSentence(firstSentences(spokenText(item.question ?? item.content)))}`;
  if (item.view === 'result' && item.status === 'success')
    return `Result: ${asSentence(firstSentences(spokenText(item.content)))}`;
  return null;
}

/** Identifies one telling of an item: an action is told again only in another status. */
export function announcementKey(item: ThreadItem): string {
  return item.kind === 'action' ? `${item.key}:${item.status}` : item.key;
}

/** When an item came into the thread (an action: when it started). */
function timeOf(item: ThreadItem): number {
  return item.kind === 'action' ? item.startedAt : item.at;
}

/**
 * What to tell of `items` that was not told before (`told` holds the keys already told, and
 * gains the new ones), joined into one text: a live region read while it changes again can
 * lose the earlier text, so what arrives together is told together. Items from before `since`
 * (when the person opened the conversation) are history: read by moving through the thread,
 * never announced.
 */
export function newAnnouncements(
  items: readonly ThreadItem[],
  told: Set<string>,
  since = Number.NEGATIVE_INFINITY,
): string | null {
  const texts: string[] = [];
  for (const item of items) {
    const key = announcementKey(item);
    if (told.has(key)) continue;
    if (timeOf(item) < since) {
      told.add(key);
      continue;
    }
    const text = announcementOf(item);
    if (text === null) continue;
    told.add(key);
    texts.push(text);
  }
  return texts.length > 0 ? texts.join(' ') : null;
}
