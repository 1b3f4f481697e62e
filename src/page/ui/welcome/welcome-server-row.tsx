import { createSignal, For, Match, Show, Switch } from 'solid-js';
import { corsAdvice } from '../../state/welcome/cors-advice.ts';
import {
  type AddressOutcome,
  hostOf,
  type LocalServerAddress,
  preferredModel,
} from '../../state/welcome/local-servers.ts';
import { Icon, Spinner } from '../shared/icons.tsx';

/** One address while it is asked (null) or with what was found. */
export type ServerRowState = { address: LocalServerAddress; outcome: AddressOutcome | null };

type Found = Extract<AddressOutcome, { status: 'found' }>;

/** The outcome when it has `status`, typed as such; else null. */
function pick<S extends AddressOutcome['status']>(
  outcome: AddressOutcome | null,
  status: S,
): Extract<AddressOutcome, { status: S }> | null {
  return outcome?.status === status ? (outcome as Extract<AddressOutcome, { status: S }>) : null;
}

/** The tone of a row's mark: found green, something to fix amber, nothing grey. */
function toneOf(outcome: AddressOutcome | null): 'active' | 'success' | 'asking' | 'pending' {
  if (outcome === null) return 'active';
  if (outcome.status === 'found') return outcome.models.length > 0 ? 'success' : 'asking';
  return outcome.status === 'nothing' ? 'pending' : 'asking';
}

/**
 * One default address in the first-run search: "checking…", then what answered — a server
 * with its models and Use (one click makes it the active provider), a server whose replies
 * the browser refuses with how to allow this app, or nothing.
 */
export function ServerRow(props: {
  row: ServerRowState;
  appOrigin: string;
  /** The browser refuses this page any request to this computer: "nothing" is not known to be nothing. */
  isBlocked: boolean;
  isConnecting: boolean;
  onUse: (found: Found, model: string) => void;
}) {
  const host = () => hostOf(props.row.address);
  const usual = () => `${props.row.address.usualServer}’s usual port`;
  return (
    <li class="welcome-server" data-status={props.row.outcome?.status ?? 'checking'}>
      <span class="welcome-server-mark" data-tone={toneOf(props.row.outcome)} aria-hidden="true">
        <Switch fallback={<Icon name="alert" size={14} />}>
          <Match when={props.row.outcome === null}>
            <Spinner />
          </Match>
          <Match when={props.row.outcome?.status === 'found'}>
            <Icon name="check" size={14} />
          </Match>
          <Match when={props.row.outcome?.status === 'nothing'}>
            <span class="welcome-server-dot" />
          </Match>
        </Switch>
      </span>
      <div class="welcome-server-body">
        <Switch>
          <Match when={props.row.outcome === null}>
            <p class="welcome-server-title is-quiet">
              Checking {host()} ({usual()})…
            </p>
          </Match>
          <Match when={pick(props.row.outcome, 'found')}>
            {(found) => (
              <FoundServer
                found={found()}
                host={host()}
                isConnecting={props.isConnecting}
                onUse={(model) => props.onUse(found(), model)}
              />
            )}
          </Match>
          <Match when={pick(props.row.outcome, 'cors_refused')}>
            <CorsRefused address={props.row.address} appOrigin={props.appOrigin} />
          </Match>
          <Match when={pick(props.row.outcome, 'nothing')}>
            <p class="welcome-server-title is-quiet">
              {props.isBlocked ? 'Not reached (the browser blocked it):' : 'Nothing at'} {host()} ({usual()}).
            </p>
          </Match>
          <Match when={pick(props.row.outcome, 'timeout')}>
            {(outcome) => (
              <p class="welcome-server-title">
                No answer from {host()} within {outcome().seconds} s.
              </p>
            )}
          </Match>
          <Match when={pick(props.row.outcome, 'needs_key')}>
            {(outcome) => (
              <p class="welcome-server-title">
                A server at {host()} wants an API key (HTTP {outcome().httpStatus}): add it with its key under
                Providers.
              </p>
            )}
          </Match>
          <Match when={pick(props.row.outcome, 'not_recognised')}>
            {(outcome) => (
              <p class="welcome-server-title">
                Something answers at {host()}, but not as an OpenAI-compatible server ({outcome().detail}).
              </p>
            )}
          </Match>
        </Switch>
      </div>
    </li>
  );
}

function FoundServer(props: {
  found: Found;
  host: string;
  isConnecting: boolean;
  onUse: (model: string) => void;
}) {
  const [model, setModel] = createSignal(preferredModel(props.found.models));
  const name = () => props.found.server ?? 'An OpenAI-compatible server';
  const selectId = () => `welcome-model-${props.host.replace(/\W/g, '-')}`;
  return (
    <>
      <p class="welcome-server-title">
        <strong>{name()}</strong> at {props.host}
        <Show when={props.found.version}>
          {(version) => <span class="welcome-server-meta"> · {version()}</span>}
        </Show>
        <Show when={props.found.models.find((entry) => entry.id === model())?.windowTokens}>
          {(tokens) => (
            <span class="welcome-server-meta"> · window {tokens().toLocaleString('en-US')} tokens</span>
          )}
        </Show>
      </p>
      <Show
        when={props.found.models.length > 0}
        fallback={
          <p class="welcome-server-note">It lists no models yet: load or pull one, then search again.</p>
        }
      >
        <div class="welcome-server-use">
          <Show
            when={props.found.models.length > 1}
            fallback={<code class="welcome-model-name">{model()}</code>}
          >
            <label class="visually-hidden" for={selectId()}>
              Model at {props.host}
            </label>
            <select
              id={selectId()}
              class="welcome-select"
              value={model() ?? ''}
              onChange={(event) => setModel(event.currentTarget.value)}
            >
              <For each={props.found.models}>
                {(entry) => (
                  <option value={entry.id}>
                    {entry.id}
                    {entry.isLoaded ? ' (loaded)' : ''}
                  </option>
                )}
              </For>
            </select>
          </Show>
          <button
            type="button"
            class="button primary"
            disabled={props.isConnecting}
            onClick={() => {
              const chosen = model();
              if (chosen) props.onUse(chosen);
            }}
          >
            <Show when={props.isConnecting} fallback={<Icon name="check" size={14} />}>
              <Spinner />
            </Show>
            Use {props.found.server ?? 'this server'}
          </button>
        </div>
      </Show>
    </>
  );
}

function CorsRefused(props: { address: LocalServerAddress; appOrigin: string }) {
  const advice = () => corsAdvice(props.address.usualServer, props.appOrigin);
  return (
    <>
      <p class="welcome-server-title">
        Something answers at {hostOf(props.address)}, but the browser keeps its replies from this page (CORS).
      </p>
      <p class="welcome-server-note">{advice().text}</p>
      <Show when={advice().command}>{(command) => <code class="welcome-command">{command()}</code>}</Show>
      <p class="welcome-server-note">{advice().more ? `${advice().more} ` : ''}Then search again.</p>
    </>
  );
}
