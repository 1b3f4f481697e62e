import { createStore } from 'solid-js/store';
import type { McpServerStatus } from '@/shared/protocol/mcp-status.ts';
import type { ServerCapabilities } from '@/shared/protocol/providers.ts';
import { AgentSettings, DEFAULT_SETTINGS } from '@/shared/protocol/settings.ts';
import { problemText } from '@/shared/protocol/storage-full.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { SettingsRepository } from '@/shared/storage/settings-repository.ts';
import { watchLiveQuery } from '../app/watch-live-query.ts';

type SettingsState = {
  settings: AgentSettings;
  isLoaded: boolean;
  loadError: string | null;
  /** What runs learned about each provider's server, by provider id (written by the agent worker). */
  serverCapabilities: Record<string, ServerCapabilities>;
  /** Each MCP server's last status, by server id: its last test here, or a conversation's start. */
  mcpStatuses: Record<string, McpServerStatus>;
};

/**
 * Agent settings, read and written on the main thread (the UI is the only writer of the
 * agent-settings row), what runs learned about the model servers, read only (the
 * agent worker writes it), and the MCP servers' last statuses (the UI writes its tests'; the
 * worker, what conversations found as they started). Dexie live queries keep every open tab in step.
 */
export function createSettingsStore(repository = new SettingsRepository(new SandpiperDatabase())) {
  const [state, setState] = createStore<SettingsState>({
    settings: { ...DEFAULT_SETTINGS },
    isLoaded: false,
    loadError: null,
    serverCapabilities: {},
    mcpStatuses: {},
  });

  const subscription = watchLiveQuery(() => repository.getAgentSettings(), {
    next: (settings) => setState({ settings, isLoaded: true, loadError: null }),
    error: (error: unknown) => setState({ isLoaded: true, loadError: problemText(error) }),
  });

  const learned = watchLiveQuery(() => repository.getServerCapabilities(), {
    next: (serverCapabilities) => setState({ serverCapabilities }),
    // Nothing learned is shown; runs learn it again.
    error: () => setState({ serverCapabilities: {} }),
  });

  const statuses = watchLiveQuery(() => repository.getMcpStatuses(), {
    next: (mcpStatuses) => setState({ mcpStatuses }),
    // No last status is shown; the next test or conversation records one.
    error: () => setState({ mcpStatuses: {} }),
  });

  /** Records what Settings' Test connection found for an MCP server (its last status). */
  async function recordMcpTest(serverId: string, status: McpServerStatus): Promise<void> {
    await repository.putMcpStatuses('test', { [serverId]: status });
  }

  /** Saves validated settings; rejects (and saves nothing) if they are invalid. */
  async function save(settings: AgentSettings): Promise<void> {
    const valid = AgentSettings.parse(settings);
    await repository.putAgentSettings(valid);
    setState({ settings: valid, isLoaded: true });
  }

  return {
    state,
    save,
    recordMcpTest,
    dispose: () => {
      subscription.unsubscribe();
      learned.unsubscribe();
      statuses.unsubscribe();
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
