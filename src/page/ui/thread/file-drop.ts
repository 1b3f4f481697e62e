import { createSignal } from 'solid-js';
import { type FlattenedFolder, filesFromDrop } from '../../state/uploads/folder-tree.ts';

/** True when a drag carries files (not text or a link dragged inside the page). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Handlers that make an element a drop target for files and folders (walked whole), and
 * whether a drag is over it. The drop stays here: the window's bundle import never sees it.
 */
export function useFileDrop(onFiles: (found: FlattenedFolder) => void, onError: (message: string) => void) {
  const [isOver, setOver] = createSignal(false);
  let depth = 0;
  return {
    isOver,
    onDragEnter(event: DragEvent): void {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setOver(true);
    },
    onDragOver(event: DragEvent): void {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave(event: DragEvent): void {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    },
    onDrop(event: DragEvent): void {
      if (!carriesFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      event.stopPropagation();
      depth = 0;
      setOver(false);
      // The entries must be taken now: the DataTransfer empties once this handler returns.
      void filesFromDrop(event.dataTransfer.items).then(onFiles, (error: unknown) =>
        onError(
          `Could not read the dropped files: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    },
  };
}
