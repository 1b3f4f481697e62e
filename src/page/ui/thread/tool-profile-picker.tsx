import { For, Show } from 'solid-js';
import { useApp } from '../app/app-context.ts';
import { ChoiceSheet } from '../shared/choice-sheet.tsx';

/**
 * The "Tool profile" control of a new conversation: which system's tools the agent
 * gets (Manus by default, OpenManus, muxd). A conversation keeps the profile it starts
 * with for life; its header shows which. A select with the chosen profile's summary where
 * there is room; on phones a compact button opening a sheet of the profiles, each with
 * its summary (CSS shows one or the other).
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
      <ChoiceSheet
        class="tool-profile-sheet"
        label="Tool profile"
        title="Choose a tool profile"
        value={toolProfiles.chosenId()}
        choices={toolProfiles.profiles().map((profile) => ({
          value: profile.id,
          label: profile.title,
          detail: profile.summary,
        }))}
        onChoose={(profileId) => toolProfiles.choose(profileId)}
        note="The conversation keeps the profile it starts with."
      >
        <span>
          Tool profile: <strong>{chosen()?.title ?? toolProfiles.chosenId()}</strong>
        </span>
      </ChoiceSheet>
    </div>
  );
}
