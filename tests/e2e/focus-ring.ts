import type { Page } from 'playwright-core';
import { type ColourMath, installColourMath, type Rgba } from './contrast.ts';

/** What marks the focused element: its accessible text, and the contrast of its ring (0 when it has none). */
export type FocusRing = { element: string; ratio: number; width: number };

/**
 * The focus indicator of the element that has focus: an outline, or an outer box-shadow ring,
 * on the element or on one of its two nearest ancestors (a field whose box shows the focus), and
 * the WCAG contrast of its colour against the background it is drawn on (the colours of the
 * ancestors composed over white). Null when nothing but the page itself has focus.
 */
export async function focusRingOfActiveElement(page: Page): Promise<FocusRing | null> {
  await installColourMath(page);
  return page.evaluate(() => {
    const { parse, backgroundOf, ratio } = (window as unknown as { sandpiperColour: ColourMath })
      .sandpiperColour;
    /** The ring an element draws: its outline, else the first outer box-shadow with a spread. */
    const ringOf = (node: Element): { color: Rgba; width: number } | null => {
      const style = getComputedStyle(node);
      const outlineWidth = Number.parseFloat(style.outlineWidth);
      if (style.outlineStyle !== 'none' && outlineWidth > 0)
        return { color: parse(style.outlineColor), width: outlineWidth };
      for (const shadow of style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/)) {
        if (shadow.includes('inset')) continue;
        const color = shadow.match(/rgba?\([^)]*\)/)?.[0];
        const lengths = shadow
          .replace(/rgba?\([^)]*\)/, '')
          .trim()
          .split(/\s+/)
          .map(Number.parseFloat);
        const spread = lengths[3] ?? 0;
        if (color && spread > 0) return { color: parse(color), width: spread };
      }
      return null;
    };
    const active = document.activeElement;
    if (!active || active === document.body) return null;
    const label =
      active.getAttribute('aria-label') ??
      (active.textContent?.trim().slice(0, 60) || active.getAttribute('placeholder')) ??
      active.tagName;
    const element = `${active.tagName.toLowerCase()} "${label}"`;
    let best: { ratio: number; width: number } | null = null;
    for (
      let node: Element | null = active, depth = 0;
      node && depth < 3;
      node = node.parentElement, depth += 1
    ) {
      const ring = ringOf(node);
      if (!ring) continue;
      const found = { ratio: ratio(ring.color, backgroundOf(node.parentElement)), width: ring.width };
      if (!best || found.ratio > best.ratio) best = found;
    }
    return { element, ratio: best?.ratio ?? 0, width: best?.width ?? 0 };
  });
}

/**
 * Presses Tab from wherever focus is until focus comes back to the first element it reached
 * (or `limit` presses), and returns the focus ring of every element it stopped on, each once.
 */
export async function focusRingsAlongTab(page: Page, limit = 150): Promise<FocusRing[]> {
  const rings: FocusRing[] = [];
  const seen = new Set<number>();
  let first: number | undefined;
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    // Each element is numbered in a WeakMap of the page's (the DOM itself is left as it is).
    const key = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return -1;
      const store = window as unknown as { focusWalk?: WeakMap<Element, number>; focusWalkCount?: number };
      store.focusWalk ??= new WeakMap();
      if (!store.focusWalk.has(active)) {
        store.focusWalkCount = (store.focusWalkCount ?? 0) + 1;
        store.focusWalk.set(active, store.focusWalkCount);
      }
      return store.focusWalk.get(active) ?? -1;
    });
    if (key === -1) continue;
    // Back at the first stop: the walk went round. Another repeat (focus moved by the app) is skipped.
    if (key === first) break;
    first ??= key;
    if (seen.has(key)) continue;
    seen.add(key);
    const ring = await focusRingOfActiveElement(page);
    if (ring) rings.push(ring);
  }
  return rings;
}
