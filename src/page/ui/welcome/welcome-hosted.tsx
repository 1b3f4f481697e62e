import { createSignal, For, Show } from 'solid-js';
import { PROVIDER_PRESETS } from '@/shared/protocol/providers.ts';
import { type ConnectionResult, testConnection } from '../../state/settings/provider-connection.ts';
import { connectHostedProvider, hostedModelOf } from '../../state/welcome/welcome-providers.ts';
import { useApp } from '../app/app-context.ts';
import { Icon, Spinner } from '../shared/icons.tsx';

/** The presets that live on the internet and want a key, in the order Settings lists them. */
const HOSTED_PRESETS = PROVIDER_PRESETS.filter((preset) => preset.needsKey && !preset.isLocal);

/**
 * Way 2 of the welcome: a hosted preset, its key, and "Test and use" — Test connection (as
 * in Settings) lists the models with the key, then the preset's provider gets the key and
 * becomes the active one (the composer takes focus). A refusal is said under the field.
 */
export function WelcomeHosted() {
  const { settings, client, ui, attempt } = useApp();
  const [presetId, setPresetId] = createSignal(HOSTED_PRESETS[0]?.id ?? '');
  const [apiKey, setApiKey] = createSignal('');
  const [isTesting, setTesting] = createSignal(false);
  const [failure, setFailure] = createSignal<ConnectionResult | { ok: false; message: string } | null>(null);
  const preset = () => HOSTED_PRESETS.find((candidate) => candidate.id === presetId()) ?? HOSTED_PRESETS[0];
  const host = () => {
    const chosen = preset();
    return chosen ? new URL(chosen.baseUrl).host : '';
  };

  async function testAndUse(): Promise<void> {
    const chosen = preset();
    const key = apiKey().trim();
    if (!chosen || key === '') return;
    setTesting(true);
    setFailure(null);
    const result = await testConnection({ baseUrl: chosen.baseUrl, apiKey: key });
    if (!result.ok) {
      setTesting(false);
      setFailure(result);
      document.getElementById('welcome-key')?.focus();
      return;
    }
    const change = connectHostedProvider(
      settings.state.settings,
      { preset: chosen, apiKey: key, model: hostedModelOf(chosen, result.models) },
      crypto.randomUUID(),
    );
    if (!change.ok) {
      setTesting(false);
      setFailure({ ok: false, message: change.message });
      return;
    }
    const isSaved = await attempt(() => settings.save(change.settings), 'Could not save the provider');
    setTesting(false);
    if (!isSaved) return;
    const profile = change.settings.providers.find((provider) => provider.id === change.providerId);
    if (profile) void client.api.identifyServer(profile).catch(() => null);
    ui.focusComposer();
  }

  return (
    <form
      class="welcome-hosted"
      onSubmit={(event) => {
        event.preventDefault();
        void testAndUse();
      }}
    >
      <div class="welcome-fields">
        <div class="welcome-field">
          <label for="welcome-preset">Provider</label>
          <select
            id="welcome-preset"
            class="welcome-select"
            value={presetId()}
            onChange={(event) => {
              setPresetId(event.currentTarget.value);
              setFailure(null);
            }}
          >
            <For each={HOSTED_PRESETS}>{(entry) => <option value={entry.id}>{entry.name}</option>}</For>
          </select>
        </div>
        <div class="welcome-field is-wide">
          <label for="welcome-key">API key</label>
          <input
            id="welcome-key"
            class="welcome-input"
            type="password"
            autocomplete="off"
            spellcheck={false}
            aria-describedby="welcome-key-hint"
            aria-invalid={failure() ? 'true' : undefined}
            aria-errormessage={failure() ? 'welcome-key-error' : undefined}
            value={apiKey()}
            onInput={(event) => {
              setApiKey(event.currentTarget.value);
              setFailure(null);
            }}
          />
        </div>
        <button type="submit" class="button primary" disabled={isTesting() || apiKey().trim() === ''}>
          <Show when={isTesting()} fallback={<Icon name="link" size={14} />}>
            <Spinner />
          </Show>
          Test and use
        </button>
      </div>
      <p class="welcome-server-note" id="welcome-key-hint">
        {preset()?.note} The key stays in this browser and is sent only to {host()}.
      </p>
      <Show when={failure()}>
        {(result) => (
          <p class="form-error" id="welcome-key-error" role="alert">
            {result().message}
          </p>
        )}
      </Show>
      <Show when={isTesting()}>
        <p class="welcome-summary" role="status">
          Testing the key with {host()}…
        </p>
      </Show>
    </form>
  );
}
