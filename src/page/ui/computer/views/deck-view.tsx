import { lazy } from 'solid-js';
import type { StepViewEntry } from './step-view-entry.ts';

/** A deck step: the deck viewer (reveal.js, its messages, the single-file download) loads when first shown. */
export const VIEW: StepViewEntry = {
  tab: 'Deck',
  component: lazy(() => import('./deck-viewer.tsx').then((module) => ({ default: module.DeckView }))),
  kinds: { slides: 'slides' },
};
