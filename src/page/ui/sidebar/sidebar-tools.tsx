import { Show } from 'solid-js';
import { useApp } from '../app/app-context.ts';
import { Icon, Spinner } from '../shared/icons.tsx';

/**
 * The sidebar's tools row: import a conversation bundle with a file picker (dropping a
 * .zip anywhere on the window does the same), and install the app when the browser offers it.
 */
export function SidebarTools() {
  const { bundleImport, appUpdates, ui } = useApp();
  let picker: HTMLInputElement | undefined;

  async function onPicked(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    ui.setSidebarOpen(false);
    await bundleImport.importFile(file);
  }

  return (
    <div class="sidebar-tools">
      <button
        type="button"
        class="sidebar-settings"
        disabled={bundleImport.activity() !== null}
        title="Import a conversation bundle (.zip); you can also drop one on the window"
        onClick={() => picker?.click()}
      >
        <Show when={bundleImport.activity()} fallback={<Icon name="upload" />}>
          <Spinner />
        </Show>
        {bundleImport.activity() ? 'Importing…' : 'Import bundle'}
      </button>
      <input
        ref={picker}
        class="visually-hidden"
        type="file"
        accept=".zip,application/zip"
        tabIndex={-1}
        aria-label="Conversation bundle to import"
        onChange={(event) => void onPicked(event.currentTarget)}
      />
      <Show when={appUpdates.canInstall()}>
        <button type="button" class="sidebar-settings" onClick={() => void appUpdates.install()}>
          <Icon name="install" />
          Install app
        </button>
      </Show>
    </div>
  );
}
