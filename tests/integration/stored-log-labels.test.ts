import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stepLabel } from '../../src/page/state/thread/step-label.ts';
import { applyEvents, initialThreadState } from '../../src/page/state/thread/thread-reducer.ts';
import type { StoredEvent } from '../../src/shared/protocol/events.ts';

type StoredConversation = {
  profileId: string;
  events: StoredEvent[];
  labels: { uuid: string; actionType: string; status: string; label: unknown }[];
};

/** Logs written by an older version (see the fixture's `madeAt`), with the labels that version showed. */
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/stored-logs/labels-fee4b10.json', import.meta.url), 'utf8'),
) as { madeAt: string; conversations: StoredConversation[] };

describe(`logs stored by ${fixture.madeAt}`, () => {
  for (const conversation of fixture.conversations) {
    it(`render the same labels today (${conversation.profileId}, ${conversation.labels.length} steps)`, () => {
      const id = conversation.events[0]?.conversationId ?? 'stored';
      const thread = applyEvents(initialThreadState(id), conversation.events);
      const labels = thread.items
        .filter((item) => item.kind === 'action')
        .map((item) => ({
          uuid: item.uuid,
          actionType: item.actionType,
          status: item.status,
          label: stepLabel(item),
        }));
      expect(labels).toEqual(conversation.labels);
    });
  }
});
