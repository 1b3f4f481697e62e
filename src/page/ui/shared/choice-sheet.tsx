import { createSignal, createUniqueId, For, type JSX, onCleanup, onMount, Show } from 'solid-js';
import { Icon } from './icons.tsx';
import { focusRovingItem, moveRovingFocus } from './roving-focus.ts';
import './choice-sheet.css';

/** One option of a choice sheet: its value, its name, and a line under the name. */
export type Choice = { value: string; label: string; detail?: string | undefined };

/**
 * A compact button that opens a sheet (a popover at the bottom of the screen) of choices,
 * for switches that have no room as a select (phones): the button shows the current choice;
 * the sheet is a menu of radio items — arrows move, Enter or a tap chooses and closes it,
 * Esc or a tap outside closes it, and focus returns to the button.
 */
export function ChoiceSheet(props: {
  /** The start of the button's name: "Provider for this conversation" (": OpenAI" follows). */
  label: string;
  /** The sheet's heading, the menu's name; `label` unless given. */
  title?: string;
  choices: readonly Choice[];
  value: string;
  onChoose: (value: string) => void;
  /** The button's visible content (the current choice, typically). */
  children: JSX.Element;
  /** A line under the choices. */
  note?: JSX.Element;
  class?: string;
}) {
  const id = `choice-sheet-${createUniqueId()}`;
  const [isOpen, setOpen] = createSignal(false);
  let trigger!: HTMLButtonElement;
  let sheet!: HTMLDivElement;
  let menu!: HTMLDivElement;
  const current = () => props.choices.find((choice) => choice.value === props.value);

  function onToggle(event: Event): void {
    const isOpening = (event as ToggleEvent).newState === 'open';
    setOpen(isOpening);
    if (isOpening) {
      const items = [...menu.querySelectorAll<HTMLElement>('[data-roving]')];
      const checked = items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0];
      if (checked) focusRovingItem(items, checked);
    } else if (sheet.contains(document.activeElement) || document.activeElement === document.body) {
      trigger.focus();
    }
  }

  onMount(() => sheet.addEventListener('toggle', onToggle));
  onCleanup(() => sheet.removeEventListener('toggle', onToggle));

  function choose(value: string): void {
    sheet.hidePopover();
    trigger.focus();
    if (value !== props.value) props.onChoose(value);
  }

  function onMenuKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Tab') sheet.hidePopover();
    else moveRovingFocus(menu, event);
  }

  return (
    <div class={`choice-sheet ${props.class ?? ''}`}>
      <button
        ref={trigger}
        type="button"
        class="choice-sheet-button"
        popovertarget={id}
        aria-haspopup="menu"
        aria-expanded={isOpen()}
        aria-label={`${props.label}: ${current()?.label ?? ''}`}
      >
        {props.children}
        <Icon name="chevron-down" size={14} />
      </button>
      <div ref={sheet} id={id} class="choice-sheet-panel" popover="auto">
        <p class="choice-sheet-title" id={`${id}-title`}>
          {props.title ?? props.label}
        </p>
        <div
          ref={menu}
          class="choice-sheet-menu"
          role="menu"
          aria-labelledby={`${id}-title`}
          onKeyDown={onMenuKeyDown}
        >
          <For each={props.choices}>
            {(choice) => (
              <button
                type="button"
                class="choice-sheet-item"
                role="menuitemradio"
                aria-checked={choice.value === props.value}
                data-roving
                tabIndex={-1}
                onClick={() => choose(choice.value)}
              >
                <span class="choice-sheet-check" aria-hidden="true">
                  <Show when={choice.value === props.value}>
                    <Icon name="check" size={16} />
                  </Show>
                </span>
                <span class="choice-sheet-text">
                  <span class="choice-sheet-label">{choice.label}</span>
                  <Show when={choice.detail}>
                    {(detail) => <span class="choice-sheet-detail">{detail()}</span>}
                  </Show>
                </span>
              </button>
            )}
          </For>
        </div>
        <Show when={props.note}>
          <p class="choice-sheet-note">{props.note}</p>
        </Show>
      </div>
    </div>
  );
}
