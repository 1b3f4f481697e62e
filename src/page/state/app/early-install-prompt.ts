/**
 * Chromium's install prompt (`beforeinstallprompt`) can fire before the app's modules have
 * loaded (main.tsx loads them after setting zod up): it is caught from the very start,
 * held back (no mini-infobar), and handed to the app-updates store when it starts.
 */
let early: Event | null = null;

/** Starts catching the install prompt; call first thing in main.tsx. */
export function catchInstallPromptEarly(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    early = event;
  });
  window.addEventListener('appinstalled', () => {
    early = null;
  });
}

/** The install prompt caught before the app started, if any (handed over once). */
export function takeEarlyInstallPrompt(): Event | null {
  const event = early;
  early = null;
  return event;
}
