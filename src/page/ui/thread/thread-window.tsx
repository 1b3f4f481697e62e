import {
  createVirtualizer,
  defaultRangeExtractor,
  type Range,
  type Virtualizer,
} from '@tanstack/solid-virtual';
import {
  children,
  createEffect,
  createMemo,
  createSignal,
  For,
  type JSX,
  on,
  onCleanup,
  onMount,
  Show,
  untrack,
} from 'solid-js';
import type { ThreadEntry } from '../../state/thread/phase-groups.ts';
import type { ThreadItem } from '../../state/thread/thread-reducer.ts';

/**
 * Threads with more items than this render only the rows near the view. Below it every
 * row is in the DOM as before: a 200-row thread renders and lays out in well under a
 * frame budget's worth of work per change (about 3,000 elements), the browser's find
 * (Ctrl+F) and the tests that read the whole thread see everything, and nothing is
 * estimated. Above it the DOM would grow with the conversation (a 10,000-event run has
 * ~3,400 rows, ~50,000 elements), which is what makes opening and scrolling slow.
 */
export const WINDOW_THRESHOLD = 200;

/** Rows rendered beyond each edge of the view (a fast scroll shows rows, not blank space). */
const OVERSCAN_ROWS = 6;
/** The `gap` between rows in `.thread-items` (thread.css). */
const ROW_GAP_PX = 4;
/** A focused row further than this from the view is let go (its DOM would be a long run of rows). */
const MAX_FOCUS_DISTANCE_ROWS = 150;

/** A first guess of an item's row height (margins included) until it is measured. */
export function estimatedHeight(item: ThreadItem | undefined): number {
  if (!item) return 34;
  if (item.kind === 'user' || item.kind === 'reply') return 58;
  if (item.kind === 'notice') return 30;
  switch (item.view) {
    case 'info':
      return 27;
    case 'ask':
      return 150;
    case 'result':
      return 220;
    case 'action':
      return item.errorMessage ? 52 : 34;
  }
}

/**
 * A row's height with its vertical margins (user bubbles have them; the rows follow each
 * other in normal flow, so the space a row takes is its margin box). Measured only from
 * the ResizeObserver's entries (delivered after layout, before paint): a row measured
 * before is not read again on every render.
 */
function measureRow(
  element: HTMLElement,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLElement, HTMLElement>,
): number {
  const index = instance.indexFromElement(element);
  if (!entry) {
    return (
      instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
    );
  }
  const style = getComputedStyle(element);
  const height = entry.borderBoxSize[0]?.blockSize ?? element.getBoundingClientRect().height;
  return height + Number.parseFloat(style.marginTop) + Number.parseFloat(style.marginBottom);
}

export type ThreadWindowProps = {
  /** The rows a person sees (phase headers, and items outside folded groups), in order. */
  rows: readonly ThreadEntry[];
  /** A first guess of a row's height until it is measured. */
  estimate: (row: ThreadEntry | undefined) => number;
  /** The element that scrolls the thread (`.thread-scroller`). */
  scroller: () => HTMLElement | undefined;
  /** Renders the row with this key as its `<li>`. */
  renderRow: (key: string) => JSX.Element;
  /** Shown after the last row when the window reaches it (the "Thinking…" row). */
  tail: JSX.Element;
  /** Called when the estimated height of the whole list changes (rows measured, added or grown). */
  onHeightChange: () => void;
};

/**
 * The thread's `<ol aria-label="Conversation">` for long threads: its rows are the ones a
 * person sees (phase headers, and items outside folded phases); only those near the
 * view (and the focused one) are in the DOM, in normal flow between a top and a bottom
 * padding that stand for the rows above and below, so margins, gaps and the rows'
 * own layout work as in the full list. Heights are measured as rows render; when a row
 * above the view changes height the virtualizer moves the scroll position by as much,
 * so what is on screen stays put (the scroller's own scroll anchoring is off for it:
 * `.thread-scroller.is-windowed`). Each rendered row says where it is in the whole list
 * (`aria-posinset` of `aria-setsize`) for screen readers.
 *
 * Limitation: the browser's find (Ctrl+F) sees only the rendered rows; Tab moves through
 * the rendered rows only (the scroller itself scrolls by keyboard).
 */
export function ThreadWindow(props: ThreadWindowProps) {
  let list: HTMLOListElement | undefined;
  const [listTop, setListTop] = createSignal(0);
  const [focusedIndex, setFocusedIndex] = createSignal<number | null>(null);

  // A new extractor only when the focused row changes (the virtualizer recomputes its rows then).
  const rangeExtractor = createMemo(() => {
    const focused = focusedIndex();
    return (range: Range) => withFocusedRow(defaultRangeExtractor(range), focused);
  });

  const virtualizer = createVirtualizer<HTMLElement, HTMLElement>({
    get count() {
      return props.rows.length;
    },
    getScrollElement: () => props.scroller() ?? null,
    // The rows are plain objects (not the store's): reading one subscribes to nothing but the list.
    estimateSize: (index) => props.estimate(props.rows[index]),
    getItemKey: (index) => props.rows[index]?.key ?? index,
    overscan: OVERSCAN_ROWS,
    gap: ROW_GAP_PX,
    get scrollMargin() {
      return listTop();
    },
    measureElement: measureRow,
    get rangeExtractor() {
      return rangeExtractor();
    },
  });

  /** Where the list starts in the scroller's content (below the plan panel), for `scrollMargin`. */
  function updateListTop(): void {
    const top = list?.offsetTop;
    if (top !== undefined && top !== untrack(listTop)) setListTop(top);
  }
  // Read when what is above the list may have moved it: a child of the scroller resized,
  // or one came or went (the plan panel). Read in those callbacks, layout is already
  // done; reading it on every scroll would force one.
  onMount(() => {
    updateListTop();
    const scroller = props.scroller();
    if (!scroller) return;
    const resizes = new ResizeObserver(updateListTop);
    const observeChildren = () => {
      for (const child of scroller.children) resizes.observe(child);
    };
    observeChildren();
    const mutations = new MutationObserver(() => {
      observeChildren();
      updateListTop();
    });
    mutations.observe(scroller, { childList: true });
    onCleanup(() => {
      resizes.disconnect();
      mutations.disconnect();
    });
  });

  const virtualRows = () => virtualizer.getVirtualItems();
  const firstIndex = createMemo(() => virtualRows()[0]?.index ?? 0);
  const lastIndex = createMemo(() => virtualRows()[virtualRows().length - 1]?.index ?? -1);
  // By key: the row objects are rebuilt on every change, the keys (and so the rendered rows) stay.
  const rowKeys = createMemo(() => props.rows.slice(firstIndex(), lastIndex() + 1).map((row) => row.key));
  const paddingTop = () => Math.max((virtualRows()[0]?.start ?? listTop()) - listTop(), 0);
  const paddingBottom = () => {
    const last = virtualRows()[virtualRows().length - 1];
    return last ? Math.max(virtualizer.getTotalSize() - (last.end - listTop()), 0) : 0;
  };

  createEffect(on(() => virtualizer.getTotalSize(), props.onHeightChange, { defer: true }));

  /** Keeps the focused row (and the rows between it and the view) rendered while it is near. */
  function withFocusedRow(indexes: number[], focused: number | null): number[] {
    const first = indexes[0];
    const last = indexes[indexes.length - 1];
    if (focused === null || first === undefined || last === undefined) return indexes;
    if (focused >= first && focused <= last) return indexes;
    if (Math.min(Math.abs(focused - first), Math.abs(focused - last)) > MAX_FOCUS_DISTANCE_ROWS)
      return indexes;
    const start = Math.min(first, focused);
    const end = Math.max(last, focused);
    return Array.from({ length: end - start + 1 }, (_, offset) => start + offset);
  }

  function onFocusIn(event: FocusEvent): void {
    const row = (event.target as Element | null)?.closest('.thread-items > li');
    const index = row?.getAttribute('data-index');
    setFocusedIndex(index ? Number(index) : null);
  }

  function onFocusOut(event: FocusEvent): void {
    const next = event.relatedTarget as Node | null;
    if (!next || !list?.contains(next)) setFocusedIndex(null);
  }

  return (
    <ol
      ref={list}
      class="thread-items is-windowed"
      aria-label="Conversation"
      style={{ 'padding-top': `${paddingTop()}px`, 'padding-bottom': `${paddingBottom()}px` }}
      onFocusIn={onFocusIn}
      onFocusOut={onFocusOut}
    >
      <For each={rowKeys()}>
        {(key, position) => {
          const view = children(() => props.renderRow(key));
          createEffect(() => {
            const element = view();
            if (!(element instanceof HTMLElement)) return;
            const index = firstIndex() + position();
            element.setAttribute('data-index', String(index));
            element.setAttribute('aria-posinset', String(index + 1));
            element.setAttribute('aria-setsize', String(props.rows.length));
            virtualizer.measureElement(element);
          });
          return <>{view()}</>;
        }}
      </For>
      <Show when={lastIndex() === props.rows.length - 1}>{props.tail}</Show>
    </ol>
  );
}
