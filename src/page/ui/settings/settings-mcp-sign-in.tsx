import { Match, Show, Switch } from 'solid-js';
import type { McpServerDraft } from '../../state/settings/mcp-form.ts';

/** Where a server's OAuth sign-in is: not started, waiting for the sign-in window, or why it failed. */
export type McpSignInState =
  | { status: 'idle' }
  | { status: 'signing-in' }
  | { status: 'failed'; message: string };

/**
 * A server's OAuth sign-in in Settings → MCP: "Signed in" with "Sign in again" and
 * "Sign out" once signed in; "Sign in" when the server's test said it asks for OAuth.
 * Tokens are never shown.
 */
export function McpSignIn(props: {
  server: McpServerDraft;
  label: string;
  offersOAuth: boolean;
  state: McpSignInState;
  onSignIn: () => void;
  onSignOut: () => void;
  /** Gives up the sign-in that waits for its window (closed, or not going to finish). */
  onCancel: () => void;
}) {
  const isBusy = () => props.state.status === 'signing-in';
  return (
    <Show when={props.server.oauth || props.offersOAuth || props.state.status !== 'idle'}>
      <div class="mcp-oauth">
        <p class="mcp-oauth-status" aria-live="polite">
          <Switch fallback="OAuth: not signed in.">
            <Match when={isBusy()}>
              Waiting for the sign-in window… Closed it? Sign in again, or cancel.
            </Match>
            <Match when={props.server.oauth}>Signed in (OAuth).</Match>
          </Switch>
        </p>
        <button
          type="button"
          class="button"
          aria-label={`${props.server.oauth ? 'Sign in again to' : 'Sign in to'} ${props.label}`}
          onClick={() => props.onSignIn()}
        >
          {props.server.oauth ? 'Sign in again' : 'Sign in'}
        </button>
        <Show when={isBusy()}>
          <button
            type="button"
            class="button"
            aria-label={`Cancel signing in to ${props.label}`}
            onClick={() => props.onCancel()}
          >
            Cancel
          </button>
        </Show>
        <Show when={props.server.oauth && !isBusy()}>
          <button
            type="button"
            class="button"
            aria-label={`Sign out of ${props.label}`}
            onClick={() => props.onSignOut()}
          >
            Sign out
          </button>
        </Show>
        <Show when={props.state.status === 'failed' && props.state}>
          {(failed) => (
            <p class="form-error mcp-oauth-error" role="alert">
              {failed().message}
            </p>
          )}
        </Show>
      </div>
    </Show>
  );
}
