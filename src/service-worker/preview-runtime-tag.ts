import { PREVIEW_RUNTIME_SOURCE_NAME as RUNTIME_SOURCE_NAME } from '../shared/protocol/preview-limits.ts';
import type { PreviewRuntimeInit } from '../shared/protocol/preview-messages.ts';
import { textDataUrl } from '../shared/pwa/inline-site.ts';

let runtimeUrl: { code: string; url: string } | null = null;

/**
 * `html` with the preview runtime as its first scripts: one line holding two `<script
 * src="data:…">` tags (the page's data, then the runtime), put right after `<head>` (or
 * `<html>`, or the doctype), so it runs before any of the page's own scripts and the
 * page keeps its line numbers. The runtime's URL is made once per runtime text.
 */
export function withPreviewRuntime(html: string, runtimeCode: string, init: PreviewRuntimeInit): string {
  if (runtimeUrl?.code !== runtimeCode)
    runtimeUrl = {
      code: runtimeCode,
      url: textDataUrl('text/javascript', `${runtimeCode}\n//# sourceURL=${RUNTIME_SOURCE_NAME}`),
    };
  const initUrl = textDataUrl(
    'text/javascript',
    `globalThis.__sandpiperPreviewInit=${JSON.stringify(init)};`,
  );
  const tags = `<script src="${initUrl}"></script><script src="${runtimeUrl.url}"></script>`;
  for (const opening of [/<head(?:\s[^>]*)?>/i, /<html(?:\s[^>]*)?>/i, /<!doctype[^>]*>/i]) {
    const match = opening.exec(html);
    if (match) {
      const at = match.index + match[0].length;
      return `${html.slice(0, at)}${tags}${html.slice(at)}`;
    }
  }
  return `${tags}${html}`;
}
