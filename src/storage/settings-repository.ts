import { AgentSettings, DEFAULT_SETTINGS } from '../protocol/settings.ts';
import type { SandpiperDatabase } from './db.ts';

const AGENT_SETTINGS_KEY = 'agent';

/**
 * The settings table. The UI is its only writer; the worker reads it at the start of
 * each run. Secrets stored here are never copied into events, envelopes or logs.
 */
export class SettingsRepository {
  constructor(private readonly database: SandpiperDatabase) {}

  /** The saved agent settings merged over the defaults; invalid fields fall back to defaults. */
  async getAgentSettings(): Promise<AgentSettings> {
    const row = await this.database.settings.get(AGENT_SETTINGS_KEY);
    const saved = row?.value;
    if (typeof saved !== 'object' || saved === null) return { ...DEFAULT_SETTINGS };
    const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    for (const [field, value] of Object.entries(saved)) {
      const schema = AgentSettings.shape[field as keyof AgentSettings];
      if (schema?.safeParse(value).success) merged[field] = value;
    }
    return AgentSettings.parse(merged);
  }

  /** Validates and saves the agent settings; invalid input is refused with zod's message. */
  async putAgentSettings(settings: AgentSettings): Promise<void> {
    const value = AgentSettings.parse(settings);
    await this.database.settings.put({ key: AGENT_SETTINGS_KEY, value });
  }
}
