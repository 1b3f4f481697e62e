import type { Locator } from 'playwright-core';

/**
 * How a code block shows its lines: how far it scrolls sideways, whether `marker` (the end of
 * the long line) is inside its box, how many rows that line takes, and whether every line's
 * text starts at the same x (the numbers stay in their column when a line wraps).
 */
export function lineFit(block: Locator, lineSelector: string, marker: string) {
  return block.evaluate(
    (element, [selector, text]) => {
      const box = element.getBoundingClientRect();
      const lines = [...element.querySelectorAll<HTMLElement>(selector)];
      const long = lines.find((line) => line.textContent?.includes(text));
      const range = document.createRange();
      const node = [...(long?.querySelectorAll('*') ?? [])]
        .flatMap((child) => [...child.childNodes])
        .concat([...(long?.childNodes ?? [])])
        .find((child) => child.nodeType === Node.TEXT_NODE && child.textContent?.includes(text));
      if (!long || !node) return null;
      const at = node.textContent?.indexOf(text) ?? 0;
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      const end = range.getBoundingClientRect();
      const starts = lines.map((line) => {
        const first = document.createRange();
        first.selectNodeContents(line);
        return Math.round(first.getClientRects()[0]?.left ?? 0);
      });
      const lineHeight = Number.parseFloat(getComputedStyle(long).lineHeight);
      return {
        sideways: element.scrollWidth - element.clientWidth,
        isEndInside: end.right <= box.right + 1 && end.left >= box.left,
        rows: Math.round(long.getBoundingClientRect().height / lineHeight),
        textStarts: [...new Set(starts)].length,
      };
    },
    [lineSelector, marker] as const,
  );
}
