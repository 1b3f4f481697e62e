import { createEffect, createMemo, createResource, For, on, Show } from 'solid-js';
import { splitHighlightedLines } from '../shared/highlighted-lines.ts';
import { highlightToHtml } from '../shared/highlighter.ts';

/** One line as shown: its text, or highlight.js's HTML for it once the language has loaded. */
type ShownLine = { text: string; html: string | null };

/** The first `count` lines of `text` (at least one), each as plain text. */
function plainLines(text: string, count: number): ShownLine[] {
  return text
    .split('\n')
    .slice(0, Math.max(1, count))
    .map((line) => ({ text: line, html: null }));
}

/**
 * Text with line numbers and syntax highlighting. The text is shown plain at once (as text
 * nodes) and replaced by highlight.js's escaped HTML when the language has loaded. Each line
 * is a row of its number and its text, so a long line wraps under its own text and never
 * runs past the edge. `markedLine` is tinted and scrolled into view.
 */
export function CodeView(props: {
  text: string;
  lineCount: number;
  language: string | null;
  markedLine: number | null;
  label: string;
}) {
  let scroller!: HTMLElement;

  const [highlighted] = createResource(
    () => (props.language ? { text: props.text, language: props.language } : null),
    ({ text, language }) => highlightToHtml(text, language),
  );

  const lines = createMemo((): ShownLine[] => {
    const plain = plainLines(props.text, props.lineCount);
    // Without a language the resource keeps its last (other file's) HTML: never use it then.
    const html = props.language && highlighted.state === 'ready' ? highlighted() : null;
    if (!html) return plain;
    // highlight.js escapes the text itself and adds only its spans (see splitHighlightedLines).
    const split = splitHighlightedLines(html);
    return plain.map((line, index) => ({ text: line.text, html: split[index] ?? null }));
  });

  createEffect(
    on(
      () => [props.markedLine, props.text] as const,
      ([line]) => {
        if (line === null) return;
        queueMicrotask(() => {
          const row = scroller.querySelector<HTMLElement>(`.code-line[data-line="${line}"]`);
          if (row) scroller.scrollTop = Math.max(0, row.offsetTop - scroller.clientHeight / 3);
        });
      },
    ),
  );

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
    <section ref={scroller} class="code-scroller" aria-label={props.label} tabIndex={0}>
      <div
        class="code-text hljs"
        style={{ '--code-digits': String(String(Math.max(1, props.lineCount)).length) }}
      >
        <For each={lines()}>
          {(line, index) => (
            <div
              class="code-line"
              classList={{ 'code-mark': props.markedLine === index() + 1 }}
              data-line={index() + 1}
            >
              {/* An empty line holds a line break, so it keeps its height and reads as a blank line. */}
              <Show when={line.html} fallback={line.text === '' ? <br /> : line.text}>
                {(html) => <span innerHTML={line.text === '' ? `${html()}<br>` : html()} />}
              </Show>
            </div>
          )}
        </For>
      </div>
    </section>
  );
}
