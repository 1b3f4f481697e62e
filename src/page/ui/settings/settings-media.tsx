import { createSignal, For } from 'solid-js';
import { MEDIA_KIND_LABELS, MEDIA_KINDS } from '@/shared/protocol/media/media-settings.ts';
import { copyEndpoint, type MediaForm, withEndpoint } from '../../state/settings/media-form.ts';
import { MediaEndpointCard } from './settings-media-endpoint.tsx';
import './settings-list.css';
import './settings-media.css';

/**
 * Settings → Media: what leaves the browser and the CORS it needs, then an endpoint per
 * kind (image from text, image edit, speech from text), each switched on or off. Image
 * edit can copy the image endpoint in one click.
 */
export function MediaSection(props: { form: MediaForm; onChange: (form: MediaForm) => void }) {
  const [announcement, setAnnouncement] = createSignal('');
  const origin = () => (typeof location === 'undefined' ? 'this page’s origin' : location.origin);

  function copyImageEndpoint(): void {
    props.onChange(copyEndpoint(props.form, 'image', 'image_edit'));
    setAnnouncement(
      `${MEDIA_KIND_LABELS.image_edit} now uses the ${MEDIA_KIND_LABELS.image} endpoint and key.`,
    );
  }

  return (
    <fieldset class="settings-group media-settings">
      <legend>Media</legend>
      <p class="section-hint media-privacy" id="media-privacy">
        The prompts, the images you edit and the text to speak go from this browser straight to the endpoint
        you set for each kind; what comes back is saved in the conversation’s workspace. Keys stay in this
        browser: each is sent only to its own endpoint and never written to the conversation, logs or exported
        bundles.
      </p>
      <p class="section-hint media-cors">
        The endpoint must allow requests from <code>{origin()}</code> (CORS). Only the Authorization and
        Content-Type headers are sent, so a host whose preflight allows just those works; a server on your own
        machine may need its CORS option switched on.
      </p>
      <ul class="media-endpoints settings-list" aria-label="Media endpoints">
        <For each={MEDIA_KINDS}>
          {(kind) => (
            <MediaEndpointCard
              kind={kind}
              draft={props.form[kind]}
              onChange={(patch) => {
                props.onChange(withEndpoint(props.form, kind, patch));
                setAnnouncement('');
              }}
              action={
                kind === 'image_edit' ? (
                  <button
                    type="button"
                    class="button media-copy"
                    disabled={!props.form.image.isEnabled}
                    title={
                      props.form.image.isEnabled
                        ? 'Copies the API style, base URL, model, key and size'
                        : `Switch on ${MEDIA_KIND_LABELS.image} first`
                    }
                    onClick={copyImageEndpoint}
                  >
                    Same as {MEDIA_KIND_LABELS.image}
                  </button>
                ) : undefined
              }
            />
          )}
        </For>
      </ul>
      <p class="visually-hidden" aria-live="polite">
        {announcement()}
      </p>
    </fieldset>
  );
}
