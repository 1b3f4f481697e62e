import { describe, expect, it } from 'vitest';
import type { EventBody, StoredEvent } from '@/shared/protocol/events.ts';
import { applyEvents, initialThreadState, type NoticeItem } from './thread-reducer.ts';

function noticesOf(...bodies: EventBody[]): NoticeItem[] {
  const events: StoredEvent[] = bodies.map((body, seq) => ({ conversationId: 'c', seq, at: seq, body }));
  return applyEvents(initialThreadState('c'), events).items.filter(
    (item): item is NoticeItem => item.kind === 'notice',
  );
}

/** What a notice about a model server written before plain words said (seen in a real thread). */
const OLD_ADAPTED =
  'The model server at http://127.0.0.1:8091/v1 did not hold a forced step: asked for `plan.update` (tool_choice names its tool), it called `message`. Forced steps are now held by a JSON-schema grammar (constrained mode).';

describe('notices in the thread: plain words first, the details apart', () => {
  it('shows a notice’s plain words, its technical details kept for the disclosure', () => {
    const [notice] = noticesOf({
      type: 'notice',
      kind: 'provider_adapted',
      text: 'The model did not take the step it was asked for.',
      details: OLD_ADAPTED,
      forModel: false,
    });
    expect(notice).toMatchObject({
      text: 'The model did not take the step it was asked for.',
      details: OLD_ADAPTED,
    });
  });

  it('puts the technical text of a log written before plain words behind the disclosure', () => {
    const [adapted, stopped] = noticesOf(
      { type: 'notice', kind: 'provider_adapted', text: OLD_ADAPTED, forModel: false },
      { type: 'notice', kind: 'stopped', text: 'Stopped.', forModel: false },
    );
    expect(adapted?.details).toBe(OLD_ADAPTED);
    expect(adapted?.text).not.toMatch(/tool_choice|JSON-schema|constrained|forced step/);
    expect(adapted?.text).toMatch(/^Sandpiper changed how it asks this model server/);
    // A notice in plain words already has nothing to hide.
    expect(stopped).toMatchObject({ text: 'Stopped.', details: null });
  });
});
