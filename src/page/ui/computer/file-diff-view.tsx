import { createMemo, createResource, createSignal, For, Match, Show, Switch } from 'solid-js';
import type { ChangedVersions, StepChange } from '@/shared/protocol/workspace-change-rows.ts';
import {
  compareVersions,
  type DiffLine,
  type FileDiff,
  isDiffable,
  type VersionsComparison,
} from '../../state/computer/file-changes.ts';
import type { FileContent } from '../../state/computer/file-content.ts';
import { languageForPath } from '../../state/workspace/file-preview.ts';
import { formatBytes } from '../shared/format.ts';
import { splitHighlightedLines } from '../shared/highlighted-lines.ts';
import { highlightLoaded, loadHighlightLanguage } from '../shared/highlighter.ts';
import { objectUrlOf } from '../workspace/file-previews.tsx';

type TextDiff = Extract<FileDiff, { kind: 'text' }>;

/** Each version's lines as highlighted HTML (escaped text and highlight.js spans only). */
type HighlightedSides = { before: string[]; after: string[] };

type Shown =
  | { kind: 'too-large'; beforeBytes: number | null; afterBytes: number | null }
  | {
      kind: 'compared';
      versions: ChangedVersions;
      comparison: VersionsComparison;
      highlighted: HighlightedSides | null;
    };

/** A file entry's size (null: absent, or a folder). */
function sizeOf(entry: StepChange['before']): number | null {
  return entry?.kind === 'file' ? entry.size : null;
}

/** Both versions highlighted whole (a comment over lines stays one), or null for a language it does not know. */
async function highlightSides(path: string, diff: FileDiff): Promise<HighlightedSides | null> {
  const language = languageForPath(path);
  if (diff.kind !== 'text' || language === null || !(await loadHighlightLanguage(language))) return null;
  const before = highlightLoaded(diff.before, language);
  const after = highlightLoaded(diff.after, language);
  if (before === null || after === null) return null;
  return { before: splitHighlightedLines(before), after: splitHighlightedLines(after) };
}

/**
 * One changed file's diff, opening in place under its row: text as a unified diff
 * highlighted for its language; images (by their bytes: PNG, JPEG, GIF, WebP, SVG) before
 * and after side by side, from blob URLs revoked when it closes (an SVG only ever as an
 * `<img>`, so nothing in it runs); anything else its type and sizes.
 */
export function FileDiffView(props: {
  change: StepChange;
  loadVersions: () => Promise<ChangedVersions | null>;
  /** Whether the diff says its lines added and removed (not when its row says them already). */
  isCountShown: boolean;
}) {
  /** The two versions by hash: read again when they change (the Changes view, as steps settle). */
  const versionsKey = () =>
    [props.change.before, props.change.after]
      .map((entry) => (entry?.kind === 'file' ? entry.hash : (entry?.kind ?? 'absent')))
      .join('>');
  const [shown] = createResource(versionsKey, async (): Promise<Shown | null> => {
    const sizes = { beforeBytes: sizeOf(props.change.before), afterBytes: sizeOf(props.change.after) };
    // Sizes alone for files too large to compare: their bytes are not even fetched.
    if (!isDiffable({ before: sizes.beforeBytes, after: sizes.afterBytes }))
      return { kind: 'too-large', ...sizes };
    const versions = await props.loadVersions();
    if (!versions) return null;
    const comparison = compareVersions(versions);
    return {
      kind: 'compared',
      versions,
      comparison,
      highlighted: await highlightSides(props.change.path, comparison.diff),
    };
  });
  return (
    <Switch>
      <Match when={shown.error}>
        <p class="file-diff-summary">This file’s versions could not be read: {String(shown.error)}</p>
      </Match>
      {/* Keyed: a new reading (the versions changed) renders anew. */}
      <Match when={shown()?.kind === 'too-large' && shown()} keyed>
        {(value) => {
          const sizes = value as Extract<Shown, { kind: 'too-large' }>;
          return (
            <p class="file-diff-summary">
              Too large to compare here: {sizeText(sizes.beforeBytes)} before, {sizeText(sizes.afterBytes)}{' '}
              after.
            </p>
          );
        }}
      </Match>
      <Match when={shown()?.kind === 'compared' && shown()} keyed>
        {(value) => {
          const compared = value as Extract<Shown, { kind: 'compared' }>;
          const { comparison, versions } = compared;
          return (
            <>
              <Show when={comparison.isImage}>
                <ImagePair path={props.change.path} versions={versions} comparison={comparison} />
              </Show>
              <Show
                when={comparison.diff.kind === 'text'}
                fallback={
                  <Show when={!comparison.isImage}>
                    <SidesSummary comparison={comparison} versions={versions} />
                  </Show>
                }
              >
                <TextDiffView
                  path={props.change.path}
                  diff={comparison.diff as TextDiff}
                  highlighted={compared.highlighted}
                  isCountShown={props.isCountShown}
                />
              </Show>
            </>
          );
        }}
      </Match>
    </Switch>
  );
}

function sizeText(bytes: number | null): string {
  return bytes === null ? 'absent' : formatBytes(bytes);
}

function TextDiffView(props: {
  path: string;
  diff: TextDiff;
  highlighted: HighlightedSides | null;
  isCountShown: boolean;
}) {
  return (
    <section class="file-diff" aria-label={`Diff of ${props.path}`}>
      <Show when={props.isCountShown}>
        <p class="file-diff-counts">
          <span class="is-added">+{props.diff.added}</span>{' '}
          <span class="is-removed">−{props.diff.removed}</span>
        </p>
      </Show>
      <For each={props.diff.hunks}>
        {(hunk) => (
          <pre class="file-diff-hunk">
            <span class="file-diff-header">{hunk.header}</span>
            <For each={hunk.lines}>
              {(line) => <DiffLineView line={line} highlighted={props.highlighted} />}
            </For>
          </pre>
        )}
      </For>
    </section>
  );
}

const MARKERS: Record<DiffLine['type'], string> = { added: '+', removed: '-', context: ' ' };

/** One line: its marker, its number (drawn by the CSS, so it is not part of the line's text), its text. */
function DiffLineView(props: { line: DiffLine; highlighted: HighlightedSides | null }) {
  const html = () => {
    const { line, highlighted } = props;
    if (!highlighted) return null;
    return line.newLine !== null
      ? highlighted.after[line.newLine - 1]
      : highlighted.before[(line.oldLine ?? 0) - 1];
  };
  return (
    <span
      class={`file-diff-line is-${props.line.type}`}
      data-line={props.line.newLine ?? props.line.oldLine ?? ''}
    >
      <span class="file-diff-marker">{MARKERS[props.line.type]}</span>
      {/* highlight.js escaped the text and added only its spans (see splitHighlightedLines). */}
      <Show when={html()} fallback={<span class="file-diff-text">{props.line.text}</span>}>
        {(highlighted) => <span class="file-diff-text" innerHTML={highlighted()} />}
      </Show>
    </span>
  );
}

/** What one version is, in words: "PNG image · 1.2 KB", or "absent". */
function sideText(content: FileContent | null, bytes: Uint8Array | null): string {
  return content && bytes ? `${content.typeName} · ${formatBytes(bytes.byteLength)}` : 'absent';
}

function SidesSummary(props: { comparison: VersionsComparison; versions: ChangedVersions }) {
  return (
    <div class="file-diff-summary">
      <p>{props.comparison.diff.kind === 'too-different' ? 'Too different to compare here.' : 'Not text.'}</p>
      <dl class="file-diff-sides">
        <div>
          <dt>Before</dt>
          <dd>{sideText(props.comparison.before, props.versions.before)}</dd>
        </div>
        <div>
          <dt>After</dt>
          <dd>{sideText(props.comparison.after, props.versions.after)}</dd>
        </div>
      </dl>
    </div>
  );
}

function ImagePair(props: { path: string; versions: ChangedVersions; comparison: VersionsComparison }) {
  return (
    <section class="file-diff-images" aria-label={`Images of ${props.path}`}>
      <ImageSide
        label="Before"
        path={props.path}
        bytes={props.versions.before}
        content={props.comparison.before}
      />
      <ImageSide
        label="After"
        path={props.path}
        bytes={props.versions.after}
        content={props.comparison.after}
      />
    </section>
  );
}

/** One version as a picture (or, when it is absent or not an image, what it is), with its type, size and pixels. */
function ImageSide(props: {
  label: string;
  path: string;
  bytes: Uint8Array | null;
  content: FileContent | null;
}) {
  const [pixels, setPixels] = createSignal<string | null>(null);
  const image = createMemo(() => {
    const { bytes, content } = props;
    return bytes && content?.kind === 'image' ? { url: objectUrlOf(bytes, content.mime) } : null;
  });
  return (
    <figure class="file-diff-image" data-side={props.label.toLowerCase()}>
      <div class="file-diff-image-frame">
        <Show
          when={image()}
          fallback={<span class="file-diff-image-none">{props.bytes ? 'Not an image' : 'No file'}</span>}
        >
          {(shown) => (
            <img
              src={shown().url}
              alt={`${props.path}, ${props.label.toLowerCase()}`}
              onLoad={(event) =>
                setPixels(`${event.currentTarget.naturalWidth} × ${event.currentTarget.naturalHeight} px`)
              }
            />
          )}
        </Show>
      </div>
      <figcaption>
        <strong>{props.label}</strong> {sideText(props.content, props.bytes)}
        <Show when={pixels()}>{(size) => ` · ${size()}`}</Show>
      </figcaption>
    </figure>
  );
}
