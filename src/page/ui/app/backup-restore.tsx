import { createResource, createSignal, For, Match, Show, Switch } from 'solid-js';
import type { BackupRestoreReport } from '@/shared/protocol/worker-api.ts';
import { formatBytes } from '../shared/format.ts';
import { Spinner } from '../shared/icons.tsx';
import { useApp } from './app-context.ts';

const plural = (count: number, word: string) =>
  `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/**
 * Under the "data lost" banner: the backup copies this device kept of the conversations
 * the browser deleted (each as it was when it last settled), and a button that brings
 * them back as conversations. Nothing when there are none.
 */
export function BackupRestore() {
  const { client, conversations, thread } = useApp();
  const [summary, { refetch }] = createResource(() => client.api.backupSummary());
  const [restoring, setRestoring] = createSignal(false);
  const [report, setReport] = createSignal<BackupRestoreReport | null>(null);
  const [failure, setFailure] = createSignal<string | null>(null);

  async function restore(): Promise<void> {
    setRestoring(true);
    setFailure(null);
    try {
      const done = await client.api.restoreBackups();
      setReport(done);
      // The page showed a conversation the loss took: it shows one brought back instead.
      const [first] = done.conversationIds;
      if (first && thread.state.load !== 'ready') conversations.select(first);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setRestoring(false);
      void refetch();
    }
  }

  return (
    <>
      <Show when={report()}>
        {(done) => (
          <p class="app-banner-detail" role="status">
            {`Restored ${plural(done().restored, 'conversation')} from the backup copy.`}
            <For each={done().failed}>
              {(failed) => (
                <span class="backup-failure">{` ${failed.name} could not be restored: ${failed.reason}`}</span>
              )}
            </For>
          </p>
        )}
      </Show>
      <Show when={failure()}>
        {(text) => <p class="app-banner-detail">{`Restoring failed: ${text()}`}</p>}
      </Show>
      <Show when={(summary()?.conversations ?? 0) > 0 ? summary() : null}>
        {(found) => (
          <>
            <p class="app-banner-detail">
              {`This device kept a backup copy of ${plural(found().conversations, 'conversation')} (${formatBytes(found().bytes)}), each as it was when its last run ended. Keys and settings are not in it.`}
            </p>
            <Switch>
              <Match when={restoring()}>
                <span class="app-banner-detail">
                  <Spinner /> Restoring…
                </span>
              </Match>
              <Match when={!restoring()}>
                <button type="button" class="link-button" onClick={() => void restore()}>
                  {`Restore ${plural(found().conversations, 'conversation')}`}
                </button>
              </Match>
            </Switch>
          </>
        )}
      </Show>
    </>
  );
}
