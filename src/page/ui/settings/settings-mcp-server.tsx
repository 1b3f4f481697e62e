import { createSignal, For, Match, Show, Switch } from 'solid-js';
import type { McpTransport } from '@/shared/protocol/mcp.ts';
import type { McpTestResult } from '../../state/settings/mcp-connection.ts';
import { type McpFormField, type McpServerDraft, mcpFieldId } from '../../state/settings/mcp-form.ts';
import type { McpStatusLine } from '../../state/settings/mcp-status-lines.ts';
import { FieldError, useFieldErrors } from './field-errors.tsx';
import { McpSignIn, type McpSignInState } from './settings-mcp-sign-in.tsx';

/** Where a server's "Test connection" is: not run, running, or what it found. */
export type McpTestState =
  | { status: 'idle' }
  | { status: 'testing' }
  | { status: 'done'; result: McpTestResult; at: number };

export const TRANSPORT_LABELS: Record<McpTransport, string> = {
  'streamable-http': 'Streamable HTTP',
  sse: 'HTTP + SSE (older servers)',
};

/**
 * One saved MCP server in Settings → MCP: a switch (off: new conversations do not get
 * its tools, and conversations that have them are told it is off), its name, URL,
 * transport and bearer token, "Test connection" (its tools as the model will see them, or
 * why it failed) and "Remove".
 */
export function McpServerCard(props: {
  server: McpServerDraft;
  test: McpTestState;
  /** The last status found for this address (a test here, or a conversation's start), or null. */
  lastStatus: McpStatusLine | null;
  signIn: McpSignInState;
  onSignIn: () => void;
  onCancelSignIn: () => void;
  onChange: (patch: Partial<McpServerDraft>) => void;
  onTest: () => void;
  /** Switched off because its first test failed (said under the error). */
  isOffUntilTested?: boolean;
  onRemove: () => void;
}) {
  const [isTokenShown, setTokenShown] = createSignal(false);
  /** The last status says something the test shown below does not: there is none, or it came later. */
  const isLastStatusNews = () =>
    props.test.status === 'idle' ||
    (props.test.status === 'done' && (props.lastStatus?.at ?? 0) > props.test.at);
  const id = (field: Parameters<typeof mcpFieldId>[1]) => mcpFieldId(props.server.id, field);
  const label = () => props.server.name || props.server.url || 'new server';
  const errors = useFieldErrors();
  const invalid = (field: McpFormField) => errors.invalid(id(field));
  const describedBy = (field: McpFormField) => errors.describedBy(id(field));
  const fieldLabel = (field: Parameters<typeof mcpFieldId>[1], text: string) => (
    <label for={id(field)}>
      {text}
      <span class="visually-hidden"> ({label()})</span>
    </label>
  );

  return (
    <li class="mcp-server settings-list-item" classList={{ 'is-off': !props.server.isEnabled }}>
      <div class="mcp-server-head">
        <input
          id={id('isEnabled')}
          class="switch"
          type="checkbox"
          role="switch"
          checked={props.server.isEnabled}
          aria-checked={props.server.isEnabled}
          onChange={(event) => props.onChange({ isEnabled: event.currentTarget.checked })}
        />
        <div class="mcp-server-title">
          <label for={id('isEnabled')} class="mcp-server-name">
            {label()}
            <span class="visually-hidden">: use this server</span>
          </label>
          <Show when={isLastStatusNews() && props.lastStatus}>
            {(line) => (
              <p class="mcp-last-status" data-tone={line().tone}>
                <span class="runtime-dot" data-tone={line().tone} aria-hidden="true" />
                <span>
                  <span class="mcp-last-status-heading">{line().heading}:</span> {line().text}
                </span>
              </p>
            )}
          </Show>
        </div>
        <div class="mcp-server-actions">
          <button
            type="button"
            class="button"
            disabled={props.test.status === 'testing'}
            aria-label={`Test connection to ${label()}`}
            onClick={() => props.onTest()}
          >
            {props.test.status === 'testing' ? 'Testing…' : 'Test connection'}
          </button>
          <button
            type="button"
            class="button danger"
            aria-label={`Remove ${label()}`}
            onClick={() => props.onRemove()}
          >
            Remove
          </button>
        </div>
      </div>
      <div class="mcp-server-fields">
        <div class="field-row">
          <div class="field">
            {fieldLabel('name', 'Name')}
            <input
              id={id('name')}
              type="text"
              autocomplete="off"
              spellcheck={false}
              aria-invalid={invalid('name')}
              aria-describedby={describedBy('name')}
              value={props.server.name}
              onInput={(event) => props.onChange({ name: event.currentTarget.value })}
            />
            <FieldError fieldId={id('name')} />
          </div>
          <div class="field">
            {fieldLabel('transport', 'Transport')}
            <select
              id={id('transport')}
              value={props.server.transport}
              onChange={(event) => props.onChange({ transport: event.currentTarget.value as McpTransport })}
            >
              <For each={Object.entries(TRANSPORT_LABELS)}>
                {([value, text]) => <option value={value}>{text}</option>}
              </For>
            </select>
          </div>
        </div>
        <div class="field">
          {fieldLabel('url', 'URL')}
          <input
            id={id('url')}
            type="url"
            inputMode="url"
            autocomplete="off"
            spellcheck={false}
            aria-invalid={invalid('url')}
            aria-describedby={describedBy('url')}
            value={props.server.url}
            onInput={(event) => props.onChange({ url: event.currentTarget.value })}
          />
          <FieldError fieldId={id('url')} />
        </div>
        <div class="field">
          {fieldLabel('bearerToken', 'Bearer token (optional)')}
          <div class="key-input">
            <input
              id={id('bearerToken')}
              type={isTokenShown() ? 'text' : 'password'}
              autocomplete="new-password"
              spellcheck={false}
              value={props.server.bearerToken}
              onInput={(event) => props.onChange({ bearerToken: event.currentTarget.value })}
            />
            <button
              type="button"
              class="button"
              aria-label={`${isTokenShown() ? 'Hide' : 'Show'} the token of ${label()}`}
              aria-pressed={isTokenShown()}
              onClick={() => setTokenShown((shown) => !shown)}
            >
              {isTokenShown() ? 'Hide' : 'Show'}
            </button>
          </div>
        </div>
      </div>
      <McpSignIn
        server={props.server}
        label={label()}
        offersOAuth={
          props.test.status === 'done' && !props.test.result.ok && props.test.result.reason === 'oauth'
        }
        state={props.signIn}
        onSignIn={() => props.onSignIn()}
        onCancel={() => props.onCancelSignIn()}
        onSignOut={() => props.onChange({ oauth: undefined })}
      />
      <div class="mcp-test" aria-live="polite">
        <Switch>
          <Match when={props.test.status === 'testing'}>
            <p class="mcp-test-status">Connecting…</p>
          </Match>
          <Match when={props.test.status === 'done' && props.test.result}>
            {(result) => <McpTestReport result={result()} />}
          </Match>
        </Switch>
        <Show when={props.isOffUntilTested}>
          <p class="field-hint mcp-off-note">
            Switched off until a test passes: new conversations get no tools from it.
          </p>
        </Show>
      </div>
    </li>
  );
}

/** What a test found: the tools as the model will see them, or the error. */
function McpTestReport(props: { result: McpTestResult }) {
  return (
    <Show
      when={props.result.ok ? props.result : null}
      fallback={
        <p class="form-error mcp-test-error" role="alert">
          {props.result.ok ? '' : props.result.message}
        </p>
      }
    >
      {(found) => (
        <div class="mcp-test-found">
          <p class="mcp-test-status">
            Connected to {found().serverName}: {found().tools.length} tool
            {found().tools.length === 1 ? '' : 's'}.
          </p>
          <ul class="mcp-tools" aria-label="Tools of this server">
            <For each={found().tools}>
              {(tool) => (
                <li>
                  <code>{tool.name}</code>
                  <Show when={tool.description}>
                    <span class="mcp-tool-description">{tool.description}</span>
                  </Show>
                </li>
              )}
            </For>
          </ul>
        </div>
      )}
    </Show>
  );
}
