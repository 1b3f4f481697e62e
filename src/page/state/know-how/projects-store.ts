import { createMemo, createSignal } from 'solid-js';
import { createStore } from 'solid-js/store';
import { ProjectError, uniqueProjectName } from '@/shared/know-how/project-content.ts';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import type { ProjectRow } from '@/shared/protocol/know-how.ts';
import { problemText } from '@/shared/protocol/storage-full.ts';
import type { KnowHowRepository } from '@/shared/storage/know-how-repository.ts';
import { watchLiveQuery } from '../app/watch-live-query.ts';
import { draftProblem, type ProjectDraft } from './project-draft.ts';

type ProjectsState = { projects: ProjectRow[]; isLoaded: boolean; loadError: string | null };

/** A project's conversations, and those started in no project (or in one since deleted). */
export type ConversationsByProject = { byProject: Map<string, Conversation[]>; ungrouped: Conversation[] };

/**
 * Sorts conversations under the projects they were started in, keeping their order; a
 * conversation whose project no longer exists is ungrouped (deleting a project keeps them).
 */
export function groupByProject(
  conversations: readonly Conversation[],
  projects: readonly Pick<ProjectRow, 'id'>[],
): ConversationsByProject {
  const byProject = new Map<string, Conversation[]>(projects.map((project) => [project.id, []]));
  const ungrouped: Conversation[] = [];
  for (const conversation of conversations) {
    const list = conversation.projectId ? byProject.get(conversation.projectId) : undefined;
    if (list) list.push(conversation);
    else ungrouped.push(conversation);
  }
  return { byProject, ungrouped };
}

/** Projects by name, as people look for them (case and accents aside). */
function byName(first: ProjectRow, second: ProjectRow): number {
  return first.name.localeCompare(second.name, undefined, { sensitivity: 'base' });
}

/** The zip's file name for a project: its name in safe characters, `project` when none is left. */
export function archiveFileName(name: string): string {
  const safe = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
  return `${safe === '' ? 'project' : safe}.zip`;
}

/**
 * The projects (read from IndexedDB on the main thread, the only writer of the table;
 * a live query keeps every open tab in step), and the project the next new conversation
 * starts in (none until the person picks one; cleared once a conversation starts in it).
 */
export function createProjectsStore(
  repository: KnowHowRepository,
  options: { now?: () => number; newId?: () => string } = {},
) {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const [state, setState] = createStore<ProjectsState>({ projects: [], isLoaded: false, loadError: null });
  const [chosenId, setChosenId] = createSignal<string | null>(null);

  const subscription = watchLiveQuery(() => repository.projects.list(), {
    next: (projects) => setState({ projects: [...projects].sort(byName), isLoaded: true, loadError: null }),
    error: (error: unknown) => setState({ isLoaded: true, loadError: problemText(error) }),
  });

  const byId = (id: string): ProjectRow | undefined => state.projects.find((project) => project.id === id);
  /** The project picked for the next new conversation, while it exists. */
  const chosen = createMemo(() => {
    const id = chosenId();
    return id === null ? null : (byId(id) ?? null);
  });

  /** Saves a checked draft as a new project; rejects with a `ProjectError` (nothing saved) if it is not valid. */
  async function create(draft: ProjectDraft): Promise<ProjectRow> {
    const problem = draftProblem(draft);
    if (problem) throw new ProjectError(problem.message);
    const time = now();
    const project: ProjectRow = {
      id: newId(),
      name: draft.name.trim(),
      instructions: draft.instructions,
      files: draft.files,
      createdAt: time,
      updatedAt: time,
    };
    await repository.projects.put(project);
    setState('projects', (list) =>
      [...list.filter((entry) => entry.id !== project.id), project].sort(byName),
    );
    return project;
  }

  /** Saves a checked draft over project `id`; rejects if it is not valid or the project is gone. */
  async function update(id: string, draft: ProjectDraft): Promise<void> {
    const problem = draftProblem(draft);
    if (problem) throw new ProjectError(problem.message);
    const { name, instructions, files } = draft;
    const isSaved = await repository.projects.update(id, (row) => ({
      ...row,
      ...{ name: name.trim(), instructions, files, updatedAt: now() },
    }));
    if (!isSaved) throw new ProjectError('This project was deleted meanwhile.');
  }

  /** Deletes project `id`; its conversations stay, ungrouped, and keep the instructions they started with. */
  async function remove(id: string): Promise<void> {
    await repository.projects.delete(id);
    setState('projects', (list) => list.filter((project) => project.id !== id));
    if (chosenId() === id) setChosenId(null);
  }

  /** Project `id` as a zip, with the file name to save it under. */
  async function exportArchive(id: string): Promise<{ bytes: Uint8Array; fileName: string }> {
    const project = byId(id);
    if (!project) throw new ProjectError('This project was deleted meanwhile.');
    // The archive's code (zips) is loaded the first time a project is exported or imported.
    const { encodeProjectArchive } = await import('@/shared/know-how/project-archive.ts');
    return { bytes: encodeProjectArchive(project, now()), fileName: archiveFileName(project.name) };
  }

  /**
   * Makes a new project (a new id; a name already taken gets " (2)") from a project's zip.
   * Rejects with a `ProjectError` saying why a zip is refused, and then writes nothing.
   */
  async function importArchive(bytes: Uint8Array): Promise<ProjectRow> {
    const { decodeProjectArchive } = await import('@/shared/know-how/project-archive.ts');
    const archive = decodeProjectArchive(bytes);
    const taken = (await repository.projects.list()).map((project) => project.name);
    return create({ ...archive, name: uniqueProjectName(archive.name, taken) });
  }

  return {
    state,
    byId,
    chosen,
    /** Picks the project the next new conversation starts in (null: none). */
    choose: (id: string | null) => setChosenId(id),
    create,
    update,
    remove,
    exportArchive,
    importArchive,
    dispose: () => subscription.unsubscribe(),
  };
}

export type ProjectsStore = ReturnType<typeof createProjectsStore>;
