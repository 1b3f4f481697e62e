import { Show } from 'solid-js';
import { useApp } from '../app/app-context.ts';
import { Icon } from '../shared/icons.tsx';
import './projects.css';

/**
 * On a new conversation's composer: the project it will start in ("In project Trip ✕"),
 * so the person sees it, and the ✕ to start outside it instead. Nothing when none is picked.
 */
export function ProjectChip() {
  const { projects, ui } = useApp();
  return (
    <Show when={projects.chosen()}>
      {(project) => (
        <div class="project-chip-row">
          <div class="project-chip">
            <Icon name="folder" size={14} />
            <span class="project-chip-text">
              In project <strong>{project().name}</strong>
            </span>
            <button
              type="button"
              class="icon-button project-chip-clear"
              aria-label={`Start outside the project ${project().name}`}
              title="Start outside the project"
              onClick={() => {
                projects.choose(null);
                ui.focusComposer();
              }}
            >
              <Icon name="close" size={12} />
            </button>
          </div>
        </div>
      )}
    </Show>
  );
}
