import { createSignal, For, Show } from 'solid-js';
import type { ProviderSetup } from '@/shared/protocol/providers.ts';
import { providerFor } from '@/shared/protocol/settings.ts';
import { canPickFolder, pickFolder } from '../../state/uploads/folder-picker.ts';
import {
  isWelcomeDismissed,
  isWelcomeDue,
  needsProvider,
  rememberWelcomeDismissed,
} from '../../state/welcome/welcome-visibility.ts';
import { Icon } from '../shared/icons.tsx';
import { Welcome } from '../welcome/welcome.tsx';
import { useApp } from './app-context.ts';
import '../thread/attachment-chips.css';

/** Example tasks that work with the tools available today (planning and writing). */
export const EXAMPLE_TASKS = [
  'Plan a three-day trip to Lisbon on a budget of €150 a day',
  'Write a README for a command-line todo app with install, usage and FAQ sections',
  'Compare three note-taking apps for a team of five and recommend one',
];

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * What a new person sees: the welcome while no provider can answer (see `isWelcomeDue`);
 * otherwise what Sandpiper does, the provider in use (or how to connect one), a project
 * folder to work on, and example tasks.
 */
export function EmptyState() {
  const { settings, conversations, ui, attachments, attempt } = useApp();
  const current = () => providerFor(settings.state.settings, settings.state.settings.activeProviderId);
  const [isDismissed, setDismissed] = createSignal(isWelcomeDismissed(globalThis.localStorage));
  const isWelcome = () =>
    isWelcomeDue({
      // Both read: before the list arrives, a returning person would see the welcome flash.
      isLoaded: settings.state.isLoaded && conversations.state.isLoaded,
      hasConversations: conversations.state.conversations.length > 0,
      isDismissed: isDismissed(),
      active: current(),
    });

  function dismissWelcome(): void {
    rememberWelcomeDismissed(globalThis.localStorage, true);
    setDismissed(true);
  }
  /** No provider saved yet, or the active one cannot answer as it is: the card asks to connect one. */
  const isMissing = () => needsProvider(current());

  function useExample(task: string): void {
    ui.setDraft(task);
    ui.focusComposer();
  }

  /** Reads a picked project folder into the composer: it lands in /home/ubuntu/<folder> on send. */
  async function openFolder(): Promise<void> {
    const found = await pickFolder();
    if (!found) return;
    if (found.files.length === 0) throw new Error('That folder holds no files.');
    attachments.openProject(found.files, found.skippedFolders);
    ui.focusComposer();
  }

  return (
    <div class="empty-state">
      <Show when={settings.state.isLoaded}>
        <div class="empty-inner">
          <Show when={!isWelcome()} fallback={<Welcome onDismiss={dismissWelcome} />}>
            {normal()}
          </Show>
        </div>
      </Show>
    </div>
  );

  function normal() {
    return (
      <>
        <h2 class="empty-title">What should the agent work on?</h2>
        <p class="empty-lead">
          Sandpiper plans a task, works through it one step at a time, and shows every step it takes. It runs
          entirely in this tab.
        </p>
        <div class="provider-card" classList={{ 'is-missing': isMissing() }}>
          <Icon class="provider-icon" name={isMissing() ? 'alert' : 'check'} />
          <div class="provider-text">
            <Show
              when={!isMissing() && current()}
              fallback={
                <>
                  <strong>Connect a model provider first.</strong>
                  <span>
                    In Settings → Providers, add OpenAI, OpenRouter, a local Ollama or LM Studio, or any
                    OpenAI-compatible API, with its key; or download a small model to run in this tab
                    (In-browser model, needs WebGPU). Everything stays in this browser.
                  </span>
                </>
              }
            >
              {(provider) => <ProviderInUse provider={provider()} />}
            </Show>
          </div>
          <button type="button" class="button" onClick={() => ui.openSettings('providers')}>
            {isMissing() ? 'Connect provider' : 'Change provider'}
          </button>
        </div>
        <div class="open-folder">
          <div class="provider-text">
            <strong>Work on a folder of yours</strong>
            <span>
              {canPickFolder()
                ? 'Open a folder: its files are copied into the new conversation’s workspace (nothing is written back to your disk).'
                : 'Drop a folder on the message box: its files are copied into the new conversation’s workspace.'}
            </span>
          </div>
          <Show when={canPickFolder()}>
            <button
              type="button"
              class="button"
              onClick={() => void attempt(() => openFolder(), 'Could not open the folder')}
            >
              <Icon name="folder" size={14} />
              Open a folder
            </button>
          </Show>
        </div>
        <h3 class="examples-title">Try an example</h3>
        <ul class="examples">
          <For each={EXAMPLE_TASKS}>
            {(task) => (
              <li>
                <button type="button" class="example-button" onClick={() => useExample(task)}>
                  <Icon class="example-icon" name="sparkle" />
                  <span>{task}</span>
                </button>
              </li>
            )}
          </For>
        </ul>
      </>
    );
  }
}

/** What the empty state says of the provider new conversations use. */
function ProviderInUse(props: { provider: ProviderSetup }) {
  const isInBrowser = () => props.provider.kind === 'webllm';
  return (
    <>
      <strong>
        Using {props.provider.model} {isInBrowser() ? 'in this tab' : `at ${hostOf(props.provider.baseUrl)}`}
      </strong>
      <span>
        {!isInBrowser() && props.provider.apiKey === '' ? 'No API key set — fine for local servers. ' : ''}
        Save more providers in Settings and pick one for new conversations; each conversation can switch in
        its header.
      </span>
    </>
  );
}
