import { missingKeyReason, type ProviderSetup } from '@/shared/protocol/providers.ts';
import { isHttpUrl } from '../settings/provider-validation.ts';

/** localStorage key set once the person dismisses the welcome. */
export const WELCOME_DISMISSED_KEY = 'sandpiper-welcome-dismissed';

/**
 * True when there is no provider new conversations could use (a fresh install saves none),
 * or the one they use cannot answer as it is: a hosted API that wants a key and has none,
 * or an OpenAI-compatible provider without a usable address or model. A provider the
 * person set up themselves — a local server with no key, an in-browser model — counts as
 * set up.
 */
export function needsProvider(
  setup: Pick<ProviderSetup, 'kind' | 'name' | 'baseUrl' | 'apiKey' | 'model'> | null,
): boolean {
  if (setup === null || missingKeyReason(setup) !== null) return true;
  if (setup.kind !== 'openai-compatible') return false;
  return !isHttpUrl(setup.baseUrl.trim()) || setup.model.trim() === '';
}

/**
 * Whether the empty state shows the welcome: once settings and the conversation list are
 * read, while nothing has been used yet (no conversation: a run started — and so a provider
 * answered or was set up — gives way for good), the person has not dismissed it, and there
 * is no active provider or it cannot answer (`needsProvider`).
 */
export function isWelcomeDue(state: {
  isLoaded: boolean;
  hasConversations: boolean;
  isDismissed: boolean;
  active: Pick<ProviderSetup, 'kind' | 'name' | 'baseUrl' | 'apiKey' | 'model'> | null;
}): boolean {
  return state.isLoaded && !state.hasConversations && !state.isDismissed && needsProvider(state.active);
}

/** Where the dismissal is kept (localStorage in the app). */
export type WelcomeMemory = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Whether the person dismissed the welcome (false when storage cannot be read). */
export function isWelcomeDismissed(memory: WelcomeMemory | undefined): boolean {
  try {
    return memory?.getItem(WELCOME_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Keeps the dismissal (or forgets it); storage that cannot be written keeps it for this page only. */
export function rememberWelcomeDismissed(memory: WelcomeMemory | undefined, isDismissed: boolean): void {
  try {
    if (isDismissed) memory?.setItem(WELCOME_DISMISSED_KEY, '1');
    else memory?.removeItem(WELCOME_DISMISSED_KEY);
  } catch {
    // Private mode: the choice lasts for this page.
  }
}
