import { Match, Switch } from 'solid-js';
import { nodeRuntimeStatus } from '../../state/settings/node-runtime-status.ts';
import { type SettingsForm, WORKSPACE_LIMIT_MB } from '../../state/settings/settings-form.ts';
import { FieldError, useFieldErrors } from './field-errors.tsx';

type SandboxField = 'nodeRuntime' | 'allowedUrlPrefixes' | 'workspaceLimitMb';

/** What the Node runtime is doing now, in words, with the reason when it cannot serve. */
function NodeRuntimeStatusLine(props: { isWanted: boolean }) {
  return (
    <p class="runtime-status" id="settings-nodeRuntime-status" aria-live="polite">
      <Switch>
        <Match when={nodeRuntimeStatus().state === 'booting'}>
          <span class="runtime-dot" data-tone="active" aria-hidden="true" />
          Starting the Node runtime…
        </Match>
        <Match when={nodeRuntimeStatus().state === 'ready'}>
          <span class="runtime-dot" data-tone="success" aria-hidden="true" />
          Ready: commands run in Node (WebContainer), with npm and dev servers.
        </Match>
        <Match
          when={(() => {
            const status = nodeRuntimeStatus();
            return status.state === 'unavailable' ? status : null;
          })()}
        >
          {(status) => (
            <>
              <span class="runtime-dot" data-tone="error" aria-hidden="true" />
              Unavailable: {status().reason}
            </>
          )}
        </Match>
        <Match when={props.isWanted}>
          <span class="runtime-dot" aria-hidden="true" />
          Off until you save.
        </Match>
        <Match when={true}>
          <span class="runtime-dot" aria-hidden="true" />
          Off.
        </Match>
      </Switch>
    </p>
  );
}

/**
 * The sandbox part of the settings form: the Node runtime switch with its live status,
 * the network allow-list and the workspace size limit.
 */
export function SandboxFields(props: {
  form: SettingsForm;
  onChange: <Field extends SandboxField>(field: Field, value: SettingsForm[Field]) => void;
}) {
  const errors = useFieldErrors();
  const describedBy = (field: SandboxField, hint: string) => errors.describedBy(`settings-${field}`, hint);

  return (
    <fieldset class="settings-group">
      <legend>Sandbox</legend>
      <div class="field checkbox-field">
        <input
          id="settings-nodeRuntime"
          type="checkbox"
          checked={props.form.nodeRuntime}
          aria-describedby="settings-nodeRuntime-status settings-nodeRuntime-hint"
          onChange={(event) => props.onChange('nodeRuntime', event.currentTarget.checked)}
        />
        <div>
          <label for="settings-nodeRuntime">Node runtime</label>
          <NodeRuntimeStatusLine isWanted={props.form.nodeRuntime} />
          <p class="field-hint" id="settings-nodeRuntime-hint">
            Runs commands in WebContainer (Node, npm, dev servers) when this page can host it: it needs a
            connection and a cross-origin isolated page. Otherwise the virtual sandbox serves — a bash with
            about 80 commands that works offline, without Node.
          </p>
        </div>
      </div>
      <div class="field">
        <label for="settings-allowedUrlPrefixes">Sandbox network allow-list</label>
        <textarea
          id="settings-allowedUrlPrefixes"
          rows={3}
          spellcheck={false}
          placeholder="https://api.github.com/"
          aria-describedby={describedBy('allowedUrlPrefixes', 'settings-allowedUrlPrefixes-hint')}
          aria-invalid={errors.invalid('settings-allowedUrlPrefixes')}
          value={props.form.allowedUrlPrefixes}
          onInput={(event) => props.onChange('allowedUrlPrefixes', event.currentTarget.value)}
        />
        <FieldError fieldId="settings-allowedUrlPrefixes" />
        <p class="field-hint" id="settings-allowedUrlPrefixes-hint">
          URL prefixes commands may fetch (curl, npm), one per line, each starting with http:// or https://.
          Empty means no network from the sandbox.
        </p>
      </div>
      <div class="field">
        <label for="settings-workspaceLimitMb">Workspace size limit (MB)</label>
        <input
          id="settings-workspaceLimitMb"
          type="number"
          inputMode="numeric"
          min={WORKSPACE_LIMIT_MB.min}
          max={WORKSPACE_LIMIT_MB.max}
          step={1}
          aria-describedby={describedBy('workspaceLimitMb', 'settings-workspaceLimitMb-hint')}
          aria-invalid={errors.invalid('settings-workspaceLimitMb')}
          value={props.form.workspaceLimitMb}
          onInput={(event) => props.onChange('workspaceLimitMb', event.currentTarget.value)}
        />
        <FieldError fieldId="settings-workspaceLimitMb" />
        <p class="field-hint" id="settings-workspaceLimitMb-hint">
          The most each conversation's files may take in this browser; a write past it is refused and nothing
          is lost.
        </p>
      </div>
    </fieldset>
  );
}
