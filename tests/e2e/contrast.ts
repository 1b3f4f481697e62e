import type { Locator, Page } from 'playwright-core';

/** One text's WCAG contrast ratio against what it is drawn on. */
export type TextContrast = { text: string; ratio: number };

/** An RGBA colour as the page computes it (channels 0–255, alpha 0–1). */
export type Rgba = [number, number, number, number];

/** The WCAG colour arithmetic the page runs, installed as `window.sandpiperColour`. */
export type ColourMath = {
  /** `rgb(…)`/`rgba(…)` as computed styles give them. */
  parse(value: string): Rgba;
  /** `top` composed over `bottom`. */
  over(top: Rgba, bottom: Rgba): Rgba;
  /** The colour behind `node`: its ancestors' backgrounds composed over white. */
  backgroundOf(node: Element | null): Rgba;
  /** The WCAG contrast ratio of `front` (composed over `background`) against `background`. */
  ratio(front: Rgba, background: Rgba): number;
};

/** Installs `window.sandpiperColour` in the page (again after a navigation; once otherwise). */
export async function installColourMath(page: Page): Promise<void> {
  await page.evaluate(() => {
    const store = window as unknown as { sandpiperColour?: ColourMath };
    if (store.sandpiperColour) return;
    const parse = (value: string): Rgba => {
      const parts = value.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const alpha = top[3];
      return [0, 1, 2]
        .map((index) => (top[index] ?? 0) * alpha + (bottom[index] ?? 0) * (1 - alpha))
        .concat(1) as Rgba;
    };
    const backgroundOf = (node: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let current = node; current; current = current.parentElement)
        layers.push(parse(getComputedStyle(current).backgroundColor));
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const luminance = ([red, green, blue]: Rgba) => {
      const channel = (value: number) => {
        const share = value / 255;
        return share <= 0.03928 ? share / 12.92 : ((share + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue);
    };
    const ratio = (front: Rgba, background: Rgba) => {
      const [light, dark] = [luminance(over(front, background)), luminance(background)].sort((a, b) => b - a);
      return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
    };
    store.sandpiperColour = { parse, over, backgroundOf, ratio };
  });
}

/**
 * The WCAG 2 contrast ratio of every text inside `root` (each element's own text, and the
 * text its `::before` draws) against the background it is drawn on (the colours of its
 * ancestors composed over white), lowest first.
 */
export async function textContrasts(root: Locator): Promise<TextContrast[]> {
  await installColourMath(root.page());
  return root.evaluate((element) => {
    const { parse, backgroundOf, ratio } = (window as unknown as { sandpiperColour: ColourMath })
      .sandpiperColour;
    const results: TextContrast[] = [];
    for (const node of [element, ...element.querySelectorAll('*')]) {
      const own = [...node.childNodes]
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .map((child) => child.textContent ?? '')
        .join('')
        .trim();
      const background = backgroundOf(node);
      if (own) results.push({ text: own, ratio: ratio(parse(getComputedStyle(node).color), background) });
      const before = getComputedStyle(node, '::before');
      const drawn = before.content.replace(/^"|"$/g, '');
      if (before.content !== 'none' && before.content !== 'normal' && drawn.trim())
        results.push({ text: `::before ${drawn}`, ratio: ratio(parse(before.color), background) });
    }
    return results.sort((a, b) => a.ratio - b.ratio);
  });
}
