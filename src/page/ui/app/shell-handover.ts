/** What a person did in index.html's app shell before the live app replaced it. */
export type ShellHandover = {
  /** Text typed into the shell's message box. */
  draft: string;
  /** Whether the shell's message box had the focus. */
  wasFocused: boolean;
};

/**
 * Reads what was typed into the app shell's message box (and whether it had the focus),
 * then empties `root` for the live app: nothing typed while the app loaded is lost.
 */
export function takeOverShell(root: HTMLElement): ShellHandover {
  const box = root.querySelector<HTMLTextAreaElement>('.app-shell textarea');
  const handover = { draft: box?.value ?? '', wasFocused: box !== null && box === document.activeElement };
  root.replaceChildren();
  return handover;
}
