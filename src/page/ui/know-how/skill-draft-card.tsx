import { createSignal, Show } from 'solid-js';
import { DRAFTS_FOLDER, type SkillDraft } from '../../state/know-how/skill-drafts.ts';
import { InlineConfirm } from '../shared/delete-confirm.tsx';
import { Icon } from '../shared/icons.tsx';

type ReadyDraft = Extract<SkillDraft, { status: 'ready' }>;

/**
 * One skill the agent drafted under `skills-draft/`: Install (a new version of an
 * installed skill only once confirmed, keeping its on/off state), View SKILL.md, or Not now;
 * a draft that cannot be installed says why.
 */
export function SkillDraftCard(props: {
  draft: SkillDraft;
  /** Whether the installed skill of that name is on (null: none is installed). */
  installedEnabled: boolean | null;
  onInstall: (draft: ReadyDraft) => void;
  onSetAside: (folder: string) => void;
  onView: (path: string) => void;
}) {
  const [isConfirming, setConfirming] = createSignal(false);
  const ready = () => (props.draft.status === 'ready' ? props.draft : null);
  return (
    <div class="skill-offer is-draft" data-kind={props.draft.status}>
      <Icon name="sparkle" size={16} />
      <div class="skill-offer-body">
        <Show
          when={ready()}
          fallback={
            <p class="skill-offer-text">
              The agent drafted a skill in <code>{`${DRAFTS_FOLDER}/${props.draft.folder}/`}</code>, but it
              cannot be installed: {props.draft.status === 'invalid' ? props.draft.reason : ''}
            </p>
          }
        >
          {(draft) => (
            <p class="skill-offer-text">
              The agent drafted {draft().isUpdate ? 'a new version of the skill' : 'a skill'}{' '}
              <span class="skill-offer-name">“{draft().skill.name}”</span>: {draft().skill.description}
            </p>
          )}
        </Show>
        <Show
          when={isConfirming() ? ready() : null}
          fallback={
            <div class="skill-offer-actions">
              <Show when={ready()}>
                {(draft) => (
                  <button
                    type="button"
                    class="button small primary"
                    aria-label={`Install the skill ${draft().skill.name}`}
                    onClick={() => (draft().isUpdate ? setConfirming(true) : props.onInstall(draft()))}
                  >
                    {draft().isUpdate ? 'Install update' : 'Install'}
                  </button>
                )}
              </Show>
              <button
                type="button"
                class="button small"
                onClick={() => props.onView(`${DRAFTS_FOLDER}/${props.draft.folder}/SKILL.md`)}
              >
                View SKILL.md
              </button>
              <button type="button" class="button small" onClick={() => props.onSetAside(props.draft.folder)}>
                Not now
              </button>
            </div>
          }
        >
          {(draft) => (
            <InlineConfirm
              question={`Replace the installed “${draft().skill.name}” with the agent's version? It stays ${props.installedEnabled === false ? 'off' : 'on'}.`}
              confirmLabel="Yes, replace"
              keepLabel="Keep the installed one"
              onConfirm={() => {
                setConfirming(false);
                props.onInstall(draft());
              }}
              onKeep={() => setConfirming(false)}
            />
          )}
        </Show>
      </div>
    </div>
  );
}
