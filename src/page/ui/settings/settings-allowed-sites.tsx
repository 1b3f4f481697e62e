import { For, Show } from 'solid-js';
import { type SearchForm, siteLineProblems } from '../../state/settings/search-form.ts';
import { FieldError, useFieldErrors } from './field-errors.tsx';

/**
 * Settings → Search → Allowed sites: a switch that limits the agent's web tools to the
 * listed sites, the list (one URL prefix a line, each bad line named as it is typed) and
 * what the list does and does not cover.
 */
export function AllowedSitesField(props: { form: SearchForm; onChange: (form: SearchForm) => void }) {
  const errors = useFieldErrors();
  const problems = () => (props.form.isSiteListOn ? siteLineProblems(props.form.allowedSites) : []);
  // The bad lines are named under the box as they are typed: a refused Save says the same, so
  // its message shows only when there is no such list (the schema refused the sites otherwise).
  const describedBy = () =>
    problems().length > 0
      ? 'settings-allowedSites-problems settings-allowedSites-hint'
      : errors.describedBy('settings-allowedSites', 'settings-allowedSites-hint');

  return (
    <div class="allowed-sites">
      <h3 class="search-subheading" id="search-sites-heading">
        Allowed sites
      </h3>
      <div class="field checkbox-field">
        <input
          id="settings-isSiteListOn"
          type="checkbox"
          checked={props.form.isSiteListOn}
          aria-describedby="settings-isSiteListOn-hint"
          onChange={(event) => props.onChange({ ...props.form, isSiteListOn: event.currentTarget.checked })}
        />
        <div>
          <label for="settings-isSiteListOn">Only allow these sites</label>
          <p class="field-hint" id="settings-isSiteListOn-hint">
            A page or a file can tell the agent to send what it reads somewhere: with this on, the web tools
            (browser, page reads, images, Jina Reader, Tavily, your proxy) read no other site. The search
            services above still answer searches.
          </p>
        </div>
      </div>
      <Show when={props.form.isSiteListOn}>
        <div class="field">
          <label for="settings-allowedSites">Sites the agent may read</label>
          <textarea
            id="settings-allowedSites"
            rows={4}
            spellcheck={false}
            placeholder={'https://docs.python.org\nhttps://developer.mozilla.org/en-US/docs'}
            aria-describedby={describedBy()}
            // Saving fails only for a bad line: fixing the lines clears it before the next save.
            aria-invalid={problems().length > 0 ? 'true' : errors.invalid('settings-allowedSites')}
            value={props.form.allowedSites}
            onInput={(event) => props.onChange({ ...props.form, allowedSites: event.currentTarget.value })}
          />
          <Show when={problems().length === 0}>
            <FieldError fieldId="settings-allowedSites" />
          </Show>
          <Show when={problems().length > 0}>
            <ul class="field-problems" id="settings-allowedSites-problems">
              <For each={problems()}>
                {(problem) => (
                  <li>
                    Line {problem.line}: {problem.message}
                  </li>
                )}
              </For>
            </ul>
          </Show>
          <p class="field-hint" id="settings-allowedSites-hint">
            One address a line: a site (https://example.org) or a site and a path (https://example.org/docs).
            Empty: no site may be read. Each redirect is checked too, except those a relay follows on its own
            server. The sandbox's own list is under Sandbox.
          </p>
        </div>
      </Show>
    </div>
  );
}
