import { For, Match, Show, Switch } from 'solid-js';
import { COMPACT_BELOW_TOKENS, datedFindings, type ServerCapabilities } from '@/shared/protocol/providers.ts';
import type { ConnectionResult } from '../../state/settings/provider-connection.ts';
import { Icon } from '../shared/icons.tsx';

/*
 * What Settings knows about a provider's server: what Test connection found, and what
 * runs (and tests) learned, with its dates and Forget.
 */

/**
 * Where a provider's "Test connection" stands; once done, with what the server said it is
 * (null: it did not say, or the connection failed).
 */
export type ConnectionCheck =
  | { state: 'testing' }
  | { state: 'done'; result: ConnectionResult; server: ServerCapabilities | null };

/** How calls and forcing work, in words. */
function callsInWords(learned: ServerCapabilities): string {
  const forcing =
    learned.forcing === 'by_name'
      ? 'by name'
      : learned.forcing === 'by_grammar'
        ? 'by grammar'
        : 'not possible';
  return `tool calls ${learned.toolCalls}, forcing ${forcing}`;
}

/** The window the server runs with, and what it means for the tool descriptions. */
function windowInWords(windowTokens: number | null): string {
  if (windowTokens === null) return 'window not reported';
  const compact =
    windowTokens < COMPACT_BELOW_TOKENS ? ' (new conversations get the compact tool descriptions)' : '';
  return `window ${windowTokens.toLocaleString('en-US')} tokens${compact}`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * What runs (and Test connection) learned about the server: which server it is, how calls
 * and forcing work, the window, vision, each finding with its date, and Forget.
 */
export function LearnedCapabilities(props: { learned: ServerCapabilities | null; onForget: () => void }) {
  return (
    <div class="learned-capabilities" aria-live="polite">
      <Show
        when={props.learned}
        fallback={
          <p class="field-hint">
            Nothing learned from this server yet: Test connection or the first run asks it.
          </p>
        }
      >
        {(learned) => (
          <details>
            <summary>
              Learned{learned().server ? ` (${learned().server})` : ''}: {callsInWords(learned())},{' '}
              {windowInWords(learned().windowTokens)}, vision{' '}
              {learned().vision === null ? 'unknown' : learned().vision ? 'yes' : 'no'}
            </summary>
            <ul class="learned-findings">
              <For each={datedFindings(learned())}>
                {(finding) => (
                  <li>
                    <time datetime={new Date(finding.at).toISOString()}>{dateFormat.format(finding.at)}</time>{' '}
                    {finding.text}
                  </li>
                )}
              </For>
            </ul>
            <Show when={learned().recheck && learned().toolCalls === 'constrained'}>
              <p class="field-hint">
                This rests on one conversation’s replies: the next conversation tries native tool calls again.
              </p>
            </Show>
            <button type="button" class="button small learned-forget" onClick={() => props.onForget()}>
              Forget what was learned
            </button>
          </details>
        )}
      </Show>
    </div>
  );
}

/** What Test connection found the server to be, in one sentence. */
function serverInWords(server: ServerCapabilities): string {
  const what = server.server ? `${server.server} server` : 'The server';
  const calls =
    server.toolCalls === 'constrained'
      ? 'tool calls are generated under a grammar (constrained)'
      : 'tool calls are native';
  return `${what}: ${windowInWords(server.windowTokens)}; ${calls}.`;
}

function isCorsRefusal(result: ConnectionResult): boolean {
  return !result.ok && result.reason === 'cors';
}

/** The result of Test connection: success with the model count, or why not, announced politely. */
export function ConnectionStatus(props: {
  check: ConnectionCheck | null;
  presetName: string | null;
  note: string | null;
}) {
  const result = () => (props.check?.state === 'done' ? props.check.result : null);
  return (
    <div
      class="connection-status"
      role="status"
      data-tone={result() ? (result()?.ok ? 'success' : 'error') : undefined}
    >
      <Switch>
        <Match when={props.check?.state === 'testing'}>
          <p>Testing the connection…</p>
        </Match>
        <Match when={result()}>
          {(done) => (
            <>
              <Icon name={done().ok ? 'check' : 'alert'} />
              <div>
                <p>{done().message}</p>
                <Show when={props.check?.state === 'done' && props.check.server}>
                  {(server) => <p class="connection-server">{serverInWords(server())}</p>}
                </Show>
                <Show when={isCorsRefusal(done()) && props.note}>
                  {(note) => (
                    <p class="connection-note">
                      {props.presetName}: {note()}
                    </p>
                  )}
                </Show>
              </div>
            </>
          )}
        </Match>
      </Switch>
    </div>
  );
}
