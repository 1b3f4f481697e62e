let hasInteracted = false;

/**
 * Starts noting whether the person has clicked, pressed a key or typed, from the first
 * moment of the page (main.tsx calls it before the app loads): someone using the app shell
 * of index.html must not lose what they typed to the one-time reload into isolation.
 */
export function watchInteractionEarly(target: Pick<Window, 'addEventListener'> = window): void {
  const note = () => {
    hasInteracted = true;
  };
  for (const type of ['pointerdown', 'keydown', 'input'] as const) {
    target.addEventListener(type, note, { capture: true, once: true });
  }
}

/** Whether the person interacted with the page before the app started. */
export function hasInteractedEarly(): boolean {
  return hasInteracted;
}
