import { createSignal } from 'solid-js';

export type ThemePreference = 'system' | 'light' | 'dark';

/** The theme in use: the preference, or the system's when the preference is `system`. */
export type ColorScheme = 'light' | 'dark';

/** localStorage key; `index.html` reads it too, before first paint. */
export const THEME_STORAGE_KEY = 'sandpiper-theme';

function readPreference(): ThemePreference {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

function applyPreference(preference: ThemePreference): void {
  const root = document.documentElement;
  if (preference === 'system') delete root.dataset.theme;
  else root.dataset.theme = preference;
}

/** The theme: follows `prefers-color-scheme` unless the person picked light or dark (saved locally). */
export function createThemeStore() {
  const [preference, setPreferenceSignal] = createSignal<ThemePreference>(readPreference());
  applyPreference(preference());
  const systemDark = window.matchMedia('(prefers-color-scheme: dark)');
  const [isSystemDark, setSystemDark] = createSignal(systemDark.matches);
  systemDark.addEventListener('change', (event) => setSystemDark(event.matches));

  function setPreference(next: ThemePreference): void {
    setPreferenceSignal(next);
    applyPreference(next);
    try {
      if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage can be unavailable (private mode); the choice then lasts for this page only.
    }
  }

  return {
    preference,
    setPreference,
    /** The scheme in use now (for things styled from script, such as the terminal). */
    scheme: (): ColorScheme => {
      const chosen = preference();
      if (chosen !== 'system') return chosen;
      return isSystemDark() ? 'dark' : 'light';
    },
  };
}

export type ThemeStore = ReturnType<typeof createThemeStore>;
