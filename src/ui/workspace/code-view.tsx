import { createEffect, createMemo, createResource, on } from 'solid-js';
import { highlightToHtml } from '../shared/highlighter.ts';

/** Pixel height of one code line; the CSS uses the same value (`--code-line`). */
const LINE_HEIGHT_PX = 19;

/**
 * Text with a line-number gutter and syntax highlighting. The text is shown plain at once
 * (as a text node) and replaced by highlight.js's escaped HTML when the language has
 * loaded. `markedLine` is tinted and scrolled into view.
 */
export function CodeView(props: {
  text: string;
  lineCount: number;
  language: string | null;
  markedLine: number | null;
  label: string;
}) {
  let scroller!: HTMLElement;
  let code!: HTMLElement;

  const [highlighted] = createResource(
    () => (props.language ? { text: props.text, language: props.language } : null),
    ({ text, language }) => highlightToHtml(text, language),
  );

  createEffect(() => {
    const text = props.text;
    // Without a language the resource keeps its last (other file's) HTML: never use it then.
    const html = props.language && highlighted.state === 'ready' ? highlighted() : null;
    // highlight.js escapes the text itself; anything else is set as text, never as HTML.
    if (html) code.innerHTML = html;
    else code.textContent = text;
  });

  const gutter = createMemo(() =>
    Array.from({ length: Math.max(1, props.lineCount) }, (_, index) => index + 1).join('\n'),
  );

  createEffect(
    on(
      () => [props.markedLine, props.text] as const,
      ([line]) => {
        if (line === null) return;
        queueMicrotask(() => {
          scroller.scrollTop = Math.max(0, (line - 1) * LINE_HEIGHT_PX - scroller.clientHeight / 3);
        });
      },
    ),
  );

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
    <section ref={scroller} class="code-scroller" aria-label={props.label} tabIndex={0}>
      <div class="code-grid" style={{ '--code-line': `${LINE_HEIGHT_PX}px` }}>
        {props.markedLine !== null && props.markedLine <= props.lineCount ? (
          <div
            class="code-mark"
            data-line={props.markedLine}
            style={{ top: `calc(var(--code-pad) + ${(props.markedLine - 1) * LINE_HEIGHT_PX}px)` }}
            aria-hidden="true"
          />
        ) : null}
        <pre class="code-gutter" aria-hidden="true">
          {gutter()}
        </pre>
        <pre class="code-text">
          <code ref={code} class="hljs" />
        </pre>
      </div>
    </section>
  );
}
