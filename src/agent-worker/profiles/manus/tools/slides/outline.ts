/** One slide of an outline: its markdown and its speaker notes (markdown), if any. */
export type SlideSource = { markdown: string; notes: string | null };

/** A horizontal position of the deck: one slide, or several stacked vertically. */
export type SlideStack = SlideSource[];

const HORIZONTAL_SEPARATOR = /^---[ \t]*$/;
const VERTICAL_SEPARATOR = /^--[ \t]*$/;
/** reveal.js's markdown convention (`notesSeparator`): a line starting `Note:` or `Notes:`. */
const NOTES_LINE = /^[ \t]*notes?:[ \t]*(.*)$/i;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Splits a markdown outline into slides the way reveal.js's markdown plugin does: a line
 * `---` starts the next slide, a line `--` the next slide of the same vertical stack, and
 * everything after a line starting `Note:`/`Notes:` is that slide's speaker notes.
 * Separators and note markers inside fenced code blocks are content. Slides with nothing
 * but whitespace (a leading or trailing `---`) are dropped.
 */
export function splitOutline(outline: string): SlideStack[] {
  const stacks: SlideStack[] = [];
  let stack: SlideStack = [];
  let body: string[] = [];
  let notes: string[] | null = null;
  let fence: string | null = null;

  const closeSlide = () => {
    const markdown = body.join('\n').trim();
    const noteText = notes?.join('\n').trim() ?? '';
    if (markdown !== '' || noteText !== '')
      stack.push({ markdown, notes: noteText === '' ? null : noteText });
    body = [];
    notes = null;
  };
  const closeStack = () => {
    closeSlide();
    if (stack.length > 0) stacks.push(stack);
    stack = [];
  };

  for (const line of outline.replace(/\r\n?/g, '\n').split('\n')) {
    if (fence !== null) {
      if (line.trim().startsWith(fence) && /^[`~]+$/.test(line.trim())) fence = null;
      (notes ?? body).push(line);
      continue;
    }
    const opening = FENCE_OPEN.exec(line);
    if (opening?.[1]) {
      fence = opening[1];
      (notes ?? body).push(line);
      continue;
    }
    if (HORIZONTAL_SEPARATOR.test(line)) {
      closeStack();
      continue;
    }
    if (VERTICAL_SEPARATOR.test(line)) {
      closeSlide();
      continue;
    }
    const noteStart: RegExpExecArray | null = notes === null ? NOTES_LINE.exec(line) : null;
    if (noteStart) {
      notes = [noteStart[1] ?? ''];
      continue;
    }
    (notes ?? body).push(line);
  }
  closeStack();
  return stacks;
}

/** How many slides a deck of these stacks has (every vertical slide counts, as reveal.js counts). */
export function countSlides(stacks: readonly SlideStack[]): number {
  return stacks.reduce((total, stack) => total + stack.length, 0);
}
