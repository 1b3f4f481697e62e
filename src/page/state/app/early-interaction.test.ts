import { expect, it } from 'vitest';
import { hasInteractedEarly, watchInteractionEarly } from './early-interaction.ts';

it('notes a click, a key or typing from the first moment of the page', () => {
  const target = new EventTarget();
  watchInteractionEarly(target as unknown as Window);
  expect(hasInteractedEarly()).toBe(false);
  target.dispatchEvent(new Event('input'));
  expect(hasInteractedEarly()).toBe(true);
});
