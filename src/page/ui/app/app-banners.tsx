import { createResource, For, Show } from 'solid-js';
import type { AppAlert } from '../../state/app/alerts-store.ts';
import { persistenceBannerSentence } from '../../state/app/persistence-notice.ts';
import type { ImportActivity } from '../../state/bundles/bundle-import-store.ts';
import { largestConversations, storageRows } from '../../state/settings/storage-overview.ts';
import { openStorageSettings } from '../settings/storage-section.tsx';
import { formatBytes } from '../shared/format.ts';
import { Icon, Spinner } from '../shared/icons.tsx';
import { useApp } from './app-context.ts';
import { BackupRestore } from './backup-restore.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import './app-notices.css';

/** "Importing notes.zip…", "Downloading the bundle from host… 1.2 MB of 4 MB". */
function activityText(activity: ImportActivity): string {
  switch (activity.phase) {
    case 'reading':
      return `Reading ${activity.source}…`;
    case 'importing':
      return `Importing ${activity.source} (${formatBytes(activity.receivedBytes)})…`;
    case 'downloading':
      return activity.totalBytes
        ? `Downloading ${activity.source}… ${formatBytes(activity.receivedBytes)} of ${formatBytes(activity.totalBytes)}`
        : `Downloading ${activity.source}… ${formatBytes(activity.receivedBytes)}`;
  }
}

/** A storage alert: the worker's words, the conversations worth freeing, and a way to Settings → Storage. */
function AlertBanner(props: { alert: AppAlert }) {
  const { alerts, client, conversations, ui } = useApp();
  const [largest] = createResource(
    () => (props.alert.kind === 'storage_full' ? props.alert.id : null),
    async () =>
      largestConversations(
        storageRows(await client.api.storageUsage(), conversations.state.conversations),
        3,
      ),
  );

  return (
    <div class="app-banner" data-tone="error" role="alert">
      <Icon class="app-banner-icon" name="alert" />
      <div class="app-banner-body">
        <p class="app-banner-text">{props.alert.text}</p>
        <Show when={(largest() ?? []).length > 0}>
          <p class="app-banner-detail">
            Largest now:{' '}
            <For each={largest()}>
              {(row, index) => (
                <>
                  {index() > 0 ? ', ' : ''}
                  <strong>{row.title}</strong> ({formatBytes(row.totalBytes)})
                </>
              )}
            </For>
            .
          </p>
        </Show>
        <Show when={props.alert.kind !== 'data_lost'} fallback={<BackupRestore />}>
          <button type="button" class="link-button" onClick={() => openStorageSettings(ui)}>
            Free up space…
          </button>
        </Show>
      </div>
      <button
        type="button"
        class="icon-button"
        aria-label="Dismiss storage alert"
        onClick={() => alerts.dismiss(props.alert.id)}
      >
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}

/**
 * Banners at the top of the main column: a new version waiting, an import in progress,
 * the browser's answer about keeping our data (once, compact: a sentence, the way to
 * Settings → Storage and a dismiss), and storage alerts from the worker.
 */
export function AppBanners() {
  const { alerts, bundleImport, persistenceNotice, ui } = useApp();
  return (
    <div class="app-banners">
      <UpdatePrompt />
      <div class="visually-hidden" role="status">
        {bundleImport.activity() ? activityText(bundleImport.activity()!) : ''}
      </div>
      <Show when={bundleImport.activity()}>
        {(activity) => (
          <div class="app-banner" data-tone="info">
            <Spinner class="app-banner-icon" />
            <p class="app-banner-text">{activityText(activity())}</p>
          </div>
        )}
      </Show>
      <Show when={persistenceNotice.notice()}>
        {(state) => (
          <div
            class="app-banner is-compact"
            data-tone={state() === 'persisted' ? 'success' : 'info'}
            role="status"
          >
            <Icon class="app-banner-icon" name={state() === 'persisted' ? 'check' : 'info'} />
            <p class="app-banner-text">
              {persistenceBannerSentence(state())}
              <Show when={state() === 'best-effort'}>
                {' '}
                <button type="button" class="link-button" onClick={() => openStorageSettings(ui)}>
                  Manage storage
                </button>
              </Show>
            </p>
            <button
              type="button"
              class="icon-button"
              aria-label="Dismiss storage notice"
              onClick={() => persistenceNotice.dismiss()}
            >
              <Icon name="close" size={14} />
            </button>
          </div>
        )}
      </Show>
      <For each={alerts.state.alerts}>{(alert) => <AlertBanner alert={alert} />}</For>
    </div>
  );
}
