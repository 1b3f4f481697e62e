import { createEffect, createSignal, on, Show } from 'solid-js';
import { SkillError, type SkillPackage } from '@/shared/know-how/skill-package.ts';
import { errorMessage } from '../../state/app/agent-client.ts';
import { skillFromFolder, skillFromZipFile } from '../../state/know-how/skill-files.ts';
import { useApp } from '../app/app-context.ts';
import { InlineConfirm } from '../shared/delete-confirm.tsx';
import { SkillsList } from './skills-list.tsx';
import './settings-list.css';
import './skills.css';

/** A skill waiting for the person to say it may replace the one of its name. */
type PendingReplace = { skill: SkillPackage; wasEnabled: boolean };

/** What the last install did: refused (why), or installed (what). */
type InstallNote = { tone: 'error' | 'done'; message: string };

/**
 * Settings → Skills: the installed Agent Skills (each with its on/off switch, Export and
 * Remove), and Install from a .zip or a folder. A refused skill shows why under the
 * install controls and nothing is written; a skill whose name is installed replaces it
 * only once the person says so, keeping whether it was on. Changes apply at once (no Save).
 */
export function SkillsSection() {
  const { skills, ui } = useApp();
  const [pending, setPending] = createSignal<PendingReplace | null>(null);
  const [note, setNote] = createSignal<InstallNote | null>(null);
  const [isReading, setReading] = createSignal(false);
  let zipInput: HTMLInputElement | undefined;
  let folderInput: HTMLInputElement | undefined;

  createEffect(
    on(ui.isSettingsOpen, (open) => {
      if (open) void skills.refresh().catch(() => undefined);
    }),
  );

  /** Reads what was picked, then installs it (or asks first, or says why not). */
  async function installFrom(read: () => Promise<SkillPackage>): Promise<void> {
    setNote(null);
    setPending(null);
    setReading(true);
    try {
      const skill = await read();
      const decision = await skills.decide(skill);
      if (decision.kind === 'replace') setPending({ skill, wasEnabled: decision.current.enabled });
      else if (decision.kind === 'same')
        setNote({ tone: 'done', message: `“${skill.name}” is already installed with these same files.` });
      else await install(skill);
    } catch (error) {
      const reason =
        error instanceof SkillError ? error.message : `It could not be read: ${errorMessage(error)}`;
      setNote({ tone: 'error', message: `Not installed. ${reason}` });
    } finally {
      setReading(false);
    }
  }

  async function install(skill: SkillPackage): Promise<void> {
    setPending(null);
    try {
      const row = await skills.install(skill);
      setNote({
        tone: 'done',
        message: `Installed “${row.name}”${row.enabled ? '' : ' (switched off, as before)'}. New conversations can use it.`,
      });
    } catch (error) {
      setNote({ tone: 'error', message: `Not installed: ${errorMessage(error)}` });
    }
  }

  return (
    <section class="settings-group skills-section" aria-labelledby="settings-skills-title">
      <h3 class="settings-group-title" id="settings-skills-title">
        Skills
      </h3>
      <p class="field-hint skills-intro">
        An Agent Skill is a folder with a <code>SKILL.md</code> (its name, what it is for, and how) and any
        scripts or references it needs. The agent sees each skill that is on when a conversation starts, and
        reads the rest when a task calls for it.
      </p>
      <p class="skills-privacy">
        Skills stay in this browser. Their files are data: the app never runs them; the agent may run a
        skill’s scripts inside its sandbox.
      </p>
      <div class="skills-install">
        <button type="button" class="button" disabled={isReading()} onClick={() => zipInput?.click()}>
          Install from .zip
        </button>
        <button type="button" class="button" disabled={isReading()} onClick={() => folderInput?.click()}>
          Install from folder
        </button>
        <input
          ref={zipInput}
          class="visually-hidden"
          type="file"
          accept=".zip,application/zip"
          tabIndex={-1}
          aria-label="Skill .zip to install"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void installFrom(() => skillFromZipFile(file));
          }}
        />
        <input
          ref={(element) => {
            folderInput = element;
            element.webkitdirectory = true;
          }}
          class="visually-hidden"
          type="file"
          tabIndex={-1}
          aria-label="Skill folder to install"
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = '';
            if (files.length > 0)
              void installFrom(() =>
                skillFromFolder(files.map((file) => ({ path: file.webkitRelativePath || file.name, file }))),
              );
          }}
        />
      </div>
      <Show when={isReading()}>
        <p class="field-hint" role="status">
          Reading the skill…
        </p>
      </Show>
      <Show when={pending()}>
        {(replace) => (
          <InlineConfirm
            question={`A skill named “${replace().skill.name}” is installed. Replace it with this one? It stays ${replace().wasEnabled ? 'on' : 'off'}.`}
            confirmLabel="Yes, replace"
            keepLabel="Keep the installed one"
            onConfirm={() => void install(replace().skill)}
            onKeep={() => {
              setPending(null);
              setNote({ tone: 'done', message: 'Kept the installed skill; nothing was changed.' });
            }}
          />
        )}
      </Show>
      <Show when={note()}>
        {(current) =>
          current().tone === 'error' ? (
            <p class="form-error skills-note" role="alert">
              {current().message}
            </p>
          ) : (
            <p class="skills-note is-done" role="status">
              {current().message}
            </p>
          )
        }
      </Show>
      <Show when={skills.loadError()}>
        {(message) => (
          <p class="form-error" role="alert">
            Could not read the installed skills: {message()}
          </p>
        )}
      </Show>
      <SkillsList />
    </section>
  );
}
