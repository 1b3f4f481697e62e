import { createSignal } from 'solid-js';
import { singleFileDeck } from '../../state/computer/deck-single-file.ts';
import type { DeliverableNaming } from '../../state/thread/deliverable-names.ts';
import { folderFiles, zipWorkspace } from '../../state/workspace/workspace-archive.ts';
import { useApp } from '../app/app-context.ts';
import { downloadBytes } from '../shared/download.ts';
import { Icon } from '../shared/icons.tsx';

type Download = NonNullable<DeliverableNaming['download']>;

/**
 * The download of a result's attachment, read from the workspace when pressed: a deck as
 * one self-contained HTML file (its styles, scripts and images folded in, as the preview
 * route serves it), a site as a zip of its folder, any other file as it is.
 */
export function DeliverableDownload(props: { download: Download; label: string; mime: string }) {
  const { workspace, toasts } = useApp();
  const [isPreparing, setPreparing] = createSignal(false);

  async function save(download: Download): Promise<void> {
    if (download.kind === 'file') {
      const file = await workspace.readFile(download.path).catch(() => null);
      if (file) downloadBytes(file.content, download.fileName, props.mime);
      else toasts.show(`${download.path} is no longer in the workspace.`);
      return;
    }
    if (download.kind === 'deck') {
      const deck = await singleFileDeck(
        download.pagePath,
        async (path) => (await workspace.readFile(path))?.content ?? null,
      );
      if (!deck) {
        toasts.show(
          `Could not download the deck: /home/ubuntu/${download.pagePath} is not in the workspace.`,
        );
        return;
      }
      downloadBytes(new TextEncoder().encode(deck.html), download.fileName, 'text/html;charset=utf-8');
      if (deck.missing.length > 0) {
        toasts.show(
          `Downloaded ${download.fileName}, but ${deck.missing.length} of its files could not be put inside it: ${deck.missing.join(', ')}.`,
        );
      }
      return;
    }
    const files = folderFiles(await workspace.readAll(), download.folder);
    if (!files.some((file) => file.kind === 'file')) {
      toasts.show(`Could not download the site: /home/ubuntu/${download.folder} has no files now.`);
      return;
    }
    downloadBytes(await zipWorkspace(files), download.fileName, 'application/zip');
  }

  async function press(): Promise<void> {
    setPreparing(true);
    try {
      await save(props.download);
    } catch (error) {
      toasts.show(
        `Could not download ${props.label}: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setPreparing(false);
    }
  }

  const what = () =>
    props.download.kind === 'deck'
      ? 'as one HTML file'
      : props.download.kind === 'site'
        ? 'as a zip of its folder'
        : '';
  return (
    <button
      type="button"
      class="icon-button attachment-download"
      aria-label={`Download ${props.label}${what() ? ` ${what()}` : ''}`}
      title={`Download ${props.download.fileName}`}
      aria-busy={isPreparing()}
      disabled={isPreparing()}
      onClick={() => void press()}
    >
      <Icon name="download" size={16} />
    </button>
  );
}
