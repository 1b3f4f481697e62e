import { describe, expect, it } from 'vitest';
import { firstSentences, newAnnouncements, spokenText } from './live-announcements.ts';
import type { ActionItem, NoticeItem, ThreadItem } from './thread-reducer.ts';

function action(
  key: string,
  view: ActionItem['view'],
  status: ActionItem['status'],
  content: string,
): ThreadItem {
  return {
    kind: 'action',
    key,
    uuid: key,
    seq: 1,
    settledSeq: null,
    view,
    actionType: 'message.info',
    tool: 'message',
    role: null,
    metaKind: null,
    summary: null,
    status,
    description: 'Sending an update',
    content,
    meta: { action_type: 'message.info', tool: 'message' },
    startedAt: 0,
    endedAt: null,
    askState: null,
    question: view === 'ask' ? content : null,
    reply: null,
    attachments: [],
    ignoredToolCalls: [],
    errorMessage: null,
    callArguments: {},
    modelImages: [],
  };
}

function retrying(key: string, attempt: number): NoticeItem {
  return {
    kind: 'notice',
    key,
    seq: 2,
    at: 0,
    noticeKind: 'retrying',
    text: 'Could not reach the server. Retrying in 4 s (1 of 5).',
    modelText: null,
    details: null,
    retry: { attempt, of: 5, at: 4000 },
  };
}

describe('live announcements', () => {
  it('tells a finished update once, never while it is being sent', () => {
    const told = new Set<string>();
    expect(newAnnouncements([action('a', 'info', 'running', '')], told)).toBeNull();
    const sent = [action('a', 'info', 'success', 'On it — **setting up** the project')];
    expect(newAnnouncements(sent, told)).toBe('On it — setting up the project.');
    expect(newAnnouncements(sent, told)).toBeNull();
  });

  it('tells what arrived together in one text, a question and a result by what they are', () => {
    const told = new Set<string>();
    const items = [
      action('q', 'ask', 'asking', 'Which database: `SQLite` or [PostgreSQL](https://postgresql.org)?'),
      action('r', 'result', 'success', '# Done\n\nThe app is ready. Open it from the card.'),
    ];
    expect(newAnnouncements(items, told)).toBe(
      'Question: Which database: SQLite or PostgreSQL? Result: Done. The app is ready. Open it from the card.',
    );
  });

  it('tells a retry once when planned, not again as its countdown changes', () => {
    const told = new Set<string>();
    expect(newAnnouncements([retrying('n1', 1)], told)).toBe(
      'The model request failed; retry 1 of 5 comes shortly.',
    );
    expect(newAnnouncements([retrying('n1', 1)], told)).toBeNull();
  });

  it('tells nothing from before the conversation was opened, and what came after', () => {
    const told = new Set<string>();
    const history = { ...action('a', 'info', 'success', 'Hello.'), startedAt: 1_000 } as ThreadItem;
    const fresh = { ...action('b', 'info', 'success', 'On it.'), startedAt: 5_000 } as ThreadItem;
    expect(newAnnouncements([history], told, 3_000)).toBeNull();
    expect(newAnnouncements([history, fresh], told, 3_000)).toBe('On it.');
  });

  it('cuts a long text at a sentence end, or at a word with an ellipsis', () => {
    const sentences = `${'First sentence here. '.repeat(20)}`.trim();
    const cut = firstSentences(sentences, 100);
    expect(cut.endsWith('here.')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(firstSentences('word '.repeat(100).trim(), 50)).toMatch(/^(word ){9}word…$/);
    expect(spokenText('- one\n- two\n```js\nlet x\n```')).toBe('one two (code)');
  });
});
