import { createEffect, createSignal, For, on, onCleanup, Show } from 'solid-js';
import type { McpTransport } from '@/shared/protocol/mcp.ts';
import type { McpTestResult } from '../../state/settings/mcp-connection.ts';
import {
  type McpForm,
  type McpServerDraft,
  newMcpServer,
  withMcpServer,
  withoutMcpServer,
} from '../../state/settings/mcp-form.ts';
import { mcpStatusLine, statusOfTest } from '../../state/settings/mcp-status-lines.ts';
import { useApp } from '../app/app-context.ts';
import { McpServerCard, type McpTestState, TRANSPORT_LABELS } from './settings-mcp-server.tsx';
import type { McpSignInState } from './settings-mcp-sign-in.tsx';
import './settings-list.css';
import './settings-mcp.css';

const IDLE: McpTestState = { status: 'idle' };

/**
 * Settings → MCP: what leaves the browser and the CORS it needs, the saved servers (each
 * switched on or off, tested, removed), and a row to add one by URL with a name,
 * transport and bearer token.
 */
export function McpSection(props: { form: McpForm; onChange: (form: McpForm) => void }) {
  const { settings, ui } = useApp();
  const [url, setUrl] = createSignal('');
  const [name, setName] = createSignal('');
  const [transport, setTransport] = createSignal<McpTransport>('streamable-http');
  const [token, setToken] = createSignal('');
  const [addError, setAddError] = createSignal('');
  const [tests, setTests] = createSignal<Record<string, McpTestState>>({});
  const origin = () => (typeof location === 'undefined' ? 'this page’s origin' : location.origin);

  const setTest = (id: string, state: McpTestState) => setTests((current) => ({ ...current, [id]: state }));
  // "3 min ago" moves on while Settings is open.
  const [now, setNow] = createSignal(Date.now());
  createEffect(
    on(ui.isSettingsOpen, (isOpen) => {
      if (!isOpen) return;
      setNow(Date.now());
      const clock = setInterval(() => setNow(Date.now()), 30_000);
      onCleanup(() => clearInterval(clock));
    }),
  );
  const [signIns, setSignIns] = createSignal<Record<string, McpSignInState>>({});
  const setSignIn = (id: string, state: McpSignInState) =>
    setSignIns((current) => ({ ...current, [id]: state }));

  /** Opens the sign-in window at once (a click may open one), then signs in through it and tests again. */
  const pendingSignIns = new Map<string, { controller: AbortController; popup: Window }>();

  /** Gives up a waiting sign-in: its window closes (if this page can still reach it), nothing is kept. */
  function cancelSignIn(id: string): void {
    const pending = pendingSignIns.get(id);
    pendingSignIns.delete(id);
    pending?.controller.abort();
    if (pending && !pending.popup.closed) pending.popup.close();
    setSignIn(id, { status: 'idle' });
  }

  async function signIn(server: McpServerDraft): Promise<void> {
    // Signing in again (the window was closed, say) gives up the sign-in still waiting.
    pendingSignIns.get(server.id)?.controller.abort();
    const controller = new AbortController();
    const popup = window.open('about:blank', `mcp-oauth-${server.id}`, 'popup,width=520,height=680');
    if (!popup) {
      pendingSignIns.delete(server.id);
      setSignIn(server.id, {
        status: 'failed',
        message: 'The browser blocked the sign-in window: allow pop-ups for this app and try again.',
      });
      return;
    }
    pendingSignIns.set(server.id, { controller, popup });
    setSignIn(server.id, { status: 'signing-in' });
    try {
      const { signInToMcpServer } = await import('../../state/settings/mcp-oauth-sign-in.ts');
      const oauth = await signInToMcpServer(server, popup, { signal: controller.signal });
      // Cancelled (or signed in again) while the tokens were being fetched: nothing is kept.
      if (controller.signal.aborted) return;
      const current = props.form.servers.find((entry) => entry.id === server.id) ?? server;
      props.onChange(withMcpServer(props.form, server.id, { oauth }));
      setSignIn(server.id, { status: 'idle' });
      void test({ ...current, oauth });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (!popup.closed) popup.close();
      setSignIn(server.id, {
        status: 'failed',
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      if (pendingSignIns.get(server.id)?.controller === controller) pendingSignIns.delete(server.id);
    }
  }

  /** Servers switched off because their first test failed: a passing test switches them back on. */
  const [offUntilTested, setOffUntilTested] = createSignal<ReadonlySet<string>>(new Set());

  /** Tests a server and says whether it answered. */
  async function test(server: McpServerDraft): Promise<boolean> {
    const { id } = server;
    setTest(id, { status: 'testing' });
    let result: McpTestResult;
    try {
      const { testMcpServer } = await import('../../state/settings/mcp-connection.ts');
      result = await testMcpServer(server);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      result = { ok: false, reason: 'other', message: `The test failed: ${message}` };
    }
    const at = Date.now();
    setTest(id, { status: 'done', result, at });
    setNow(at);
    // Kept as the server's last status; not being able to keep it changes nothing here.
    void settings.recordMcpTest(id, statusOfTest(result, server.url.trim(), at)).catch(() => undefined);
    if (result.ok && offUntilTested().has(id)) {
      setOffUntilTested((current) => new Set([...current].filter((other) => other !== id)));
      props.onChange(withMcpServer(props.form, id, { isEnabled: true }));
    }
    return result.ok;
  }

  function add(): void {
    const text = url().trim();
    if (!/^https?:\/\/\S+$/i.test(text) || !URL.canParse(text)) {
      setAddError('Enter the server’s http:// or https:// address, such as https://example.com/mcp.');
      document.getElementById('mcp-add-url')?.focus();
      return;
    }
    const server = newMcpServer(
      { url: text, name: name(), transport: transport(), bearerToken: token() },
      crypto.randomUUID(),
      props.form.servers,
    );
    props.onChange({ servers: [...props.form.servers, server] });
    setUrl('');
    setName('');
    setToken('');
    setAddError('');
    // A server that does not answer its first test is kept switched off (a conversation would start
    // without its tools); it is switched on once a test passes (after a fix, or a sign-in).
    void test(server).then((isReachable) => {
      if (isReachable || !props.form.servers.some((saved) => saved.id === server.id)) return;
      setOffUntilTested((current) => new Set([...current, server.id]));
      props.onChange(withMcpServer(props.form, server.id, { isEnabled: false }));
    });
  }

  return (
    <fieldset class="settings-group mcp-settings">
      <legend>MCP servers</legend>
      <p class="section-hint" id="mcp-privacy">
        Tools of the MCP servers switched on here join each new conversation’s tools as{' '}
        <code>mcp_&lt;server&gt;_&lt;tool&gt;</code>; a conversation keeps the tools it started with. Calls go
        from this browser straight to the server, which sees the arguments the agent sends. Tokens stay in
        this browser: each is sent only to its own server and never written to the conversation, logs or
        exported bundles.
      </p>
      <p class="section-hint">
        The server must allow requests from <code>{origin()}</code> (CORS) with the Authorization and
        Content-Type headers, and expose <code>Mcp-Session-Id</code>. A server that asks for an OAuth sign-in
        gets a “Sign in” button: its sign-in window comes back to this page, and its tokens are kept like
        bearer tokens.
      </p>
      <Show when={props.form.servers.length > 0} fallback={<p class="mcp-empty">No MCP servers yet.</p>}>
        <ul class="mcp-servers settings-list" aria-label="MCP servers">
          <For each={props.form.servers}>
            {(server) => (
              <McpServerCard
                server={server}
                test={tests()[server.id] ?? IDLE}
                lastStatus={mcpStatusLine(settings.state.mcpStatuses[server.id], server.url, now())}
                isOffUntilTested={offUntilTested().has(server.id) && !server.isEnabled}
                signIn={signIns()[server.id] ?? { status: 'idle' }}
                onSignIn={() => void signIn(server)}
                onCancelSignIn={() => cancelSignIn(server.id)}
                onChange={(patch) => {
                  props.onChange(withMcpServer(props.form, server.id, patch));
                  if (
                    patch.url !== undefined ||
                    patch.transport !== undefined ||
                    patch.bearerToken !== undefined
                  )
                    setTest(server.id, IDLE);
                }}
                onTest={() => void test(server)}
                onRemove={() => props.onChange(withoutMcpServer(props.form, server.id))}
              />
            )}
          </For>
        </ul>
      </Show>
      <fieldset class="mcp-add">
        <legend class="mcp-add-title">Add a server</legend>
        <div class="field">
          <label for="mcp-add-url">Server URL</label>
          <input
            id="mcp-add-url"
            type="url"
            inputMode="url"
            autocomplete="off"
            spellcheck={false}
            placeholder="https://example.com/mcp"
            aria-invalid={addError() ? 'true' : undefined}
            aria-describedby={addError() ? 'mcp-add-error' : undefined}
            value={url()}
            onInput={(event) => setUrl(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </div>
        <div class="field-row">
          <div class="field">
            <label for="mcp-add-name">Name (optional)</label>
            <input
              id="mcp-add-name"
              type="text"
              autocomplete="off"
              spellcheck={false}
              placeholder="from the address"
              value={name()}
              onInput={(event) => setName(event.currentTarget.value)}
            />
          </div>
          <div class="field">
            <label for="mcp-add-transport">Transport</label>
            <select
              id="mcp-add-transport"
              value={transport()}
              onChange={(event) => setTransport(event.currentTarget.value as McpTransport)}
            >
              <For each={Object.entries(TRANSPORT_LABELS)}>
                {([value, text]) => <option value={value}>{text}</option>}
              </For>
            </select>
          </div>
        </div>
        <div class="field">
          <label for="mcp-add-token">Bearer token (optional)</label>
          <input
            id="mcp-add-token"
            type="password"
            autocomplete="new-password"
            spellcheck={false}
            value={token()}
            onInput={(event) => setToken(event.currentTarget.value)}
          />
        </div>
        <Show when={addError()}>
          <p class="form-error" id="mcp-add-error" role="alert">
            {addError()}
          </p>
        </Show>
        <button type="button" class="button" onClick={add}>
          Add server
        </button>
      </fieldset>
    </fieldset>
  );
}
