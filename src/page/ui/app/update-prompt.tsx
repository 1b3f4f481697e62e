import { Show } from 'solid-js';
import { Icon } from '../shared/icons.tsx';
import { useApp } from './app-context.ts';
import './app-notices.css';

/**
 * "Update available — reload": a banner shown when a new version's service worker waits,
 * so the app never switches under the person. Reload hands over to it and reloads once
 * it controls the page; Later hides the banner until the next load.
 */
export function UpdatePrompt() {
  const { appUpdates } = useApp();
  return (
    <div class="update-prompt-region" role="status">
      <Show when={appUpdates.isUpdateWaiting()}>
        <div class="app-banner update-prompt" data-tone="info">
          <Icon class="app-banner-icon" name="sparkle" />
          <div class="app-banner-body update-prompt-body">
            <p class="app-banner-text">A new version of Sandpiper is ready.</p>
            <button type="button" class="button primary small" onClick={() => appUpdates.acceptUpdate()}>
              Reload to update
            </button>
          </div>
          <button
            type="button"
            class="icon-button"
            aria-label="Update later"
            title="Later"
            onClick={() => appUpdates.dismissUpdate()}
          >
            <Icon name="close" size={14} />
          </button>
        </div>
      </Show>
    </div>
  );
}
