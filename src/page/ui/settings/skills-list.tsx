import { createSignal, For, Show } from 'solid-js';
import type { SkillRow } from '@/shared/protocol/know-how.ts';
import { errorMessage } from '../../state/app/agent-client.ts';
import { skillZip } from '../../state/know-how/skill-files.ts';
import { skillSize } from '../../state/know-how/skill-rows.ts';
import { useApp } from '../app/app-context.ts';
import { DeleteConfirm } from '../shared/delete-confirm.tsx';
import { downloadBytes } from '../shared/download.ts';
import { formatBytes } from '../shared/format.ts';

/** "MIT · 2 files · 1.2 KB": what a skill's row says under its description. */
function facts(skill: SkillRow): string {
  const size = skillSize(skill);
  return [
    skill.license ? `License: ${skill.license}` : '',
    `${size.files} ${size.files === 1 ? 'file' : 'files'}`,
    formatBytes(size.bytes),
  ]
    .filter((part) => part !== '')
    .join(' · ');
}

/**
 * The installed skills, by name: a switch (on: new conversations get it), the name,
 * description and facts, Export (a zip of `<name>/…`) and Remove (confirmed inline).
 */
export function SkillsList() {
  const { skills } = useApp();
  const [removing, setRemoving] = createSignal<string | null>(null);
  const [failure, setFailure] = createSignal<{ name: string; message: string } | null>(null);

  async function act(name: string, action: () => Promise<void>): Promise<void> {
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure({ name, message: errorMessage(error) });
    }
  }

  return (
    <Show
      when={skills.skills().length > 0}
      fallback={
        <Show when={skills.isLoaded()}>
          <p class="settings-list-empty skills-empty">
            No skills installed yet. Install one from a .zip or a folder, or ask the agent to save what it
            just did as a skill.
          </p>
        </Show>
      }
    >
      <ul class="settings-list skills-list" aria-label="Installed skills">
        <For each={skills.skills()}>
          {(skill) => {
            const switchId = `skill-switch-${skill.name}`;
            return (
              <li class="settings-list-item skill-item" classList={{ 'is-off': !skill.enabled }}>
                <div class="skill-head">
                  <input
                    id={switchId}
                    class="switch"
                    type="checkbox"
                    role="switch"
                    checked={skill.enabled}
                    aria-checked={skill.enabled}
                    aria-label={`Use ${skill.name} in new conversations`}
                    aria-describedby={`${switchId}-description`}
                    onChange={(event) => {
                      const enabled = event.currentTarget.checked;
                      void act(skill.name, () => skills.setEnabled(skill.name, enabled));
                    }}
                  />
                  <label for={switchId} class="skill-name">
                    {skill.name}
                  </label>
                  <div class="skill-actions">
                    <button
                      type="button"
                      class="button small"
                      aria-label={`Export ${skill.name} as a zip`}
                      onClick={() => downloadBytes(skillZip(skill), `${skill.name}.zip`, 'application/zip')}
                    >
                      Export
                    </button>
                    <button
                      type="button"
                      class="button small danger"
                      aria-label={`Remove ${skill.name}`}
                      onClick={() => setRemoving(skill.name)}
                    >
                      Remove
                    </button>
                  </div>
                </div>
                <p class="skill-description" id={`${switchId}-description`}>
                  {skill.description}
                </p>
                <p class="skill-facts">{facts(skill)}</p>
                <Show when={removing() === skill.name}>
                  <DeleteConfirm
                    question={`Remove “${skill.name}”? Conversations that started with it will no longer find its files.`}
                    onDelete={() => {
                      setRemoving(null);
                      void act(skill.name, () => skills.remove(skill.name));
                    }}
                    onKeep={() => setRemoving(null)}
                  />
                </Show>
                <Show when={failure()?.name === skill.name}>
                  <p class="form-error" role="alert">
                    {failure()?.message}
                  </p>
                </Show>
              </li>
            );
          }}
        </For>
      </ul>
    </Show>
  );
}
