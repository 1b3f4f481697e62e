/**
 * The few DOM members the extractor uses, as linkedom provides them. The worker is type
 * checked without the DOM library, so the extractor names these shapes instead of
 * `Document` and `Element`.
 */

export interface PageNode {
  readonly nodeType: number;
  textContent: string | null;
  readonly parentNode: PageNode | null;
  readonly childNodes: ArrayLike<PageNode>;
  remove(): void;
}

export interface PageElement extends PageNode {
  readonly tagName: string;
  readonly localName: string;
  readonly attributes: ArrayLike<{ readonly name: string; readonly value: string }>;
  readonly parentElement: PageElement | null;
  readonly children: ArrayLike<PageElement>;
  innerHTML: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  querySelector(selectors: string): PageElement | null;
  querySelectorAll(selectors: string): ArrayLike<PageElement>;
  closest(selectors: string): PageElement | null;
  replaceWith(...nodes: (PageNode | string)[]): void;
  before(...nodes: (PageNode | string)[]): void;
  append(...nodes: (PageNode | string)[]): void;
}

export interface PageDocument {
  readonly body: PageElement | null;
  readonly documentElement: PageElement;
  readonly title: string;
  createElement(tagName: string): PageElement;
  createTextNode(text: string): PageNode;
  querySelector(selectors: string): PageElement | null;
  querySelectorAll(selectors: string): ArrayLike<PageElement>;
}

/** Every element matching `selectors` under `root`, as an array (safe to remove while iterating). */
export function allOf(root: PageElement | PageDocument, selectors: string): PageElement[] {
  return Array.from(root.querySelectorAll(selectors));
}

/** Replaces `element` with its children. */
export function unwrap(element: PageElement): void {
  element.replaceWith(...Array.from(element.childNodes));
}

/** The element's text with spaces collapsed. */
export function textOf(node: PageNode): string {
  return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Elements nested deeper than `maxDepth` below `root` are unwrapped: their children move
 * up to the last allowed level, as a browser's parser does past its own limit. The content
 * picker and the converter recurse over the tree, and a hostile page of thousands of
 * nested elements would take them minutes and then overflow the stack.
 */
export function flattenBeyond(root: PageElement, maxDepth: number): void {
  const tooDeep: PageElement[] = [];
  const stack: [PageElement, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [element, depth] = stack.pop()!;
    for (const child of Array.from(element.children)) {
      if (depth + 1 > maxDepth) tooDeep.push(child);
      stack.push([child, depth + 1]);
    }
  }
  // Outermost first: each unwrap then moves a few children, not a growing crowd.
  for (const element of tooDeep) unwrap(element);
}
