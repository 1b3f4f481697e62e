import { createSignal, type JSX, Show } from 'solid-js';
import { WEB_SERVICES, type WebService } from '@/shared/protocol/web/web-services.ts';
import { keyOwner } from '../../state/settings/search-form.ts';
import { Icon } from '../shared/icons.tsx';

/** Where a service's requests go, in words when it has no fixed origin. */
function originsText(service: WebService): string {
  if (service.origins.length > 0) return service.origins.join(' · ');
  if (service.id === 'direct') return 'Any site the agent opens';
  return 'The address you give below';
}

/** The key field of a service that takes one; a shared key is edited on its first service only. */
function KeyField(props: {
  service: WebService;
  keyName: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [isShown, setShown] = createSignal(false);
  const id = () => `settings-key-${props.keyName}`;
  const owner = () => keyOwner(props.keyName);
  return (
    <Show
      when={owner() === props.service.id}
      fallback={
        <p class="web-service-note">
          Uses the key given under {WEB_SERVICES.find((service) => service.id === owner())?.name}.
        </p>
      }
    >
      <div class="field web-service-key">
        <label for={id()}>{props.service.name} key</label>
        <div class="key-input">
          <input
            id={id()}
            type={isShown() ? 'text' : 'password'}
            autocomplete="new-password"
            spellcheck={false}
            aria-describedby={`${id()}-hint`}
            value={props.value}
            onInput={(event) => props.onChange(event.currentTarget.value)}
          />
          <button
            type="button"
            class="button"
            aria-label={`${isShown() ? 'Hide' : 'Show'} the ${props.service.name} key`}
            onClick={() => setShown((shown) => !shown)}
          >
            {isShown() ? 'Hide' : 'Show'}
          </button>
        </div>
        <p class="field-hint" id={`${id()}-hint`}>
          {props.service.needsKey
            ? `Needed: without a key ${props.service.name} is not used.`
            : 'Optional: a key raises the limit.'}
          {props.keyName === 'jina' ? ' Jina Reader uses the same key.' : ''} Sent only to{' '}
          {props.service.origins.join(' and ') || 'this service'}
          {props.service.needsProxy ? ', through your CORS proxy' : ''}.
        </p>
      </div>
    </Show>
  );
}

/**
 * One third-party service in Settings → Search: a switch (on unless switched off), its
 * name, purpose, limit and where requests go; its key field when it takes one; and for
 * search providers, buttons that move it up and down the order.
 */
export function ServiceRow(props: {
  service: WebService;
  isEnabled: boolean;
  onToggle: (isEnabled: boolean) => void;
  keyValue: string;
  onKey: (value: string) => void;
  /** Where the proxy is missing for a service that needs it. */
  isProxyMissing: boolean;
  /** 1-based place in the search order, for search providers. */
  position?: number;
  count?: number;
  onMove?: (offset: number, button: HTMLButtonElement) => void;
  children?: JSX.Element;
}) {
  const id = () => `web-service-${props.service.id}`;
  const notes = () =>
    [
      props.service.purpose,
      props.service.limit ? `Limit: ${props.service.limit}` : '',
      props.service.needsProxy && props.isProxyMissing ? 'Needs your CORS proxy, which is not set' : '',
    ].filter(Boolean);

  return (
    <li
      class="web-service settings-list-item"
      data-service={props.service.id}
      classList={{ 'is-off': !props.isEnabled }}
    >
      <div class="web-service-head">
        <input
          id={id()}
          class="switch"
          type="checkbox"
          role="switch"
          checked={props.isEnabled}
          aria-checked={props.isEnabled}
          aria-describedby={`${id()}-about`}
          onChange={(event) => props.onToggle(event.currentTarget.checked)}
        />
        <label for={id()} class="web-service-name">
          <Show when={props.position}>
            {(position) => <span class="web-service-position">{position()}.</span>}
          </Show>
          {props.service.name}
        </label>
        <Show when={props.onMove}>
          {(move) => (
            <span class="web-service-move">
              <button
                type="button"
                class="icon-button"
                data-move="up"
                aria-label={`Move ${props.service.name} up`}
                disabled={props.position === 1}
                onClick={(event) => move()(-1, event.currentTarget)}
              >
                <Icon name="chevron-down" class="is-flipped" size={14} />
              </button>
              <button
                type="button"
                class="icon-button"
                data-move="down"
                aria-label={`Move ${props.service.name} down`}
                disabled={props.position === props.count}
                onClick={(event) => move()(1, event.currentTarget)}
              >
                <Icon name="chevron-down" size={14} />
              </button>
            </span>
          )}
        </Show>
      </div>
      <p class="web-service-about" id={`${id()}-about`}>
        {notes().join('. ')}.
      </p>
      <p class="web-service-origins">{originsText(props.service)}</p>
      <Show when={props.service.keyName}>
        {(keyName) => (
          <KeyField
            service={props.service}
            keyName={keyName()}
            value={props.keyValue}
            onChange={props.onKey}
          />
        )}
      </Show>
      {props.children}
    </li>
  );
}
