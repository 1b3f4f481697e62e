import type { PreviewElement, PreviewPageState } from '../shared/protocol/preview-browser.ts';
import {
  MAX_PAGE_ELEMENTS as MAX_ELEMENTS,
  MAX_ELEMENT_TEXT_CHARS as MAX_LABEL,
  MAX_RENDERED_TEXT_CHARS as MAX_TEXT,
} from '../shared/protocol/preview-limits.ts';

const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[onclick]',
  '[tabindex]:not([tabindex="-1"])',
  ...[
    'button',
    'link',
    'checkbox',
    'radio',
    'tab',
    'menuitem',
    'option',
    'switch',
    'textbox',
    'combobox',
  ].map((role) => `[role="${role}"]`),
].join(',');

/**
 * The elements a person could act on, in document order, as the agent numbers them: the
 * numbers of the last look are the ones actions use (`elementAt`), as in browser-use.
 */
let numbered: Element[] = [];

export function elementAt(index: number): Element | null {
  const element = numbered[index];
  return element?.isConnected ? element : null;
}

/** The page now: rendered text, numbered elements and scroll (the console and screenshot are added by the caller). */
export function readPage(): Omit<PreviewPageState, 'console' | 'screenshot'> {
  numbered = interactiveElements().filter(isShown).slice(0, MAX_ELEMENTS);
  const text = (document.body?.innerText ?? '').replace(/\n{3,}/g, '\n\n').trim();
  const scroller = document.scrollingElement ?? document.documentElement;
  return {
    url: location.href,
    title: document.title.slice(0, 1_000),
    text: text.slice(0, MAX_TEXT),
    isTextCut: text.length > MAX_TEXT,
    elements: numbered.map(describeElement),
    scroll: { top: scroller.scrollTop, height: scroller.scrollHeight, viewport: window.innerHeight },
  };
}

/**
 * Elements made to be acted on (links, buttons, fields, roles), and, as browser-use finds
 * them, those a script made clickable without saying so: the outermost element with a
 * pointer cursor (a card or list row with a click listener), in document order.
 */
function interactiveElements(): Element[] {
  const marked = new Set(document.querySelectorAll(INTERACTIVE));
  const found: Element[] = [];
  for (const element of document.body?.querySelectorAll('*') ?? []) {
    if (marked.has(element)) {
      found.push(element);
      continue;
    }
    if (element.closest(INTERACTIVE)) continue;
    const parent = element.parentElement;
    if (
      getComputedStyle(element).cursor === 'pointer' &&
      !(parent && getComputedStyle(parent).cursor === 'pointer')
    )
      found.push(element);
  }
  return found;
}

function isShown(element: Element): boolean {
  if (element.closest('[hidden], [aria-hidden="true"]')) return false;
  const style = getComputedStyle(element);
  return style.display !== 'none' && style.visibility !== 'hidden' && element.getClientRects().length > 0;
}

export function describeElement(element: Element, index: number): PreviewElement {
  const tag = element.tagName.toLowerCase().slice(0, 40);
  const type = element.getAttribute('role') ?? (element instanceof HTMLInputElement ? element.type : null);
  const value =
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
      ? element.value
      : null;
  const isCheckable =
    element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
  return {
    index,
    tag,
    ...(type ? { type: (isCheckable && element.checked ? `${type}, checked` : type).slice(0, 40) } : {}),
    label: labelOf(element).slice(0, MAX_LABEL),
    ...(value !== null && !(element instanceof HTMLInputElement && element.type === 'password')
      ? { value: value.slice(0, MAX_LABEL) }
      : {}),
  };
}

/** What a person reads as the element's name. */
function labelOf(element: Element): string {
  const text = element instanceof HTMLElement ? element.innerText : (element.textContent ?? '');
  const labels = 'labels' in element ? (element.labels as NodeListOf<HTMLLabelElement> | null) : null;
  const candidates = [
    element.getAttribute('aria-label'),
    element instanceof HTMLSelectElement ? null : text,
    labels?.[0]?.textContent,
    element.getAttribute('placeholder'),
    element.getAttribute('title'),
    element.getAttribute('alt') ?? element.querySelector('img[alt]')?.getAttribute('alt'),
    element.getAttribute('name'),
    element instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(element.type)
      ? element.value
      : null,
  ];
  return (
    candidates
      .map((candidate) => candidate?.replace(/\s+/g, ' ').trim() ?? '')
      .find((label) => label !== '') ?? ''
  );
}

/** Resolves once the page has made no change to its DOM for `quietMs` (or after `maxMs`). */
export function settled(quietMs: number, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    let quietTimer: ReturnType<typeof setTimeout>;
    const observer = new MutationObserver(() => {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(done, quietMs);
    });
    const limitTimer = setTimeout(done, maxMs);
    function done() {
      observer.disconnect();
      clearTimeout(quietTimer);
      clearTimeout(limitTimer);
      resolve();
    }
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    quietTimer = setTimeout(done, quietMs);
  });
}
