import { liveQuery } from 'dexie';
import { createStore } from 'solid-js/store';
import type { ServerCapabilities } from '../../protocol/providers.ts';
import { AgentSettings, DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { SandpiperDatabase } from '../../storage/db.ts';
import { SettingsRepository } from '../../storage/settings-repository.ts';

type SettingsState = {
  settings: AgentSettings;
  isLoaded: boolean;
  loadError: string | null;
  /** What runs learned about each provider's server, by provider id (written by the agent worker). */
  serverCapabilities: Record<string, ServerCapabilities>;
};

/**
 * Agent settings, read and written on the main thread (the UI is the only writer of the
 * agent-settings row), and what runs learned about the model servers, read only (the
 * agent worker writes it). Dexie live queries keep every open tab in step.
 */
export function createSettingsStore(repository = new SettingsRepository(new SandpiperDatabase())) {
  const [state, setState] = createStore<SettingsState>({
    settings: { ...DEFAULT_SETTINGS },
    isLoaded: false,
    loadError: null,
    serverCapabilities: {},
  });

  const subscription = liveQuery(() => repository.getAgentSettings()).subscribe({
    next: (settings) => setState({ settings, isLoaded: true, loadError: null }),
    error: (error: unknown) =>
      setState({ isLoaded: true, loadError: error instanceof Error ? error.message : String(error) }),
  });

  const learned = liveQuery(() => repository.getServerCapabilities()).subscribe({
    next: (serverCapabilities) => setState({ serverCapabilities }),
    // Nothing learned is shown; runs learn it again.
    error: () => setState({ serverCapabilities: {} }),
  });

  /** Saves validated settings; rejects (and saves nothing) if they are invalid. */
  async function save(settings: AgentSettings): Promise<void> {
    const valid = AgentSettings.parse(settings);
    await repository.putAgentSettings(valid);
    setState({ settings: valid, isLoaded: true });
  }

  return {
    state,
    save,
    dispose: () => {
      subscription.unsubscribe();
      learned.unsubscribe();
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
