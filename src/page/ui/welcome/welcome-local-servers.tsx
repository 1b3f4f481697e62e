import { createSignal, For, Match, onCleanup, onMount, Show, Switch } from 'solid-js';
import { createStore } from 'solid-js/store';
import {
  canSearchUnasked,
  type LocalAccess,
  localAccessOf,
  searchTimeoutMs,
} from '../../state/welcome/local-network-access.ts';
import { probeLocalServers } from '../../state/welcome/local-server-probe.ts';
import { type AddressOutcome, apiBaseOf, LOCAL_SERVER_ADDRESSES } from '../../state/welcome/local-servers.ts';
import { connectLocalServer } from '../../state/welcome/welcome-providers.ts';
import { useApp } from '../app/app-context.ts';
import { Icon, Spinner } from '../shared/icons.tsx';
import { ServerRow, type ServerRowState } from './welcome-server-row.tsx';

type Found = Extract<AddressOutcome, { status: 'found' }>;
type Search = 'idle' | 'searching' | 'done';

/** "Found 1 server." and the like, for the polite announcement and the line under the list. */
function summaryOf(rows: readonly ServerRowState[], isBlocked: boolean): string {
  const found = rows.filter((row) => row.outcome?.status === 'found').length;
  const refused = rows.filter((row) => row.outcome?.status === 'cors_refused').length;
  if (found > 0) return `Found ${found} server${found === 1 ? '' : 's'}.`;
  if (refused > 0) return 'A server answers, but this page may not read its replies yet: see above.';
  if (isBlocked) return 'The browser blocked the search: see above.';
  return 'No server found at the usual addresses. Start llama-server, Ollama or LM Studio with a model, then search again; a server elsewhere can be added under Providers.';
}

/**
 * Way 1 of the welcome: asks the default addresses of llama-server, Ollama and LM Studio on
 * this computer, showing each as it answers; Use on a found server makes it the active
 * provider (and the composer takes focus). Starts by itself where the browser will not ask
 * for permission; otherwise the person starts it, told that the browser may ask.
 */
export function WelcomeLocalServers() {
  const { settings, client, ui, attempt } = useApp();
  const [access, setAccess] = createSignal<LocalAccess | null>(null);
  const [search, setSearch] = createSignal<Search>('idle');
  const [rows, setRows] = createStore<ServerRowState[]>(
    LOCAL_SERVER_ADDRESSES.map((address) => ({ address, outcome: null })),
  );
  const [connecting, setConnecting] = createSignal<string | null>(null);
  const [failure, setFailure] = createSignal<string | null>(null);
  let stop: AbortController | undefined;
  let isClosed = false;
  onCleanup(() => {
    isClosed = true;
    stop?.abort();
  });

  onMount(async () => {
    const known = await localAccessOf(window.location.hostname, navigator.permissions);
    setAccess(known);
    if (canSearchUnasked(known) && !isClosed) void start();
  });

  async function start(): Promise<void> {
    stop?.abort();
    const current = new AbortController();
    stop = current;
    setSearch('searching');
    setFailure(null);
    setRows(() => true, 'outcome', null);
    try {
      await probeLocalServers({
        fetch: (input, init) => window.fetch(input, init),
        timeoutMs: searchTimeoutMs(access() ?? 'unknown'),
        signal: current.signal,
        onResult: (result) =>
          setRows((row) => row.address.origin === result.address.origin, 'outcome', result.outcome),
      });
    } catch {
      // Stopped: a newer search or the welcome closing took over.
      return;
    }
    // The browser may have asked meanwhile: what it was told explains what was (not) found.
    setAccess(await localAccessOf(window.location.hostname, navigator.permissions));
    if (stop === current) setSearch('done');
  }

  async function use(row: ServerRowState, found: Found, model: string): Promise<void> {
    setConnecting(row.address.origin);
    setFailure(null);
    const change = connectLocalServer(
      settings.state.settings,
      {
        baseUrl: apiBaseOf(row.address),
        server: found.server,
        model,
        windowTokens: found.models.find((entry) => entry.id === model)?.windowTokens ?? null,
      },
      crypto.randomUUID(),
    );
    if (!change.ok) {
      setConnecting(null);
      setFailure(change.message);
      return;
    }
    const isSaved = await attempt(() => settings.save(change.settings), 'Could not save the provider');
    setConnecting(null);
    if (!isSaved) return;
    const profile = change.settings.providers.find((provider) => provider.id === change.providerId);
    // What the server supports is learned now, as Test connection does, for the first run.
    if (profile) void client.api.identifyServer(profile).catch(() => null);
    ui.focusComposer();
  }

  return (
    <>
      <ul
        class="welcome-servers"
        aria-label="Servers at the usual addresses"
        aria-busy={search() === 'searching'}
      >
        <Show
          when={search() !== 'idle'}
          fallback={
            <li class="welcome-server is-idle">
              <p class="welcome-server-note">
                Asks 127.0.0.1 on ports 8080 (llama-server), 11434 (Ollama) and 1234 (LM Studio); only their
                model lists are read.
              </p>
            </li>
          }
        >
          <For each={rows}>
            {(row) => (
              <ServerRow
                row={row}
                appOrigin={window.location.origin}
                isBlocked={access() === 'denied'}
                isConnecting={connecting() === row.address.origin}
                onUse={(found, model) => void use(row, found, model)}
              />
            )}
          </For>
        </Show>
      </ul>
      <Show when={failure()}>
        {(message) => (
          <p class="form-error" role="alert">
            {message()}
          </p>
        )}
      </Show>
      <Switch>
        <Match when={access() === 'denied'}>
          <p class="welcome-note is-warning">
            This browser does not let this site reach apps on this device (local network access is blocked in
            the site’s settings, next to the address bar). Allow it there, then search again.
          </p>
        </Match>
        <Match when={access() === 'prompt' || access() === 'unknown'}>
          <p class="welcome-note">
            Your browser may ask whether this site may connect to apps on this device: choose Allow, or the
            search cannot reach them.
          </p>
        </Match>
      </Switch>
      <div class="welcome-actions">
        <button
          type="button"
          class="button"
          classList={{ primary: search() === 'idle' }}
          disabled={search() === 'searching' || access() === null}
          onClick={() => void start()}
        >
          <Show
            when={search() === 'searching'}
            fallback={<Icon name={search() === 'idle' ? 'search' : 'refresh'} />}
          >
            <Spinner />
          </Show>
          {search() === 'idle' ? 'Look for servers' : 'Search again'}
        </button>
        <p class="welcome-summary" role="status">
          <Show when={search() === 'done'}>{summaryOf(rows, access() === 'denied')}</Show>
          <Show when={search() === 'searching'}>Searching…</Show>
        </p>
      </div>
    </>
  );
}
