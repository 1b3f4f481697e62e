import { Show } from 'solid-js';
import { useApp } from '../app/app-context.ts';
import { formatTime } from '../shared/format.ts';
import { Icon } from '../shared/icons.tsx';

/**
 * Above the composer while the open conversation is shown from its backup copy (the
 * database could not be opened: a full disk): that it is read only, from when, and a way
 * to read the database again once space is freed. Kept in view, not in the thread's scroll.
 */
export function BackupCopyLine() {
  const { conversations, thread, workspace } = useApp();
  return (
    <Show when={thread.state.backupCopy}>
      {(copy) => (
        <div class="app-banners">
          <div class="app-banner backup-copy-banner" data-tone="info" role="status">
            <Icon class="app-banner-icon" name="info" />
            <div class="app-banner-body">
              <p class="app-banner-text">
                <strong>Read only.</strong> Sandpiper’s storage is not working right now (most likely this
                device’s disk is full), so this is the copy kept on this device at{' '}
                {formatTime(copy().copiedAt)}. Free disk space, then try again.
              </p>
              <button
                type="button"
                class="link-button"
                onClick={() => {
                  thread.reload();
                  void workspace.refresh();
                  // The list too may have come from the copies (missing what has none).
                  void conversations.refresh();
                }}
              >
                Try again
              </button>
            </div>
          </div>
        </div>
      )}
    </Show>
  );
}
