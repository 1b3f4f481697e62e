import { type Accessor, createEffect, createSignal, on } from 'solid-js';
import { type KnowHowFile, KNOW_HOW_LIMITS as SKILL_LIMITS } from '@/shared/protocol/know-how.ts';
import type { WorkspaceStore } from '../workspace/workspace-store.ts';
import { DRAFTS_FOLDER, type DraftFiles, draftsIn, draftsKey, type SkillDraft } from './skill-drafts.ts';
import type { SkillsStore } from './skills-store.ts';

/** A draft's files as last read, and the listing key they were read at. */
type ReadDrafts = { key: string; drafts: { draft: DraftFiles; files: KnowHowFile[] | null }[] };

/**
 * The skills the agent drafted in the open conversation's workspace
 * (`skills-draft/<name>/SKILL.md` and its files) that are not installed with the same
 * files: each ready to install, or with the reason it cannot be. The drafts folder (only
 * it) is listed again whenever the workspace may have changed, its files read again only
 * when that listing changed, and the verdicts made again when the installed skills change.
 */
export function createSkillDraftsStore(options: {
  workspace: WorkspaceStore;
  conversationId: Accessor<string | null>;
  skills: SkillsStore;
}) {
  const { workspace, conversationId, skills } = options;
  const [drafts, setDrafts] = createSignal<SkillDraft[]>([]);
  /** Drafts the person set aside ("Not now"), by the listing they were offered at and their folder, for this page's life. */
  const [setAside, setSetAside] = createSignal<ReadonlySet<string>>(new Set());
  const asideKey = (folder: string) => `${read?.key ?? ''}\n${folder}`;
  let read: ReadDrafts | null = null;
  let token = 0;

  async function readDrafts(id: string): Promise<ReadDrafts> {
    const entries = await workspace.listEntriesUnder(DRAFTS_FOLDER);
    const key = `${id}\n${draftsKey(entries)}`;
    if (read?.key === key) return read;
    const found = draftsIn(entries);
    const result: ReadDrafts = { key, drafts: [] };
    for (const draft of found) {
      // Past the limit on files: refused without reading them.
      if (draft.paths.length > SKILL_LIMITS.maxFiles) {
        result.drafts.push({ draft, files: null });
        continue;
      }
      const files = await Promise.all(draft.paths.map((path) => workspace.readFileIn(id, path)));
      result.drafts.push({
        draft,
        files: files.flatMap((file) =>
          file && file.kind === 'file' ? [{ path: file.path, bytes: file.content }] : [],
        ),
      });
    }
    return result;
  }

  async function evaluate(): Promise<void> {
    const mine = ++token;
    const id = conversationId();
    if (id === null) {
      setDrafts([]);
      return;
    }
    try {
      const current = await readDrafts(id);
      if (mine !== token) return;
      read = current;
      if (current.drafts.length === 0) {
        setDrafts([]);
        return;
      }
      const installed = skills.isLoaded() ? skills.skills() : await skills.refresh();
      // Reading a skill (YAML) is loaded the first time there is a draft to read.
      const { draftVerdict } = await import('./skill-draft-verdict.ts');
      if (mine !== token) return;
      setDrafts(
        current.drafts.flatMap(({ draft, files }): SkillDraft[] => {
          if (files === null)
            return [
              {
                folder: draft.folder,
                status: 'invalid',
                reason: `It has ${draft.paths.length} files, more than the ${SKILL_LIMITS.maxFiles} a skill may hold.`,
              },
            ];
          const verdict = draftVerdict(draft.folder, files, installed);
          return verdict ? [verdict] : [];
        }),
      );
    } catch (error) {
      // The card is a convenience: a failed read shows nothing, and the next change reads again.
      console.warn('Sandpiper: reading the skill drafts failed', error);
      if (mine === token) setDrafts([]);
    }
  }

  createEffect(on([conversationId, workspace.changeCount, skills.skills], () => void evaluate()));

  return {
    /** The drafts to offer, by folder name (not those set aside until the drafts change). */
    drafts: () => drafts().filter((draft) => !setAside().has(asideKey(draft.folder))),
    /**
     * Installs a ready draft: a new skill switched on, a new version of an installed one
     * keeping its on/off state; resolves with the name installed.
     */
    async install(draft: Extract<SkillDraft, { status: 'ready' }>): Promise<string> {
      const row = await skills.install(draft.skill, draft.isUpdate ? undefined : true);
      // Its card goes at once (a reading begun before the install is void): the drafts were
      // read again only after the skills list reloaded, and until then the card offered to
      // install what was just installed (a CI run saw it stay).
      token += 1;
      setDrafts((current) => current.filter((entry) => entry.folder !== draft.folder));
      return row.name;
    },
    /** Hides a draft's card until the drafts folder changes (or the page reloads). */
    setAside(folder: string): void {
      setSetAside(new Set([...setAside(), asideKey(folder)]));
    },
  };
}

export type SkillDraftsStore = ReturnType<typeof createSkillDraftsStore>;
