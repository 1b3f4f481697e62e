import { createMemo, createSignal, For, Show } from 'solid-js';
import { KNOW_HOW_LIMITS, megabytes } from '@/shared/know-how/know-how-files.ts';
import type { ProjectRow } from '@/shared/protocol/know-how.ts';
import { errorMessage } from '../../state/app/agent-client.ts';
import { groupByProject } from '../../state/know-how/projects-store.ts';
import { useApp } from '../app/app-context.ts';
import { Icon } from '../shared/icons.tsx';
import { listedConversations } from './conversation-list.tsx';
import { ProjectEditor } from './project-editor.tsx';
import { ProjectItem } from './project-item.tsx';
import './projects.css';

/** Which project the editor is open on: a new one, or an existing one by id. */
type Editing = { kind: 'new' } | { kind: 'edit'; project: ProjectRow };

/**
 * The sidebar's Projects group: each project with its conversations under it, "New project"
 * (the editor), and "Import project" (a project's .zip, refused with the reason). While
 * searching, only projects whose name or conversations match are shown.
 */
export function ProjectSection(props: { query: string }) {
  const { conversations, projects, toasts } = useApp();
  const [editing, setEditing] = createSignal<Editing | null>(null);
  const [isImporting, setImporting] = createSignal(false);
  let picker: HTMLInputElement | undefined;

  const needle = () => props.query.trim().toLowerCase();
  const byProject = createMemo(() => {
    const visible = listedConversations(conversations.state.conversations, props.query);
    return groupByProject(visible, projects.state.projects).byProject;
  });
  /** The ids of the projects shown (ids, so an item keeps its state when its row or list changes). */
  const shownIds = createMemo(() =>
    projects.state.projects
      .filter(
        (project) =>
          needle() === '' ||
          (byProject().get(project.id)?.length ?? 0) > 0 ||
          project.name.toLowerCase().includes(needle()),
      )
      .map((project) => project.id),
  );

  async function onPicked(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    // Refused by its size before its bytes are read: a huge file would not fit the tab.
    if (file.size > KNOW_HOW_LIMITS.maxBytes * 2) {
      toasts.show(
        `Could not import ${file.name}: it is ${megabytes(file.size)}, more than a project's zip may be.`,
      );
      return;
    }
    setImporting(true);
    try {
      const project = await projects.importArchive(new Uint8Array(await file.arrayBuffer()));
      toasts.show(`Imported the project “${project.name}”.`);
    } catch (error) {
      toasts.show(`Could not import ${file.name}: ${errorMessage(error)}`);
    } finally {
      setImporting(false);
    }
  }

  return (
    <section class="projects-section" aria-labelledby="projects-heading">
      <div class="projects-header">
        <h2 class="group-label" id="projects-heading">
          Projects
        </h2>
        <button
          type="button"
          class="icon-button"
          aria-label="Import project"
          title="Import a project (.zip)"
          disabled={isImporting()}
          onClick={() => picker?.click()}
        >
          <Icon name="upload" size={14} />
        </button>
        <button
          type="button"
          class="icon-button"
          aria-label="New project"
          title="New project"
          onClick={() => setEditing({ kind: 'new' })}
        >
          <Icon name="plus" size={14} />
        </button>
        <input
          ref={picker}
          class="visually-hidden"
          type="file"
          accept=".zip,application/zip"
          tabIndex={-1}
          aria-label="Project to import"
          onChange={(event) => void onPicked(event.currentTarget)}
        />
      </div>
      <Show when={projects.state.isLoaded && projects.state.projects.length === 0}>
        <p class="projects-empty">Keep instructions and files for related tasks in a project.</p>
      </Show>
      <ul class="project-items">
        <For each={shownIds()}>
          {(id) => (
            <Show when={projects.byId(id)} keyed>
              {(project) => (
                <ProjectItem
                  project={project}
                  conversations={byProject().get(id) ?? []}
                  isSearching={needle() !== ''}
                  onEdit={() => setEditing({ kind: 'edit', project })}
                />
              )}
            </Show>
          )}
        </For>
      </ul>
      {/* Keyed: each opening is a new editor, and a closing one never reads a stale value. */}
      <Show when={editing()} keyed>
        {(current) => (
          <ProjectEditor
            project={current.kind === 'edit' ? current.project : null}
            onClose={() => setEditing(null)}
          />
        )}
      </Show>
    </section>
  );
}
