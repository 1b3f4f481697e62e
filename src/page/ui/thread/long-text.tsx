import { createMemo, createSignal, For, Show } from 'solid-js';
import { utf8Length } from '@/shared/protocol/long-text.ts';
import { isShownByStart, shownHead, textBlocks } from '../../state/thread/long-text-view.ts';
import { formatBytes } from '../shared/format.ts';
import './long-text.css';

/**
 * A person's text as plain text, never markdown. Up to a few thousand characters it is shown
 * whole; a longer one shows its start and "Show all (N KB)", which shows all of it in a box
 * that scrolls, in blocks the browser lays out only near the view (megabytes open at once);
 * "Show less" folds it back. `class` is the element's own (a bubble, an output).
 */
export function LongText(props: { text: string; class: string; label: string }) {
  const [isWhole, setWhole] = createSignal(false);
  const size = createMemo(() => (isShownByStart(props.text) ? formatBytes(utf8Length(props.text)) : ''));
  return (
    <Show when={isShownByStart(props.text)} fallback={<div class={props.class}>{props.text}</div>}>
      <div class={`${props.class} long-text`} classList={{ 'is-whole': isWhole() }}>
        <Show when={isWhole()} fallback={<div class="long-text-head">{`${shownHead(props.text)} …`}</div>}>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it */}
          <section class="long-text-whole" aria-label={`${props.label}, whole`} tabIndex={0}>
            <For each={textBlocks(props.text)}>{(block) => <div class="long-text-block">{block}</div>}</For>
          </section>
        </Show>
        <button
          type="button"
          class="link-button long-text-toggle"
          aria-expanded={isWhole()}
          onClick={() => setWhole(!isWhole())}
        >
          {isWhole() ? 'Show less' : `Show all (${size()})`}
        </button>
      </div>
    </Show>
  );
}
