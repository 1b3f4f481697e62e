import { For, type JSX, Show } from 'solid-js';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import type { ProviderSetup } from '@/shared/protocol/providers.ts';
import { providerFor } from '@/shared/protocol/settings.ts';
import { useApp } from '../app/app-context.ts';
import { ChoiceSheet } from '../shared/choice-sheet.tsx';
import './header-controls.css';

const LABEL = 'Provider for this conversation';

/**
 * The open conversation's provider, switchable among the saved ones: a select where the
 * header has room, and on phones a compact button with the provider's name that opens a
 * sheet of them (CSS shows one or the other). A switch is stored by the worker and applies
 * from the conversation's next run; a run in progress keeps the provider it started with.
 * While no provider is saved, a button that opens Settings → Providers to add one.
 */
export function ProviderSwitcher(props: { conversation: Conversation; class?: string; note?: JSX.Element }) {
  const { settings, ui } = useApp();
  const current = () => providerFor(settings.state.settings, props.conversation.providerId);
  return (
    <Show
      when={current()}
      fallback={
        <button
          type="button"
          class={`button small provider-missing ${props.class ?? ''}`}
          onClick={() => ui.openSettings('providers')}
        >
          Add a provider
        </button>
      }
    >
      {(provider) => <ProviderChoice {...props} current={provider()} />}
    </Show>
  );
}

/** The select and the phone's sheet, on the conversation's provider `current`. */
function ProviderChoice(props: {
  conversation: Conversation;
  current: ProviderSetup;
  class?: string;
  note?: JSX.Element;
}) {
  const { settings, client, attempt } = useApp();
  const current = () => props.current;
  let select: HTMLSelectElement | undefined;

  async function switchTo(providerId: string): Promise<void> {
    const isSwitched = await attempt(
      () => client.api.setConversationProvider(props.conversation.id, providerId),
      'Provider not switched',
    );
    if (!isSwitched && select) select.value = current().id;
  }

  return (
    <>
      <select
        ref={select}
        class={`provider-switcher ${props.class ?? ''}`}
        aria-label={LABEL}
        title={`${current().name} (${current().model}). A switch takes effect from this conversation's next run.`}
        value={current().id}
        onChange={(event) => void switchTo(event.currentTarget.value)}
      >
        <For each={settings.state.settings.providers}>
          {(setup) => (
            <option value={setup.id} selected={setup.id === current().id}>
              {setup.name}
            </option>
          )}
        </For>
      </select>
      <ChoiceSheet
        class={`provider-sheet ${props.class ?? ''}`}
        label={LABEL}
        value={current().id}
        choices={settings.state.settings.providers.map((setup) => ({
          value: setup.id,
          label: setup.name,
          detail: setup.model,
        }))}
        onChoose={(providerId) => void switchTo(providerId)}
        note={
          <>
            A switch takes effect from this conversation’s next run.
            {props.note}
          </>
        }
      >
        <span>{current().name}</span>
      </ChoiceSheet>
    </>
  );
}
