import { createSignal } from 'solid-js';
import { DEFAULT_TOOL_PROFILE_ID } from '@/shared/protocol/tool-roles.ts';
import type { ToolProfileSummary } from '@/shared/protocol/worker-api.ts';
import type { AgentClient } from './agent-client.ts';

/** What is known before the worker answers: the default profile. */
const DEFAULT_PROFILE: ToolProfileSummary = { id: DEFAULT_TOOL_PROFILE_ID, title: 'Manus', summary: '' };

/**
 * The tool profiles a new conversation may use (from the worker, which has them) and the
 * one picked for the next new conversation: Manus until the person picks another; the
 * pick stays for the page's later new conversations.
 */
export function createToolProfilesStore(client: AgentClient) {
  const [profiles, setProfiles] = createSignal<ToolProfileSummary[]>([DEFAULT_PROFILE]);
  const [chosenId, setChosenId] = createSignal(DEFAULT_TOOL_PROFILE_ID);

  void client.api.listToolProfiles().then(
    (listed) => {
      if (listed.length > 0) setProfiles(listed);
    },
    () => undefined,
  );

  return {
    profiles,
    chosenId,
    choose(id: string): void {
      if (profiles().some((profile) => profile.id === id)) setChosenId(id);
    },
    /** A profile's name for people ("OpenManus"); its id when this version does not know it. */
    titleOf(id: string): string {
      return profiles().find((profile) => profile.id === id)?.title ?? id;
    },
  };
}

export type ToolProfilesStore = ReturnType<typeof createToolProfilesStore>;
