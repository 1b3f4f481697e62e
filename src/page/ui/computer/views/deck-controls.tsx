import { Show } from 'solid-js';
import {
  canMove,
  type DeckPosition,
  type RevealMethod,
  slideCounterLabel,
} from '@/page/state/computer/deck-messages.ts';
import { Icon } from '../../shared/icons.tsx';

/**
 * The deck viewer's toolbar: previous/next around the slide counter (announced politely),
 * then full screen (when the browser allows it), "Export PDF" (a link: the print view in a
 * new tab) and "Download HTML".
 */
export function DeckControls(props: {
  position: DeckPosition;
  onMove: (method: RevealMethod) => void;
  /** Null when the browser cannot show an element full screen (an iPhone, a frame without the permission). */
  fullscreen: { isOn: boolean; toggle: () => void } | null;
  printUrl: string;
  isDownloading: boolean;
  onDownload: () => void;
}) {
  return (
    <div class="deck-controls" role="toolbar" aria-label="Deck controls">
      <div class="deck-navigation">
        {/* aria-disabled, not disabled: a disabled button would drop the focus, and with it ←/→. */}
        <button
          type="button"
          class="icon-button"
          aria-label="Previous slide"
          title="Previous slide (←)"
          aria-disabled={!canMove(props.position, 'prev')}
          onClick={() => props.onMove('prev')}
        >
          <Icon name="chevron-left" />
        </button>
        <span class="deck-counter" aria-live="polite">
          {slideCounterLabel(props.position) ?? 'Loading…'}
        </span>
        <button
          type="button"
          class="icon-button"
          aria-label="Next slide"
          title="Next slide (→)"
          aria-disabled={!canMove(props.position, 'next')}
          onClick={() => props.onMove('next')}
        >
          <Icon name="chevron-right" />
        </button>
      </div>
      <div class="deck-actions">
        <Show when={props.fullscreen}>
          {(fullscreen) => (
            <button type="button" class="button small" onClick={() => fullscreen().toggle()}>
              {fullscreen().isOn ? 'Exit full screen' : 'Full screen'}
            </button>
          )}
        </Show>
        <a
          class="button small"
          href={props.printUrl}
          target="_blank"
          rel="noopener noreferrer"
          title="Opens the deck's print view in a new tab: choose “Save as PDF” in the print dialog"
        >
          Export PDF
        </a>
        <button
          type="button"
          class="button small"
          disabled={props.isDownloading}
          title="One HTML file with reveal.js inside: it opens offline, anywhere"
          onClick={() => props.onDownload()}
        >
          <Icon name="download" size={14} />
          {props.isDownloading ? 'Preparing…' : 'Download HTML'}
        </button>
      </div>
    </div>
  );
}
