import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: false, async: false });

let isHookInstalled = false;

function installLinkHook(): void {
  if (isHookInstalled) return;
  isHookInstalled = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/**
 * GitHub-flavoured markdown to sanitised HTML. Model text goes through DOMPurify before
 * it can reach the DOM; links open in a new tab without an opener.
 */
export function renderMarkdown(text: string): string {
  installLinkHook();
  const html = marked.parse(text) as string;
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}
