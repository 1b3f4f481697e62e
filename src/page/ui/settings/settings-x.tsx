import { createSignal } from 'solid-js';
import { type XForm, type XFormField, xFieldId, xRequestUrl } from '../../state/settings/x-form.ts';
import { FieldError, useFieldErrors } from './field-errors.tsx';
import './settings-x.css';

/**
 * Settings → X: muxd's `x_*` tools reach X API v2 through a proxy the person runs (X
 * refuses requests from web pages). A privacy note, then the proxy's base URL (with where
 * requests go) and the access token, shown or hidden. Both empty: X is off.
 */
export function XSection(props: { form: XForm; onChange: (form: XForm) => void }) {
  const errors = useFieldErrors();
  const [isTokenShown, setTokenShown] = createSignal(false);
  const origin = () => (typeof location === 'undefined' ? 'this page’s origin' : location.origin);
  const describedBy = (field: XFormField) => errors.describedBy(xFieldId(field), `${xFieldId(field)}-hint`);
  const invalid = (field: XFormField) => errors.invalid(xFieldId(field));

  return (
    <fieldset class="settings-group x-settings">
      <legend>X (muxd’s x_* tools)</legend>
      <p class="section-hint" id="x-privacy">
        Posts, replies and searches go from this browser to the proxy you name here, which forwards them to X;
        nothing goes to X directly, because X’s API does not accept requests from web pages. The token stays
        in this browser and is sent only to that proxy, as a bearer token; it is never written to
        conversations, logs or exported bundles. Leave both fields empty to keep X off.
      </p>
      <p class="section-hint">
        The proxy must answer requests from <code>{origin()}</code> (CORS, allowing the Authorization and
        Content-Type headers) and pass <code>/2/…</code> paths and the Authorization header on to{' '}
        <code>https://api.x.com</code>.
      </p>
      <div class="field">
        <label for={xFieldId('proxyUrl')}>Proxy URL</label>
        <input
          id={xFieldId('proxyUrl')}
          type="url"
          inputMode="url"
          autocomplete="off"
          spellcheck={false}
          placeholder="https://my-proxy.example/x"
          aria-describedby={describedBy('proxyUrl')}
          aria-invalid={invalid('proxyUrl')}
          value={props.form.proxyUrl}
          onInput={(event) => props.onChange({ ...props.form, proxyUrl: event.currentTarget.value })}
        />
        <FieldError fieldId={xFieldId('proxyUrl')} />
        <p class="field-hint" id={`${xFieldId('proxyUrl')}-hint`}>
          A post goes to <code>{xRequestUrl(props.form.proxyUrl)}</code>; https:// unless the proxy runs on
          this machine.
        </p>
      </div>
      <div class="field">
        <label for={xFieldId('token')}>X access token</label>
        <div class="x-token-input">
          <input
            id={xFieldId('token')}
            type={isTokenShown() ? 'text' : 'password'}
            autocomplete="new-password"
            spellcheck={false}
            aria-describedby={describedBy('token')}
            aria-invalid={invalid('token')}
            value={props.form.token}
            onInput={(event) => props.onChange({ ...props.form, token: event.currentTarget.value })}
          />
          <button
            type="button"
            class="button"
            aria-label={`${isTokenShown() ? 'Hide' : 'Show'} the X access token`}
            aria-pressed={isTokenShown()}
            onClick={() => setTokenShown((shown) => !shown)}
          >
            {isTokenShown() ? 'Hide' : 'Show'}
          </button>
        </div>
        <FieldError fieldId={xFieldId('token')} />
        <p class="field-hint" id={`${xFieldId('token')}-hint`}>
          An OAuth 2.0 user access token posts, replies and reads your mentions; an app-only bearer token can
          only search.
        </p>
      </div>
    </fieldset>
  );
}
