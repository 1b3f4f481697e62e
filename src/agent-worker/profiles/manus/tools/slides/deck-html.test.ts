import { describe, expect, it } from 'vitest';
import { DECK_SCRIPT } from './deck-html.ts';

/** Runs the deck's script against a stand-in reveal.js; returns the config and whether it printed. */
function runDeckScript(search: string): { config: Record<string, unknown>; printed: number } {
  let config: Record<string, unknown> = {};
  const listeners = new Map<string, () => void>();
  let printed = 0;
  const Reveal = {
    initialize: (given: Record<string, unknown>) => {
      config = given;
    },
    on: (type: string, listener: () => void) => listeners.set(type, listener),
  };
  const window = { location: { search }, print: () => (printed += 1) };
  // The script is what the deck's page runs, so it is run as text, not imported.
  new Function('Reveal', 'RevealHighlight', 'RevealNotes', 'window', DECK_SCRIPT)(
    Reveal,
    'hl',
    'notes',
    window,
  );
  listeners.get('pdf-ready')?.();
  return { config, printed };
}

describe('the deck script', () => {
  it('starts reveal with events posted to the viewer and without the scroll view', () => {
    const { config, printed } = runDeckScript('');
    expect(config).toMatchObject({
      hash: true,
      postMessageEvents: true,
      scrollActivationWidth: null,
      plugins: ['hl', 'notes'],
    });
    expect(printed).toBe(0);
  });

  it('prints once the print view is laid out when opened with ?print-pdf', () => {
    expect(runDeckScript('?print-pdf').printed).toBe(1);
    expect(runDeckScript('?lang=en&print-pdf').printed).toBe(1);
    expect(runDeckScript('?view=scroll').printed).toBe(0);
  });
});
