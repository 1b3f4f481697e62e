import { createSignal, For, type JSX } from 'solid-js';
import { type WebServiceId, webServiceById } from '@/shared/protocol/web/web-services.ts';
import { PROXY_URL_PLACEHOLDER } from '@/shared/protocol/web/web-settings.ts';
import {
  moveProvider,
  PAGE_READERS,
  type SearchForm,
  type SearchFormField,
  withServiceEnabled,
} from '../../state/settings/search-form.ts';
import { FieldError, useFieldErrors } from './field-errors.tsx';
import { AllowedSitesField } from './settings-allowed-sites.tsx';
import { ServiceRow } from './settings-search-service.tsx';
import './settings-list.css';
import './settings-search.css';

/**
 * Settings → Search: a privacy note, a contact e-mail, the search providers in the
 * person's order (each with a switch, its key, and move up/down), then the ways pages are
 * read (the sites themselves, Jina Reader, a CORS proxy), with the SearXNG and proxy
 * addresses beside their services, and the sites the web tools may read when limited.
 */
export function SearchSection(props: { form: SearchForm; onChange: (form: SearchForm) => void }) {
  const errors = useFieldErrors();
  const [announcement, setAnnouncement] = createSignal('');
  let providerList: HTMLOListElement | undefined;

  const isEnabled = (id: WebServiceId) => !props.form.disabledServices.includes(id);
  const isProxyMissing = () => props.form.corsProxyTemplate.trim() === '';
  const describedBy = (field: SearchFormField) =>
    errors.describedBy(`settings-${field}`, `settings-${field}-hint`);
  const keyValue = (keyName: string | undefined) => (keyName ? (props.form.toolKeys[keyName] ?? '') : '');
  const setKey = (keyName: string | undefined, value: string) => {
    if (keyName) props.onChange({ ...props.form, toolKeys: { ...props.form.toolKeys, [keyName]: value } });
  };

  function move(id: WebServiceId, offset: number, button: HTMLButtonElement): void {
    const order = moveProvider(props.form.providerOrder, id, offset);
    props.onChange({ ...props.form, providerOrder: order });
    const name = webServiceById(id).name;
    setAnnouncement(`${name} moved to ${order.indexOf(id) + 1} of ${order.length}.`);
    // The row moved in the list: keep focus on its button, or the other one at an end.
    const direction = button.dataset.move;
    requestAnimationFrame(() => {
      const row = providerList?.querySelector(`[data-service="${id}"]`);
      const same = row?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]`);
      const other = row?.querySelector<HTMLButtonElement>(`[data-move]:not([data-move="${direction}"])`);
      (same && !same.disabled ? same : other)?.focus();
    });
  }

  function addressField(
    field: 'searxngUrl' | 'corsProxyTemplate',
    label: string,
    placeholder: string,
    hint: JSX.Element,
  ) {
    return (
      <div class="field web-service-address">
        <label for={`settings-${field}`}>{label}</label>
        <input
          id={`settings-${field}`}
          type="url"
          inputMode="url"
          autocomplete="off"
          spellcheck={false}
          placeholder={placeholder}
          aria-describedby={describedBy(field)}
          aria-invalid={errors.invalid(`settings-${field}`)}
          value={props.form[field]}
          onInput={(event) => props.onChange({ ...props.form, [field]: event.currentTarget.value })}
        />
        <FieldError fieldId={`settings-${field}`} />
        <p class="field-hint" id={`settings-${field}-hint`}>
          {hint}
        </p>
      </div>
    );
  }

  return (
    <fieldset class="settings-group search-settings">
      <legend>Search</legend>
      <p class="section-hint search-privacy" id="search-privacy">
        Searches, and the pages and images the agent opens, go from this browser straight to the services
        below and to the sites themselves; keys are sent only to their own service. Switch off any service you
        do not want contacted. With every relay off (Jina Reader, Tavily and your CORS proxy), pages that
        refuse direct requests from a browser cannot be read.
      </p>
      <div class="field">
        <label for="settings-contactEmail">Contact e-mail (optional)</label>
        <input
          id="settings-contactEmail"
          type="email"
          autocomplete="email"
          spellcheck={false}
          placeholder="you@example.org"
          aria-describedby={describedBy('contactEmail')}
          aria-invalid={errors.invalid('settings-contactEmail')}
          value={props.form.contactEmail}
          onInput={(event) => props.onChange({ ...props.form, contactEmail: event.currentTarget.value })}
        />
        <FieldError fieldId="settings-contactEmail" />
        <p class="field-hint" id="settings-contactEmail-hint">
          Sent to Crossref (its polite pool) and to Wikimedia with each request, so they can reach you rather
          than block heavy use.
        </p>
      </div>
      <h3 class="search-subheading" id="search-providers-heading">
        Search providers
      </h3>
      <p class="field-hint search-order-hint">
        Tried in this order for each kind of search they serve. Move one up to prefer it.
      </p>
      <ol ref={providerList} class="web-services settings-list" aria-labelledby="search-providers-heading">
        <For each={props.form.providerOrder}>
          {(id, index) => {
            const service = webServiceById(id);
            return (
              <ServiceRow
                service={service}
                isEnabled={isEnabled(id)}
                onToggle={(on) => props.onChange(withServiceEnabled(props.form, id, on))}
                keyValue={keyValue(service.keyName)}
                onKey={(value) => setKey(service.keyName, value)}
                isProxyMissing={isProxyMissing()}
                position={index() + 1}
                count={props.form.providerOrder.length}
                onMove={(offset, button) => move(id, offset, button)}
              >
                {id === 'searxng'
                  ? addressField(
                      'searxngUrl',
                      'SearXNG instance',
                      'https://searx.example.org',
                      'An instance with the JSON format switched on. Empty: SearXNG is not used.',
                    )
                  : null}
              </ServiceRow>
            );
          }}
        </For>
      </ol>
      <p class="visually-hidden" aria-live="polite">
        {announcement()}
      </p>
      <h3 class="search-subheading" id="search-readers-heading">
        Reading pages
      </h3>
      <ul class="web-services settings-list" aria-labelledby="search-readers-heading">
        <For each={PAGE_READERS}>
          {(service) => (
            <ServiceRow
              service={service}
              isEnabled={isEnabled(service.id)}
              onToggle={(on) => props.onChange(withServiceEnabled(props.form, service.id, on))}
              keyValue={keyValue(service.keyName)}
              onKey={(value) => setKey(service.keyName, value)}
              isProxyMissing={isProxyMissing()}
            >
              {service.id === 'cors_proxy'
                ? addressField(
                    'corsProxyTemplate',
                    'CORS proxy address',
                    `https://proxy.example/?url=${PROXY_URL_PLACEHOLDER}`,
                    <>
                      A proxy you run; <code>{PROXY_URL_PLACEHOLDER}</code> is replaced by the encoded
                      address. Brave and Jina Search go through it, and so do pages that refuse direct
                      requests.
                    </>,
                  )
                : null}
            </ServiceRow>
          )}
        </For>
      </ul>
      <AllowedSitesField form={props.form} onChange={props.onChange} />
    </fieldset>
  );
}
