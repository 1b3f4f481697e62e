import { createSignal, onCleanup, Show } from 'solid-js';
import { DEFAULT_BUNDLE_LIMITS } from '@/shared/bundle/bundle-format.ts';
import { useApp } from '../app/app-context.ts';
import { Icon } from '../shared/icons.tsx';
import '../app/app-notices.css';

/** True when a drag carries files (not text or a link dragged inside the page). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/** True over an element that takes dropped files itself (the composer attaches them). */
function isOverFileTarget(event: DragEvent): boolean {
  return event.target instanceof Element && event.target.closest('[data-file-drop]') !== null;
}

/**
 * Drag and drop of a conversation bundle anywhere on the window: while a file is dragged
 * over it, an overlay says what dropping does; dropping imports the first file. Files
 * dropped anywhere else never make the browser navigate away from the app.
 */
export function DropOverlay() {
  const { bundleImport, ui } = useApp();
  const [isDragging, setDragging] = createSignal(false);
  /** dragenter/dragleave fire for every child crossed: count them to know when the drag left the window. */
  let depth = 0;

  function onDragEnter(event: DragEvent): void {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth += 1;
    setDragging(true);
  }

  function onDragOver(event: DragEvent): void {
    if (!carriesFiles(event)) return;
    // Over the composer the overlay steps aside (it lets pointer events through to it).
    setDragging(!isOverFileTarget(event));
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  }

  function onDragLeave(event: DragEvent): void {
    if (!carriesFiles(event)) return;
    depth = Math.max(0, depth - 1);
    if (depth === 0) setDragging(false);
  }

  function onDrop(event: DragEvent): void {
    if (!carriesFiles(event) || isOverFileTarget(event)) return;
    event.preventDefault();
    depth = 0;
    setDragging(false);
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    ui.setSidebarOpen(false);
    void bundleImport.importFile(file);
  }

  window.addEventListener('dragenter', onDragEnter);
  window.addEventListener('dragover', onDragOver);
  window.addEventListener('dragleave', onDragLeave);
  window.addEventListener('drop', onDrop);
  onCleanup(() => {
    window.removeEventListener('dragenter', onDragEnter);
    window.removeEventListener('dragover', onDragOver);
    window.removeEventListener('dragleave', onDragLeave);
    window.removeEventListener('drop', onDrop);
  });

  const limit = `${Math.round(DEFAULT_BUNDLE_LIMITS.maxBundleBytes / (1024 * 1024))} MB`;

  return (
    <Show when={isDragging()}>
      <div class="drop-overlay" aria-hidden="true">
        <div class="drop-target">
          <Icon name="upload" size={28} />
          <p class="drop-title">Drop a conversation bundle to import it</p>
          <p class="drop-hint">
            A .zip exported from Sandpiper, up to {limit}. It opens as a new conversation. To attach files to
            a message instead, drop them on the message box.
          </p>
        </div>
      </div>
    </Show>
  );
}
