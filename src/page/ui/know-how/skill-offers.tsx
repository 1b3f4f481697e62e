import { createSignal, For, Show } from 'solid-js';
import type { SkillPackage } from '@/shared/know-how/skill-package.ts';
import { errorMessage } from '../../state/app/agent-client.ts';
import { type AttachedSkill, createAttachedSkills } from '../../state/know-how/attached-skills.ts';
import type { SkillDraft } from '../../state/know-how/skill-drafts.ts';
import { createSkillDraftsStore } from '../../state/know-how/skill-drafts-store.ts';
import { useApp } from '../app/app-context.ts';
import { InlineConfirm } from '../shared/delete-confirm.tsx';
import { Icon } from '../shared/icons.tsx';
import { SkillDraftCard } from './skill-draft-card.tsx';
import './skill-offers.css';

type ReadyDraft = Extract<SkillDraft, { status: 'ready' }>;

/** An attached skill zip waiting for the person to say it may replace the skill of its name. */
type PendingReplace = { attachmentId: string; skill: SkillPackage; wasEnabled: boolean };

/**
 * Cards above the message box offering to install Agent Skills: a zip attached or dropped
 * on the composer that holds a skill (installed instead of attached, a same-named skill
 * replaced only once confirmed), and each skill the agent drafted in the open
 * conversation's workspace under `skills-draft/` (installed switched on, or why it cannot be).
 */
export function SkillOffers() {
  const { attachments, workspace, conversations, skills, ui } = useApp();
  const drafts = createSkillDraftsStore({ workspace, conversationId: conversations.selectedId, skills });
  const attached = createAttachedSkills(attachments.items);
  const [kept, setKept] = createSignal<ReadonlySet<string>>(new Set());
  const [replacing, setReplacing] = createSignal<PendingReplace | null>(null);
  const [outcome, setOutcome] = createSignal<{ tone: 'done' | 'error'; text: string } | null>(null);

  const offered = () => attached().filter((entry) => !kept().has(entry.attachment.id));
  const hasAnything = () => offered().length > 0 || drafts.drafts().length > 0 || outcome() !== null;

  function keepAttached(id: string): void {
    setKept((current) => new Set([...current, id]));
    if (replacing()?.attachmentId === id) setReplacing(null);
  }

  async function installAttached(entry: AttachedSkill, isConfirmed = false): Promise<void> {
    if (entry.found.kind !== 'skill') return;
    const { skill } = entry.found;
    setOutcome(null);
    try {
      if (!isConfirmed) {
        const decision = await skills.decide(skill);
        if (decision.kind === 'replace') {
          setReplacing({ attachmentId: entry.attachment.id, skill, wasEnabled: decision.current.enabled });
          return;
        }
      }
      setReplacing(null);
      const row = await skills.install(skill);
      attachments.remove(entry.attachment.id);
      setOutcome({
        tone: 'done',
        text: `Installed the skill “${row.name}”${row.enabled ? '' : ' (switched off, as before)'} instead of attaching ${entry.attachment.path}. Conversations you start from now on can use it.`,
      });
    } catch (error) {
      setOutcome({ tone: 'error', text: `The skill was not installed: ${errorMessage(error)}` });
    }
  }

  async function installDraft(draft: ReadyDraft): Promise<void> {
    setOutcome(null);
    try {
      const name = await drafts.install(draft);
      const state = draft.isUpdate ? 'its new version' : 'switched on';
      setOutcome({
        tone: 'done',
        text: `Installed the skill “${name}”, ${state}. Conversations you start from now on can use it.`,
      });
    } catch (error) {
      setOutcome({ tone: 'error', text: `The skill was not installed: ${errorMessage(error)}` });
    }
  }

  return (
    <Show when={hasAnything()}>
      <section class="skill-offers" aria-label="Skills to install">
        <For each={offered()}>
          {(entry) => (
            <div class="skill-offer" data-kind={entry.found.kind}>
              <Icon name="archive" size={16} />
              <div class="skill-offer-body">
                {entry.found.kind === 'skill' ? (
                  <>
                    <p class="skill-offer-text">
                      <strong>{entry.attachment.path}</strong> is an Agent Skill:{' '}
                      <span class="skill-offer-name">{entry.found.skill.name}</span> —{' '}
                      {entry.found.skill.description}
                    </p>
                    <Show
                      when={replacing()?.attachmentId === entry.attachment.id ? replacing() : null}
                      fallback={
                        <div class="skill-offer-actions">
                          <button
                            type="button"
                            class="button small primary"
                            onClick={() => void installAttached(entry)}
                          >
                            Install skill “{entry.found.kind === 'skill' ? entry.found.skill.name : ''}”
                          </button>
                          <button
                            type="button"
                            class="button small"
                            onClick={() => keepAttached(entry.attachment.id)}
                          >
                            Keep as attachment
                          </button>
                        </div>
                      }
                    >
                      {(pending) => (
                        <InlineConfirm
                          question={`A skill named “${pending().skill.name}” is installed. Replace it? It stays ${pending().wasEnabled ? 'on' : 'off'}.`}
                          confirmLabel="Yes, replace"
                          keepLabel="Keep the installed one"
                          onConfirm={() => void installAttached(entry, true)}
                          onKeep={() => setReplacing(null)}
                        />
                      )}
                    </Show>
                  </>
                ) : (
                  <>
                    <p class="skill-offer-text">
                      <strong>{entry.attachment.path}</strong> holds a SKILL.md but cannot be installed as a
                      skill: {entry.found.reason} It stays attached.
                    </p>
                    <div class="skill-offer-actions">
                      <button
                        type="button"
                        class="button small"
                        onClick={() => keepAttached(entry.attachment.id)}
                      >
                        OK
                      </button>
                    </div>
                  </>
                )}
              </div>
            </div>
          )}
        </For>
        <For each={drafts.drafts()}>
          {(draft) => (
            <SkillDraftCard
              draft={draft}
              installedEnabled={
                skills.skills().find((row) => draft.status === 'ready' && row.name === draft.skill.name)
                  ?.enabled ?? null
              }
              onInstall={(ready) => void installDraft(ready)}
              onSetAside={(folder) => drafts.setAside(folder)}
              onView={(path) => ui.openFile(path)}
            />
          )}
        </For>
        <Show when={outcome()}>
          {(current) => (
            <p
              class="skill-offer-outcome"
              data-tone={current().tone}
              role={current().tone === 'error' ? 'alert' : 'status'}
            >
              <span>{current().text}</span>{' '}
              <Show when={current().tone === 'done'}>
                <button type="button" class="link-button" onClick={() => ui.openSettings('skills')}>
                  Settings → Skills
                </button>
              </Show>
              <button
                type="button"
                class="icon-button skill-offer-dismiss"
                aria-label="Dismiss"
                onClick={() => setOutcome(null)}
              >
                <Icon name="close" size={12} />
              </button>
            </p>
          )}
        </Show>
      </section>
    </Show>
  );
}
