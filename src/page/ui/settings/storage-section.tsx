import { createEffect, createSignal, on, Show } from 'solid-js';
import type { BackupSummary } from '@/shared/protocol/worker-api.ts';
import { errorMessage } from '../../state/app/agent-client.ts';
import { persistenceSentence } from '../../state/app/persistence-notice.ts';
import {
  checkPersistence,
  persistenceState,
  requestPersistence,
} from '../../state/app/storage-persistence.ts';
import type { UiStore } from '../../state/app/ui-store.ts';
import {
  type ConversationStorageRow,
  readStorageEstimate,
  type StorageEstimate,
  storageRows,
} from '../../state/settings/storage-overview.ts';
import { useApp } from '../app/app-context.ts';
import { BackupRestore } from '../app/backup-restore.tsx';
import { formatBytes } from '../shared/format.ts';
import { StorageUsageList } from './storage-usage-list.tsx';
import './storage.css';

/** The id of the Storage section, which the storage-full banner opens. */
export const STORAGE_SECTION_ID = 'settings-storage';

/** Opens Settings at the Storage section, with focus on it. */
export function openStorageSettings(ui: UiStore): void {
  ui.openSettings('storage', STORAGE_SECTION_ID);
}

/**
 * Settings → Storage: whether the browser keeps our data, what this site uses of what it
 * may use, and each conversation's history and workspace, with Clear workspace and
 * Delete (each confirmed inline). Read again every time Settings opens.
 */
export function StorageSection() {
  const { client, conversations, ui } = useApp();
  const [estimate, setEstimate] = createSignal<StorageEstimate | null>(null);
  const [rows, setRows] = createSignal<ConversationStorageRow[] | null>(null);
  const [error, setError] = createSignal<string | null>(null);
  const [backup, setBackup] = createSignal<BackupSummary | null>(null);

  async function refresh(): Promise<void> {
    void checkPersistence();
    // The backup copy's line is extra: a failure to read it leaves the rest of the section.
    void client.api.backupSummary().then(setBackup, () => setBackup(null));
    try {
      const [usage, browserEstimate] = await Promise.all([client.api.storageUsage(), readStorageEstimate()]);
      setRows(storageRows(usage, conversations.state.conversations));
      setEstimate(browserEstimate);
      setError(null);
    } catch (failure) {
      setError(`Could not measure the storage: ${errorMessage(failure)}`);
    }
  }

  createEffect(
    on(ui.isSettingsOpen, (open) => {
      if (open) void refresh();
    }),
  );

  return (
    <section
      class="settings-group storage-section"
      id={STORAGE_SECTION_ID}
      aria-labelledby="settings-storage-title"
      tabIndex={-1}
    >
      <h3 class="settings-group-title" id="settings-storage-title">
        Storage
      </h3>
      <p class="storage-persistence" data-state={persistenceState()}>
        <span class="runtime-dot" aria-hidden="true" />
        <span>{persistenceSentence(persistenceState())}</span>
        <Show when={persistenceState() === 'best-effort'}>
          <button type="button" class="button small" onClick={() => void requestPersistence()}>
            Ask to keep data
          </button>
        </Show>
      </p>
      <Show when={estimate()}>
        {(current) => (
          <div class="storage-total">
            <meter
              class="storage-meter"
              aria-label="Storage used"
              min={0}
              max={current().quotaBytes}
              value={current().usageBytes}
            >
              {formatBytes(current().usageBytes)} of {formatBytes(current().quotaBytes)}
            </meter>
            <p class="storage-total-text">
              Using <strong>{formatBytes(current().usageBytes)}</strong> of the{' '}
              {formatBytes(current().quotaBytes)} this browser allows this site (the app, conversations,
              workspaces and downloaded models).
            </p>
          </div>
        )}
      </Show>
      <Show when={error()}>
        {(message) => (
          <p class="form-error" role="alert">
            {message()}
          </p>
        )}
      </Show>
      <Show when={backup()?.isAvailable ? backup() : null}>
        {(copy) => (
          <div class="storage-backup">
            <p class="field-hint">
              {`Backup copy: ${copy().copies.toLocaleString('en-US')} conversation${copy().copies === 1 ? '' : 's'} (${formatBytes(copy().copiesBytes)}), in this browser's private file system on this device. A browser can delete a site's database when the disk fills; the copy is kept apart from it. Each conversation is copied when its run ends; keys and settings are never in it.`}
            </p>
            <BackupRestore />
          </div>
        )}
      </Show>
      <Show when={rows()} fallback={<p class="field-hint">Measuring…</p>}>
        {(list) => <StorageUsageList rows={list()} onChanged={() => void refresh()} />}
      </Show>
    </section>
  );
}
