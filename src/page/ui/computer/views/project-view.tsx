import { For, Show } from 'solid-js';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import { readToolMeta } from '@/shared/protocol/tool-meta/index.ts';
import { workspacePathOf } from '@/shared/protocol/workspace.ts';
import { useApp } from '../../app/app-context.ts';
import { Icon } from '../../shared/icons.tsx';
import { OutputView } from './output-view.tsx';
import type { StepViewEntry } from './step-view-entry.ts';

/** What each preset makes, in words. */
const PRESETS = {
  'web-static': 'A static site: pages, styles and scripts, with no build step.',
  'web-db-user': 'A site with a server, a database and sign-in.',
} as const;

/**
 * A project the agent scaffolded: its name, what kind of site it is, and the files it
 * made, each of which opens in the Files tab. Before it has any (running, or failed), the
 * step's output.
 */
export function ProjectView(props: { item: ActionItem }) {
  const { ui } = useApp();
  const project = () => readToolMeta('webdev_init_project', props.item.meta);
  const files = () =>
    (project().paths ?? []).flatMap((path) => {
      const relative = workspacePathOf(path);
      return relative === null ? [] : [relative];
    });
  return (
    <Show when={files().length > 0} fallback={<OutputView item={props.item} />}>
      <div class="step-view project-view">
        <h4 class="project-view-name">{project().project_name}</h4>
        <Show when={project().features}>{(features) => <p>{PRESETS[features()]}</p>}</Show>
        <section class="details-section" aria-label="Files made">
          <h4>Files made</h4>
          <ul class="project-view-files">
            <For each={files()}>
              {(path) => (
                <li>
                  <button
                    type="button"
                    class="link-button"
                    title={`Open ${path} in the Files tab`}
                    onClick={() => ui.openFile(path)}
                  >
                    <Icon name="file" size={13} />
                    {path}
                  </button>
                </li>
              )}
            </For>
          </ul>
        </section>
      </div>
    </Show>
  );
}

export const VIEW: StepViewEntry = {
  tab: 'Project',
  component: ProjectView,
  kinds: { webdev_init_project: 'webdev' },
  isText: true,
};
