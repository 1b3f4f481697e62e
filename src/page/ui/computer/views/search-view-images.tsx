import {
  createEffect,
  createMemo,
  createResource,
  createSignal,
  createUniqueId,
  For,
  onCleanup,
  Show,
} from 'solid-js';
import { httpUrl } from '@/page/state/computer/search-report.ts';
import { mimeForPath } from '@/page/state/workspace/file-preview.ts';
import type { SearchImage } from '@/shared/protocol/tool-meta/search-meta.ts';
import type { FailedImage } from '@/shared/protocol/web/search-results.ts';
import { baseName, workspacePathOf } from '@/shared/protocol/workspace.ts';
import { useApp } from '../../app/app-context.ts';
import { Icon } from '../../shared/icons.tsx';
import './search-view-images.css';

/**
 * An image from the conversation's workspace, shown from a blob URL of its bytes (never
 * from the web). A path outside the workspace, a missing file or one that is not an image
 * by its extension shows a placeholder instead.
 */
export function WorkspaceImage(props: { path: string; alt: string; class?: string }) {
  const { workspace } = useApp();
  const relative = () => workspacePathOf(props.path);
  const [file] = createResource(relative, (path) => workspace.readFile(path));
  const [isBroken, setBroken] = createSignal(false);
  const url = createMemo(() => {
    const path = relative();
    const shown = file.state === 'ready' ? file() : undefined;
    if (!path || !shown) return null;
    const mime = mimeForPath(path);
    if (!mime.startsWith('image/')) return null;
    const objectUrl = URL.createObjectURL(
      new Blob([shown.content as Uint8Array<ArrayBuffer>], { type: mime }),
    );
    onCleanup(() => URL.revokeObjectURL(objectUrl));
    return objectUrl;
  });
  createEffect(() => {
    url();
    setBroken(false);
  });
  return (
    <Show
      when={url() !== null && !isBroken()}
      fallback={
        <span class={`image-placeholder ${props.class ?? ''}`}>
          <Icon name="image" size={20} />
          <span class="image-placeholder-text">{file.loading ? 'Loading…' : 'Not in the workspace'}</span>
        </span>
      }
    >
      <img class={props.class} src={url() ?? ''} alt={props.alt} onError={() => setBroken(true)} />
    </Show>
  );
}

/** The image's title, or its file name when the source gave none. */
function imageTitle(image: SearchImage): string {
  return image.title?.trim() || baseName(image.path);
}

/** `label` as a link to `url` when that is http(s), else as plain text. */
function SourceLink(props: { url: string; label: string }) {
  return (
    <Show
      when={httpUrl(props.url)}
      fallback={<span class={props.label === props.url ? 'web-plain-url' : undefined}>{props.label}</span>}
    >
      {(href) => (
        <a href={href()} target="_blank" rel="noopener noreferrer">
          {props.label}
        </a>
      )}
    </Show>
  );
}

/** The full image in a modal dialog, with its title, licence, author and source; arrows move between images. */
function Lightbox(props: {
  images: SearchImage[];
  index: number | null;
  onIndex: (index: number | null) => void;
}) {
  const { ui } = useApp();
  let dialog: HTMLDialogElement | undefined;
  const titleId = createUniqueId();
  const image = () => (props.index === null ? undefined : props.images[props.index]);
  const count = () => props.images.length;

  createEffect(() => {
    if (!dialog) return;
    if (props.index !== null && !dialog.open) dialog.showModal();
    else if (props.index === null && dialog.open) dialog.close();
  });

  function step(offset: number): void {
    if (props.index === null || count() === 0) return;
    props.onIndex((props.index + offset + count()) % count());
  }

  return (
    <dialog
      ref={dialog}
      class="image-lightbox"
      aria-labelledby={titleId}
      onClose={() => props.onIndex(null)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') step(-1);
        else if (event.key === 'ArrowRight') step(1);
      }}
      onClick={(event) => {
        if (event.target === dialog) dialog?.close();
      }}
    >
      <Show when={image()}>
        {(shown) => (
          <>
            <header class="lightbox-header">
              <h2 id={titleId}>{imageTitle(shown())}</h2>
              <span class="lightbox-count">
                {(props.index ?? 0) + 1} of {count()}
              </span>
              <button
                type="button"
                class="icon-button"
                aria-label="Close image"
                onClick={() => dialog?.close()}
              >
                <Icon name="close" />
              </button>
            </header>
            <div class="lightbox-figure">
              <WorkspaceImage path={shown().path} alt={imageTitle(shown())} />
            </div>
            <dl class="lightbox-facts">
              <div>
                <dt>Size</dt>
                <dd>
                  {shown().width} × {shown().height} px
                </dd>
              </div>
              <div>
                <dt>Licence</dt>
                <dd>{shown().license?.trim() || 'Not given by the source'}</dd>
              </div>
              <div>
                <dt>Author</dt>
                <dd>{shown().author?.trim() || 'Not given by the source'}</dd>
              </div>
              <div>
                <dt>Source</dt>
                <dd>
                  <Show when={shown().source_url} fallback="Not given">
                    {(url) => <SourceLink url={url()} label={httpUrl(url()) ? new URL(url()).host : url()} />}
                  </Show>
                </dd>
              </div>
            </dl>
            <footer class="lightbox-actions">
              <button
                type="button"
                class="button small"
                onClick={() => {
                  const relative = workspacePathOf(shown().path);
                  dialog?.close();
                  if (relative) ui.openFile(relative);
                }}
                disabled={workspacePathOf(shown().path) === null}
              >
                Show in Files
              </button>
              <Show when={count() > 1}>
                <button type="button" class="button small" onClick={() => step(-1)}>
                  <Icon name="chevron-left" size={14} />
                  Previous
                </button>
                <button type="button" class="button small" onClick={() => step(1)}>
                  Next
                  <Icon name="chevron-right" size={14} />
                </button>
              </Show>
            </footer>
          </>
        )}
      </Show>
    </dialog>
  );
}

/** The downloaded images as a grid of thumbnails; each opens the full image in a lightbox. */
export function ImageGrid(props: { images: SearchImage[] }) {
  const [index, setIndex] = createSignal<number | null>(null);
  const headingId = createUniqueId();
  return (
    <section class="search-section" aria-labelledby={headingId}>
      <h4 id={headingId}>
        Images <span class="search-count">{props.images.length}</span>
      </h4>
      <ul class="image-grid">
        <For each={props.images}>
          {(image, position) => (
            <li>
              <button
                type="button"
                class="image-tile"
                aria-label={`Open image ${position() + 1}: ${imageTitle(image)}`}
                onClick={() => setIndex(position())}
              >
                <WorkspaceImage path={image.thumb} alt="" class="image-tile-thumb" />
                <span class="image-tile-caption">{imageTitle(image)}</span>
                <Show when={image.license?.trim()}>
                  {(license) => <span class="image-tile-license">{license()}</span>}
                </Show>
              </button>
            </li>
          )}
        </For>
      </ul>
      <Lightbox images={props.images} index={index()} onIndex={setIndex} />
    </section>
  );
}

/** Image results that could not be saved, each with why. */
export function FailedImages(props: { images: FailedImage[] }) {
  const headingId = createUniqueId();
  return (
    <section class="search-section" aria-labelledby={headingId}>
      <h4 id={headingId}>
        Not saved <span class="search-count">{props.images.length}</span>
      </h4>
      <ul class="failed-images">
        <For each={props.images}>
          {(image) => (
            <li>
              <Icon name="alert" size={14} class="failed-image-icon" />
              <span class="failed-image-text">
                <SourceLink url={image.url} label={image.title.trim() || image.url} />
                <span class="failed-image-reason">{image.reason}</span>
              </span>
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}
