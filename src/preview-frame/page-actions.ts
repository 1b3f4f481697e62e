import type { PreviewAction } from '../shared/protocol/preview-browser.ts';
import { describeElement, elementAt } from './page-state.ts';

/** An action's outcome in words, or the reason it could not be done. */
export type ActionOutcome = { ok: boolean; detail: string };

/**
 * Does what the agent asked on the page, with the events a person's input would cause:
 * a click (`element.click()`, after pointer and mouse events), text typed into a field
 * (its value set the way frameworks notice, then `input` and `change`), keys (Enter in a
 * form field submits it, as the browser's implicit submission does; Tab moves focus),
 * scrolling, and a dropdown's options or choice.
 */
export function runAction(action: PreviewAction): ActionOutcome {
  switch (action.type) {
    case 'click': {
      const element = elementAt(action.index);
      if (!element) return missing(action.index);
      if (element instanceof HTMLElement) {
        element.scrollIntoView({ block: 'center' });
        if (isFocusable(element)) element.focus();
        for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup'])
          element.dispatchEvent(
            new (type.startsWith('pointer') ? PointerEvent : MouseEvent)(type, {
              bubbles: true,
              cancelable: true,
              composed: true,
            }),
          );
        element.click();
      } else element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      return { ok: true, detail: `Clicked element at index ${action.index}: ${name(element, action.index)}` };
    }
    case 'input': {
      const element = elementAt(action.index);
      if (!element) return missing(action.index);
      if (!typeInto(element, action.text, true))
        return {
          ok: false,
          detail: `Element at index ${action.index} (${name(element, action.index)}) does not take text.`,
        };
      return {
        ok: true,
        detail: `Input '${action.text}' into element at index ${action.index}: ${name(element, action.index)}`,
      };
    }
    case 'keys':
      return sendKeys(action.keys);
    case 'scroll': {
      window.scrollBy({ top: action.pixels, behavior: 'instant' });
      return {
        ok: true,
        detail: `Scrolled ${action.pixels >= 0 ? 'down' : 'up'} by ${Math.abs(action.pixels)} pixels`,
      };
    }
    case 'scroll_to_text': {
      const found = elementWithText(action.text);
      if (!found)
        return { ok: false, detail: `Failed to scroll to text: '${action.text}' is not on the page` };
      found.scrollIntoView({ block: 'center', behavior: 'instant' });
      return { ok: true, detail: `Scrolled to text: '${action.text}'` };
    }
    case 'options': {
      const element = elementAt(action.index);
      if (!(element instanceof HTMLSelectElement)) return notSelect(action.index, element);
      const options = [...element.options].map(
        (option, at) =>
          `${at}: text=${JSON.stringify(option.text.trim())}${option.value !== option.text ? ` value=${JSON.stringify(option.value)}` : ''}${option.selected ? ' (selected)' : ''}`,
      );
      return {
        ok: true,
        detail: `Options of the dropdown at index ${action.index}:\n${options.join('\n')}\nUse the exact text with select_dropdown_option.`,
      };
    }
    case 'select': {
      const element = elementAt(action.index);
      if (!(element instanceof HTMLSelectElement)) return notSelect(action.index, element);
      const option = [...element.options].find(
        (candidate) => candidate.text.trim() === action.text.trim() || candidate.value === action.text,
      );
      if (!option)
        return { ok: false, detail: `The dropdown at index ${action.index} has no option '${action.text}'.` };
      element.value = option.value;
      element.dispatchEvent(new Event('input', { bubbles: true }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
      return {
        ok: true,
        detail: `Selected option '${option.text.trim()}' in the dropdown at index ${action.index}`,
      };
    }
  }
}

const missing = (index: number): ActionOutcome => ({
  ok: false,
  detail: `There is no element at index ${index} on the page now: look at the page's elements again.`,
});

const notSelect = (index: number, element: Element | null): ActionOutcome =>
  element
    ? {
        ok: false,
        detail: `Element at index ${index} (${name(element, index)}) is not a dropdown (<select>).`,
      }
    : missing(index);

function name(element: Element, index: number): string {
  const described = describeElement(element, index);
  return `<${described.tag}>${described.label ? ` “${described.label}”` : ''}`;
}

function isFocusable(element: HTMLElement): boolean {
  return element.tabIndex >= 0 || element.isContentEditable;
}

/** Sets a field's text as a person typing would leave it; false when the element takes no text. */
function typeInto(element: Element, text: string, replace: boolean): boolean {
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    element.focus();
    const prototype =
      element instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    // The prototype's setter: frameworks that track a field's value (React) see the change.
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(
      element,
      replace ? text : element.value + text,
    );
    element.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
    return true;
  }
  if (element instanceof HTMLElement && element.isContentEditable) {
    element.focus();
    element.textContent = replace ? text : (element.textContent ?? '') + text;
    element.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
    return true;
  }
  return false;
}

const KEY_CODES: Record<string, string> = { Space: 'Space' };
const NAMED_KEY =
  /^(Enter|Tab|Escape|Backspace|Delete|Space|Arrow(Up|Down|Left|Right)|Home|End|PageUp|PageDown|F\d{1,2})$/;
const MODIFIER = /^(Control|Ctrl|Shift|Alt|Meta)$/i;

/** Whether `keys` names a key press (`Enter`, `a`, `Control+a`) rather than text to type. */
function isKeyPress(keys: string): boolean {
  const parts = keys.split('+');
  const key = parts.at(-1) ?? '';
  return (key.length === 1 || NAMED_KEY.test(key)) && parts.slice(0, -1).every((part) => MODIFIER.test(part));
}

/** Keys as Playwright names them (`Enter`, `Control+a`, `ArrowDown`), or plain text typed into the focused field. */
function sendKeys(keys: string): ActionOutcome {
  const target = document.activeElement instanceof HTMLElement ? document.activeElement : document.body;
  if (!isKeyPress(keys)) {
    if (!typeInto(target, keys, false))
      return {
        ok: false,
        detail: `Nothing that takes text has the focus: click a field first, then send '${keys}'.`,
      };
    return { ok: true, detail: `Sent keys: ${keys}` };
  }
  const parts = keys.split('+');
  const key = parts.at(-1)!;
  const modifiers = new Set(parts.slice(0, -1).map((part) => part.toLowerCase()));
  const init: KeyboardEventInit = {
    key: key === 'Space' ? ' ' : key,
    code: KEY_CODES[key] ?? (key.length === 1 ? `Key${key.toUpperCase()}` : key),
    bubbles: true,
    cancelable: true,
    ctrlKey: modifiers.has('control') || modifiers.has('ctrl'),
    shiftKey: modifiers.has('shift'),
    altKey: modifiers.has('alt'),
    metaKey: modifiers.has('meta'),
  };
  let proceed = target.dispatchEvent(keyboardEvent('keydown', init));
  if (key.length === 1 || key === 'Enter')
    proceed = target.dispatchEvent(keyboardEvent('keypress', init)) && proceed;
  if (proceed) defaultAction(target, key, init);
  target.dispatchEvent(keyboardEvent('keyup', init));
  return { ok: true, detail: `Sent keys: ${keys}` };
}

const LEGACY_KEY_CODES: Record<string, number> = {
  Enter: 13,
  Tab: 9,
  Escape: 27,
  Backspace: 8,
  Delete: 46,
  Space: 32,
  ArrowLeft: 37,
  ArrowUp: 38,
  ArrowRight: 39,
  ArrowDown: 40,
  Home: 36,
  End: 35,
  PageUp: 33,
  PageDown: 34,
};

/** A keyboard event with the legacy `keyCode`/`which` too (pages still test `event.keyCode === 13`). */
function keyboardEvent(type: string, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent(type, init);
  const key = init.key === ' ' ? 'Space' : (init.key ?? '');
  const code = LEGACY_KEY_CODES[key] ?? (key.length === 1 ? key.toUpperCase().charCodeAt(0) : 0);
  for (const name of ['keyCode', 'which'] as const) Object.defineProperty(event, name, { get: () => code });
  return event;
}

/** What the browser itself does for a key no handler cancelled (synthetic events do none of it). */
function defaultAction(target: HTMLElement, key: string, init: KeyboardEventInit): void {
  if (key === 'Enter' && target instanceof HTMLInputElement && target.form) target.form.requestSubmit();
  else if (key === 'Enter' && (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement))
    target.click();
  else if (key === 'Space' && target instanceof HTMLButtonElement) target.click();
  else if (key === 'Tab') {
    const focusable = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((element) => !element.hasAttribute('disabled'));
    const at = focusable.indexOf(target);
    focusable[(at + (init.shiftKey ? -1 : 1) + focusable.length) % focusable.length]?.focus();
  } else if (key.length === 1 && !init.ctrlKey && !init.metaKey)
    typeInto(target, init.shiftKey ? key.toUpperCase() : key, false);
}

function elementWithText(text: string): Element | null {
  const wanted = text.toLowerCase();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent?.toLowerCase().includes(wanted)) return node.parentElement;
  }
  return null;
}
