import { createSignal } from 'solid-js';
import { languageForPath } from '../../state/workspace/file-preview.ts';
import { highlightLoaded, LANGUAGE_LOADERS, loadHighlightLanguage } from './highlighter.ts';

/** Fence names that are neither a highlight.js language nor a file extension `languageForPath` knows. */
const FENCE_ALIASES: Record<string, string> = {
  shell: 'bash',
  console: 'bash',
  shellsession: 'bash',
  node: 'javascript',
  jsonc: 'json',
  json5: 'json',
  python3: 'python',
  toml: 'ini',
};

/**
 * The highlight.js language a fence's info string names (```ts, ```python, ```shell …):
 * its first word, as a language name, a file extension or a common alias; null when
 * there is none or it is one the highlighter does not load.
 */
export function fenceLanguage(info: string | undefined): string | null {
  const name = fenceName(info);
  if (name === null) return null;
  if (LANGUAGE_LOADERS[name]) return name;
  return FENCE_ALIASES[name] ?? languageForPath(`fence.${name}`);
}

/** The first word of a fence's info string, lower-cased, when it looks like a language name. */
function fenceName(info: string | undefined): string | null {
  const name = (info ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return /^[a-z0-9+#._-]{1,32}$/.test(name) ? name : null;
}

/** Bumped when a language lands, so markdown rendered before it is rendered again. */
const [loadedGeneration, setLoadedGeneration] = createSignal(0);
const pending = new Set<string>();

function requestLanguage(language: string): void {
  if (pending.has(language)) return;
  pending.add(language);
  void loadHighlightLanguage(language).then((isLoaded) => {
    pending.delete(language);
    if (isLoaded) setLoadedGeneration((generation) => generation + 1);
  });
}

/**
 * Loads `language` for code blocks (as rendering one does); resolves once it can be
 * highlighted (true) or failed to load (false).
 */
export function loadFenceLanguage(language: string): Promise<boolean> {
  return loadHighlightLanguage(language).then((isLoaded) => {
    if (isLoaded) setLoadedGeneration((generation) => generation + 1);
    return isLoaded;
  });
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Marks the element that copies its code block's text (see `installCodeCopy`). */
export const CODE_COPY_ATTRIBUTE = 'data-code-copy';
/**
 * The value only this renderer gives its Copy controls, new for each page load: markdown may
 * hold raw HTML shaped like a code block (a Copy control over text hidden from view), and the
 * sanitiser strips the attribute from any element that does not carry this value, so only a
 * block this renderer made — whose code is escaped text — can be copied.
 */
export const CODE_COPY_TOKEN = randomToken();

function randomToken(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Drops a Copy control's mark that this renderer did not make (see `CODE_COPY_TOKEN`). */
export function restrictCopyControl(node: Element): void {
  if (node.hasAttribute(CODE_COPY_ATTRIBUTE) && node.getAttribute(CODE_COPY_ATTRIBUTE) !== CODE_COPY_TOKEN) {
    node.removeAttribute(CODE_COPY_ATTRIBUTE);
  }
}

/**
 * A fenced code block as HTML (still to be sanitised with the rest): a bar with the
 * fence's language name and a Copy control, then the code in a `<pre><code>`, highlighted (highlight.js's escaped text and spans) when its language
 * has loaded, else escaped text, and a Copy control. Rendering a block whose language
 * has not loaded starts loading it, and reads a signal that changes when it lands: a
 * Solid computation that rendered the markdown (`innerHTML={renderMarkdown(…)}`) runs
 * again then and shows the block highlighted, so the first paint never waits for (or
 * pulls in) highlight.js.
 */
export function codeBlockHtml(text: string, info: string | undefined): string {
  const code = text.replace(/\n$/, '');
  const language = fenceLanguage(info);
  let body = escapeHtml(code);
  let classes = '';
  if (language) {
    const highlighted = highlightLoaded(code, language);
    if (highlighted === null) {
      loadedGeneration();
      requestLanguage(language);
    } else {
      body = highlighted;
    }
    classes = ` class="${highlighted === null ? '' : 'hljs '}language-${language}"`;
  }
  const name = fenceName(info);
  return (
    `<div class="code-block"><div class="code-block-bar">` +
    `<span class="code-block-language">${name === null ? '' : escapeHtml(name)}</span>` +
    `<span class="code-copy" ${CODE_COPY_ATTRIBUTE}="${CODE_COPY_TOKEN}" role="button" tabindex="0" title="Copy code" aria-label="Copy code">Copy</span>` +
    `</div><pre><code${classes}>${body}\n</code></pre></div>\n`
  );
}

let isCopyInstalled = false;

/**
 * Makes every Copy control of rendered markdown work, by one listener on the document
 * (rendered markdown is HTML set as `innerHTML`, without handlers of its own): a click,
 * Enter or Space copies the text of the control's code block and says "Copied".
 */
export function installCodeCopy(): void {
  if (isCopyInstalled || typeof document === 'undefined') return;
  isCopyInstalled = true;
  const onActivate = (event: Event) => {
    if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
    const control =
      event.target instanceof Element
        ? event.target.closest(`.markdown [${CODE_COPY_ATTRIBUTE}="${CODE_COPY_TOKEN}"]`)
        : null;
    const code = control?.closest('.code-block')?.querySelector('pre > code');
    if (!control || !code) return;
    event.preventDefault();
    void copyText(code.textContent ?? '').then((isCopied) => showCopied(control, isCopied));
  };
  document.addEventListener('click', onActivate);
  document.addEventListener('keydown', onActivate);
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text.replace(/\n$/, ''));
    return true;
  } catch {
    return false;
  }
}

function showCopied(control: Element, isCopied: boolean): void {
  const label = isCopied ? 'Copied' : 'Not copied';
  control.textContent = label;
  control.setAttribute('aria-label', label);
  setTimeout(() => {
    control.textContent = 'Copy';
    control.setAttribute('aria-label', 'Copy code');
  }, 1_500);
}
