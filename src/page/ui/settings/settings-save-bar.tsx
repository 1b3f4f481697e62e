import { Match, Show, Switch } from 'solid-js';
import { issuesSummary } from '../../state/settings/settings-validation.ts';
import { Icon } from '../shared/icons.tsx';

/**
 * The foot of Settings, always in view whatever the section and however far it is
 * scrolled: whether anything is unsaved (or why the last Save was refused, with a way to
 * the first field to fix), Close or Discard changes, and Save (the form's submit button).
 */
export function SaveBar(props: {
  hasChanges: boolean;
  issueCount: number;
  /** A refusal that belongs to no field (the storage failed, say). */
  formError: string | null;
  isSaving: boolean;
  onShowIssue: () => void;
  onClose: () => void;
}) {
  return (
    <footer class="settings-save-bar">
      <p class="save-state" aria-live="polite">
        <Switch fallback={<span class="save-state-text">No unsaved changes</span>}>
          <Match when={props.formError}>
            {(message) => (
              <span class="save-state-text is-error" role="alert">
                <Icon name="alert" size={14} />
                {message()}
              </span>
            )}
          </Match>
          <Match when={props.issueCount > 0}>
            <span class="save-state-text is-error">
              <Icon name="alert" size={14} />
              <span class="save-state-prefix">Not saved: </span>
              {issuesSummary(props.issueCount)}.
            </span>
            <button type="button" class="link-button" onClick={() => props.onShowIssue()}>
              {props.issueCount === 1 ? 'Show it' : 'Show the first'}
            </button>
          </Match>
          <Match when={props.hasChanges}>
            <span class="save-state-text is-unsaved">
              <span class="save-state-dot" aria-hidden="true" />
              Unsaved changes
            </span>
          </Match>
        </Switch>
      </p>
      <div class="save-actions">
        <button type="button" class="button" onClick={() => props.onClose()}>
          <Show when={props.hasChanges} fallback="Close">
            Discard changes
          </Show>
        </button>
        <button type="submit" class="button primary" disabled={props.isSaving}>
          Save
        </button>
      </div>
    </footer>
  );
}
