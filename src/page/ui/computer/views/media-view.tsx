import { createMemo, createResource, For, Match, Show, Switch } from 'solid-js';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import { MEDIA_KIND_LABELS } from '@/shared/protocol/media/media-settings.ts';
import type { GeneratedFileMeta } from '@/shared/protocol/tool-meta/generated-media-meta.ts';
import { readToolMeta } from '@/shared/protocol/tool-meta/index.ts';
import { baseName, workspacePathOf } from '@/shared/protocol/workspace.ts';
import { useApp } from '../../app/app-context.ts';
import { formatBytes, formatProgress } from '../../shared/format.ts';
import { AudioPreview, ImagePreview } from '../../workspace/file-previews.tsx';
import './media-view.css';
import type { StepViewEntry } from './step-view-entry.ts';

/** One generated file, read from the workspace: the image or a player, its size, and a way to the Files tab. */
function GeneratedFile(props: { file: GeneratedFileMeta; transcript: string | null }) {
  const { workspace, ui } = useApp();
  const path = () => workspacePathOf(props.file.path);
  const [content] = createResource(path, (relative) => workspace.readFile(relative).catch(() => null));
  return (
    <li class="generated-file">
      <Switch
        fallback={
          <p class="view-message">
            {content.loading ? 'Reading the file…' : `${props.file.path} is no longer in the workspace.`}
          </p>
        }
      >
        <Match when={content.latest && props.file.mime.startsWith('image/') ? content.latest : null}>
          {(shown) => (
            <ImagePreview bytes={shown().content} mime={props.file.mime} name={baseName(props.file.path)} />
          )}
        </Match>
        <Match when={content.latest && props.file.mime.startsWith('audio/') ? content.latest : null}>
          {(shown) => (
            <AudioPreview bytes={shown().content} mime={props.file.mime} name={baseName(props.file.path)} />
          )}
        </Match>
      </Switch>
      <Show when={props.transcript}>
        {(text) => (
          <blockquote class="generated-transcript" aria-label="What is spoken">
            {text()}
          </blockquote>
        )}
      </Show>
      <Show when={props.file.revised_prompt}>
        {(revised) => <p class="generated-revised">Prompt as the model read it: {revised()}</p>}
      </Show>
      <div class="generated-file-line">
        <Show when={path()} fallback={<span class="generated-path">{props.file.path}</span>}>
          {(relative) => (
            <button
              type="button"
              class="generated-path"
              title={`Open ${props.file.path} in the Files tab`}
              onClick={() => ui.openFile(relative())}
            >
              {props.file.path}
            </button>
          )}
        </Show>
        <span>
          {props.file.mime} · {formatBytes(props.file.bytes)}
        </span>
      </div>
    </li>
  );
}

/**
 * A generation action (image from text, image edit, speech): what was asked, of which
 * model at which endpoint, then each file it wrote to the workspace, shown (an image, or a
 * player with the text spoken). Model text is shown as text.
 */
export function MediaView(props: { item: ActionItem }) {
  const { toolOutput } = useApp();
  const meta = createMemo(() => readToolMeta('generated_media', props.item.meta));
  const prompt = () => meta().prompt ?? stringArgument(props.item.callArguments, ['prompt', 'text']);
  const progress = () => (props.item.status === 'running' ? toolOutput.statusOf(props.item.uuid) : null);
  return (
    <div class="media-view">
      <div class="view-toolbar">
        <Show when={meta().kind}>
          {(kind) => <span class="search-type">{MEDIA_KIND_LABELS[kind()]}</span>}
        </Show>
        <Show when={meta().model}>
          {(model) => (
            <span class="view-toolbar-note">
              {model()}
              {meta().origin ? ` at ${meta().origin}` : ''}
            </span>
          )}
        </Show>
      </div>
      <div class="media-body">
        <Show when={prompt()}>{(text) => <p class="generated-prompt">{text()}</p>}</Show>
        <Show when={meta().source_path}>
          {(source) => <p class="generated-revised">Edited: {source()}</p>}
        </Show>
        <Show
          when={(meta().files ?? []).length > 0}
          fallback={
            <p class="view-message">
              {props.item.status === 'running'
                ? (() => {
                    const current = progress();
                    return current ? formatProgress(current) : 'Generating…';
                  })()
                : props.item.status === 'error'
                  ? 'Nothing was made.'
                  : 'The action wrote no files.'}
            </p>
          }
        >
          <ul class="generated-files">
            <For each={meta().files ?? []}>
              {(file) => (
                <GeneratedFile
                  file={file}
                  transcript={meta().kind === 'speech' ? (meta().prompt ?? null) : null}
                />
              )}
            </For>
          </ul>
        </Show>
      </div>
    </div>
  );
}

function stringArgument(argumentsOf: Record<string, unknown>, names: readonly string[]): string | null {
  for (const name of names) {
    const value = argumentsOf[name];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

export const VIEW: StepViewEntry = {
  tab: 'Media',
  component: MediaView,
  kinds: { generated_media: 'generate' },
};
