import { For, Show } from 'solid-js';
import { imageDataUrl } from '@/shared/protocol/model-image-limits.ts';
import type { ActionItem } from '../../state/thread/thread-reducer.ts';
import { Icon } from '../shared/icons.tsx';
import './model-images.css';

const FORMATS: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
};

/**
 * What the model was shown with an action's observation: each image exactly as sent
 * (scaled and re-encoded by the worker), its label and size. Nothing for an action that
 * showed none. The images are the worker's own encodings (JPEG, PNG, GIF, WebP; never
 * SVG), shown as `data:` images, which cannot run script.
 */
export function ModelImagesNote(props: { item: ActionItem }) {
  return (
    <Show when={props.item.modelImages.length > 0}>
      <section class="model-images" aria-label="Shown to the model">
        <h4>
          <Icon name="image" /> Shown to the model
        </h4>
        <ul>
          <For each={props.item.modelImages}>
            {(image) => (
              <li>
                <img src={imageDataUrl(image)} alt={image.label} loading="lazy" decoding="async" />
                <span class="model-image-label" title={image.label}>
                  {image.label.split('/').at(-1)}
                </span>
                <span class="model-image-size">
                  {image.width} × {image.height} {FORMATS[image.mime] ?? image.mime}
                </span>
              </li>
            )}
          </For>
        </ul>
      </section>
    </Show>
  );
}
