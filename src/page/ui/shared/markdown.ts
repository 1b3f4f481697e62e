import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { WORKSPACE_ROOT, workspacePathOf } from '@/shared/protocol/workspace.ts';
import { withoutHandlerAttributes } from './handler-attributes.ts';
import { codeBlockHtml, installCodeCopy, restrictCopyControl } from './markdown-code.ts';

const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    code: ({ text, lang }) => codeBlockHtml(text, lang),
    // The text's own outline goes under the heading of where it is shown (see `headingLevel`).
    heading({ tokens, depth }) {
      const level = Math.min(6, depth + headingOffset);
      // Its class keeps the size the text gave it, whatever level the page's outline needs.
      return `<h${level} class="markdown-h${depth}">${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    list(token) {
      if (!token.items.some((item) => item.task)) return false;
      const tag = token.ordered ? 'ol' : 'ul';
      const start = token.ordered && token.start !== 1 ? ` start="${token.start}"` : '';
      const items = token.items.map((item) => this.listitem(item)).join('');
      return `<${tag}${start} class="contains-task-list">\n${items}</${tag}>\n`;
    },
    listitem(item) {
      if (!item.task) return false;
      return `<li class="task-list-item">${this.parser.parse(item.tokens)}</li>\n`;
    },
  },
});

/**
 * Class names rendered markdown may carry: highlight.js's token classes (`hljs-keyword`,
 * and the `function_` kind of suffix), a code block's language, and the task-list and
 * code-block classes of this renderer. Any other class (the app's own, which model text
 * could use to dress up as the app's UI) is dropped.
 */
const ALLOWED_CLASS =
  /^(hljs(-[a-z0-9_]+)*|[a-z]+_{1,2}|language-[a-z0-9+#._-]+|task-list-item|contains-task-list|code-block|code-block-bar|code-block-language|code-copy|markdown-h[1-6])$/;

function restrictClasses(node: Element): void {
  const value = node.getAttribute('class');
  if (value === null) return;
  const kept = value.split(/\s+/).filter((name) => ALLOWED_CLASS.test(name));
  if (kept.length > 0) node.setAttribute('class', kept.join(' '));
  else node.removeAttribute('class');
}

/**
 * An `<input>` survives only as a task list's checkbox: type checkbox, disabled, maybe
 * checked, and no other attribute (no name, value or form to submit to). Any other input
 * is removed.
 */
function restrictInput(node: Element): void {
  if ((node.getAttribute('type') ?? '').toLowerCase() !== 'checkbox') {
    node.remove();
    return;
  }
  const isChecked = node.hasAttribute('checked');
  for (const name of node.getAttributeNames()) node.removeAttribute(name);
  node.setAttribute('type', 'checkbox');
  node.setAttribute('disabled', '');
  if (isChecked) node.setAttribute('checked', '');
}

/** Levels added to the text's own headings while rendering (`#` → h1 + offset). */
let headingOffset = 0;

let isHookInstalled = false;
/** Set while rendering web content: links must be absolute http(s) addresses. */
let isWebContent = false;

function installLinkHook(): void {
  if (isHookInstalled) return;
  isHookInstalled = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    restrictClasses(node);
    restrictCopyControl(node);
    if (node.tagName === 'INPUT') {
      restrictInput(node);
      return;
    }
    if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
    // A relative link would point into this app (`/?bundle=…`, another conversation's
    // preview): it becomes plain text. Web content keeps only http(s); model text may also
    // write mail links.
    const href = node.getAttribute('href') ?? '';
    const workspacePath = isWebContent ? null : workspaceLinkPath(href);
    if (workspacePath !== null) {
      // Not a link: the thread opens it in the file viewer (see `openWorkspaceLink`).
      node.removeAttribute('href');
      node.setAttribute(WORKSPACE_LINK_ATTRIBUTE, workspacePath);
      node.setAttribute('role', 'button');
      node.setAttribute('tabindex', '0');
      node.setAttribute('title', `Open ${workspacePath}`);
      return;
    }
    const allowed = isWebContent ? /^https?:\/\//i : /^(https?:\/\/|mailto:)/i;
    if (!allowed.test(href)) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
}

/** Where a link of model text to a workspace file keeps its path (relative to /home/ubuntu). */
export const WORKSPACE_LINK_ATTRIBUTE = 'data-workspace-path';

/** The workspace path a link to `/home/ubuntu/…` names, or null. */
function workspaceLinkPath(href: string): string | null {
  let path: string;
  try {
    path = decodeURI(href);
  } catch {
    return null;
  }
  return path.startsWith(`${WORKSPACE_ROOT}/`) ? workspacePathOf(path) : null;
}

/**
 * The workspace path of the link a click or key landed on in rendered model text, or null:
 * the thread opens it in the file viewer, as the Files tab and attachment cards do.
 */
export function workspaceLinkTarget(event: Event): string | null {
  const target =
    event.target instanceof Element ? event.target.closest(`[${WORKSPACE_LINK_ATTRIBUTE}]`) : null;
  return target?.getAttribute(WORKSPACE_LINK_ATTRIBUTE) ?? null;
}

/**
 * The level a text's `#` heading takes in the thread: under the conversation's title (h1) and
 * the plan's goal (h2), so a message's headings never compete with the page's own.
 */
export const DEFAULT_HEADING_LEVEL = 3;

/**
 * GitHub-flavoured markdown to sanitised HTML (task lists with disabled checkboxes;
 * fenced code highlighted once its language has loaded, see `codeBlockHtml`, with a
 * Copy control). Model text goes through DOMPurify before
 * it can reach the DOM; links open in a new tab without an opener, and only absolute
 * http(s) (and, outside web content, `mailto:`) links stay links. Outside web content, a
 * link to a file under /home/ubuntu becomes a button-like element carrying its workspace
 * path (`WORKSPACE_LINK_ATTRIBUTE`), which the thread opens in the file viewer. The text's
 * `#` heading becomes an `h{headingLevel}` (default `DEFAULT_HEADING_LEVEL`), its `##` one
 * level below, up to h6.
 */
export function renderMarkdown(
  text: string,
  options: { isWebContent?: boolean; headingLevel?: number } = {},
): string {
  installLinkHook();
  installCodeCopy();
  let html: string;
  headingOffset = Math.max(0, Math.min(5, (options.headingLevel ?? DEFAULT_HEADING_LEVEL) - 1));
  try {
    html = marked.parse(text) as string;
  } catch {
    // marked throws on some input (a hostile page can carry it): shown as plain text instead.
    html = `<pre>${text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')}</pre>`;
  } finally {
    headingOffset = 0;
  }
  isWebContent = options.isWebContent === true;
  try {
    return sanitize(html);
  } finally {
    isWebContent = false;
  }
}

function sanitize(html: string): string {
  return DOMPurify.sanitize(withoutHandlerAttributes(html), {
    USE_PROFILES: { html: true },
    // No remote images (a tracking and data-leak channel, and broken offline) and no
    // form controls (model text must not be able to draw a fake password field): an
    // `<input>` is kept only as a task list's disabled checkbox (`restrictInput`).
    FORBID_TAGS: [
      'style',
      'form',
      'button',
      'textarea',
      'select',
      'iframe',
      'img',
      'video',
      'audio',
      'source',
      'picture',
    ],
    FORBID_ATTR: ['style'],
    // Model-chosen ids and names are prefixed so they cannot clash with the app's own.
    SANITIZE_NAMED_PROPS: true,
  });
}
