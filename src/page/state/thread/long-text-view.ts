import { textHead } from '@/shared/protocol/long-text.ts';

/** A person's text longer than this shows its start and "Show all" (a few thousand characters). */
export const SHOWN_WHOLE_CHARS = 3_000;
/** Most characters and lines of the start shown of a longer text. */
export const SHOWN_HEAD_CHARS = 1_200;
export const SHOWN_HEAD_LINES = 16;
/** Characters per block of a text shown whole: the browser lays out only the blocks near the view. */
export const BLOCK_CHARS = 16_000;

/** True when `text` is shown by its start until the person asks for all of it. */
export function isShownByStart(text: string): boolean {
  return text.length > SHOWN_WHOLE_CHARS;
}

/** The start of a long text as the thread shows it. */
export function shownHead(text: string): string {
  return textHead(text, SHOWN_HEAD_CHARS, SHOWN_HEAD_LINES);
}

/**
 * `text` in blocks of about `size` characters, each ending at a line's end when one lies in
 * its second half (so a block boundary is never seen), else at `size`; never inside a
 * character. Joined, the blocks are `text`.
 */
export function textBlocks(text: string, size = BLOCK_CHARS): string[] {
  const blocks: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const lineEnd = text.lastIndexOf('\n', end - 1);
      if (lineEnd >= start + size / 2) end = lineEnd + 1;
      else {
        const last = text.charCodeAt(end - 1);
        if (last >= 0xd800 && last <= 0xdbff) end -= 1;
      }
    }
    blocks.push(text.slice(start, end));
    start = end;
  }
  return blocks;
}
