const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => Math.min(count - 1, index + 1),
  ArrowUp: (index) => Math.max(0, index - 1),
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * Arrow-key focus for a list of buttons (`[data-roving]` inside `container`): Up/Down
 * move between them and Home/End jump to the ends; only the focused one is in the Tab
 * order, so Tab leaves the list. Returns true when it handled the key.
 */
export function moveRovingFocus(container: HTMLElement, event: KeyboardEvent): boolean {
  const move = MOVES[event.key];
  if (!move || event.altKey || event.ctrlKey || event.metaKey) return false;
  const items = [...container.querySelectorAll<HTMLElement>('[data-roving]')];
  if (items.length === 0) return false;
  const current = items.indexOf(document.activeElement as HTMLElement);
  const target = items[move(Math.max(0, current), items.length)];
  if (!target) return false;
  event.preventDefault();
  focusRovingItem(items, target);
  return true;
}

/** Makes `target` the list's one tabbable item and focuses it. */
export function focusRovingItem(items: readonly HTMLElement[], target: HTMLElement): void {
  for (const item of items) item.tabIndex = item === target ? 0 : -1;
  target.focus();
  target.scrollIntoView({ block: 'nearest' });
}
