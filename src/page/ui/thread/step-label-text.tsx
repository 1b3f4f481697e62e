import { Show } from 'solid-js';
import type { LabelTarget, StepLabel } from '../../state/thread/step-label.ts';

type PathTarget = Extract<LabelTarget, { kind: 'path' }>;
type TextTarget = Exclude<LabelTarget, PathTarget>;

/**
 * A path: the folder part, which shrinks with an ellipsis when the row is narrow, then the
 * file name with its slash, which does not (`notes-app/s…/index.html`). The folder's
 * length sets how far it may shrink (room for the ellipsis, never more than a short
 * folder's own width: `cp/a.txt` must not read `cp /a.txt`).
 */
function PathText(props: { target: PathTarget }) {
  const folder = () => props.target.directory.replace(/\/$/, '');
  return (
    <span class="step-target is-path">
      <Show when={folder() !== ''}>
        <span class="step-path-folder" style={{ '--folder-characters': String(folder().length) }}>
          {folder()}
        </span>
      </Show>
      <span class="step-path-name">{`${folder() === '' ? '' : '/'}${props.target.name}`}</span>
    </span>
  );
}

/** A command in code type, a query in quotes, an address or a name as it is. */
function TargetText(props: { target: TextTarget }) {
  return (
    <Show
      when={props.target.kind === 'code'}
      fallback={
        <span class={`step-target is-${props.target.kind}`}>
          {props.target.kind === 'quote' ? `“${props.target.text}”` : props.target.text}
        </span>
      }
    >
      <code class="step-target is-code">{props.target.text}</code>
    </Show>
  );
}

/**
 * A step's label on one line ("Wrote notes-app/index.html"): the words, then what the step
 * acted on, which gives way first when the line is short (a path from its folder part).
 */
export function StepLabelText(props: { label: StepLabel }) {
  return (
    <span class="step-label">
      <Show when={props.label.before}>
        <span class="step-words">{props.label.before}</span>
      </Show>
      {/* Spaces between the parts for what reads the text (copying, a screen reader); the flex line ignores them. */}
      <Show when={props.label.target} keyed>
        {(target) => (
          <>
            {props.label.before ? ' ' : ''}
            {target.kind === 'path' ? <PathText target={target} /> : <TargetText target={target} />}
          </>
        )}
      </Show>
      <Show when={props.label.after}>
        {' '}
        <span class="step-words is-after">{props.label.after}</span>
      </Show>
    </span>
  );
}
