import { describe, expect, it } from 'vitest';
import { conversationOrigin } from './conversation-origin.ts';

describe('where a conversation came from', () => {
  it('marks a fork with the title of its origin', () => {
    expect(
      conversationOrigin({ forkedFrom: { conversationId: 'a', seq: 4, title: 'Trip to Lisbon' } }),
    ).toEqual({ kind: 'forked', label: 'Forked', detail: 'Forked from “Trip to Lisbon”' });
  });

  it('marks an imported conversation with the day it came in', () => {
    const at = Date.UTC(2026, 4, 3, 12);
    expect(conversationOrigin({ importedAt: at }, 'en-GB')).toEqual({
      kind: 'imported',
      label: 'Imported',
      detail: 'Imported from a bundle on 3 May 2026',
    });
  });

  it('marks nothing on a conversation started here', () => {
    expect(conversationOrigin({})).toBeNull();
  });
});
