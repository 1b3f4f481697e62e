import { describe, expect, it } from 'vitest';
import { createReplyDrafts } from './reply-drafts.ts';

describe('reply drafts', () => {
  it('gives a question back what was typed and attached, until its reply went', () => {
    const drafts = createReplyDrafts();
    const first = drafts.draftFor('ask-1');
    first.setText('Use Postgres');
    first.files.add([{ path: 'schema.sql', file: new File(['create table t ();'], 'schema.sql') }]);
    // The card left the page and came back: the same draft.
    const again = drafts.draftFor('ask-1');
    expect(again.text()).toBe('Use Postgres');
    expect(again.files.items().map((item) => item.path)).toEqual(['schema.sql']);
    // Another question has its own.
    expect(drafts.draftFor('ask-2').text()).toBe('');
    drafts.forget('ask-1');
    expect(first.files.items()).toEqual([]);
    expect(drafts.draftFor('ask-1').text()).toBe('');
  });
});
