import { For, Show } from 'solid-js';
import { useApp } from '../app/app-context.ts';

/**
 * The "Tool profile" control of a new conversation: which system's tools the agent
 * gets (Manus by default, OpenManus, muxd). A conversation keeps the profile it starts
 * with for life; its header shows which.
 */
export function ToolProfilePicker() {
  const { toolProfiles } = useApp();
  const chosen = () => toolProfiles.profiles().find((profile) => profile.id === toolProfiles.chosenId());
  return (
    <div class="tool-profile-picker">
      <label for="tool-profile">Tool profile</label>
      <select
        id="tool-profile"
        aria-describedby="tool-profile-summary"
        value={toolProfiles.chosenId()}
        onChange={(event) => toolProfiles.choose(event.currentTarget.value)}
      >
        <For each={toolProfiles.profiles()}>
          {(profile) => <option value={profile.id}>{profile.title}</option>}
        </For>
      </select>
      <Show when={chosen()?.summary}>
        {(summary) => (
          <span class="tool-profile-summary" id="tool-profile-summary">
            {summary()}
          </span>
        )}
      </Show>
    </div>
  );
}
