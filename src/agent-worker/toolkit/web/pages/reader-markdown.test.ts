import { describe, expect, it } from 'vitest';
import { pageFromMarkdown, pageFromReaderReply, ReaderReplyError } from './reader-markdown.ts';

const URL_READ = 'https://news.example/story';

describe('pageFromReaderReply', () => {
  it('refuses a failure reply, naming the relay’s reason', () => {
    const failure = JSON.stringify({
      data: null,
      code: 422,
      name: 'AssertionFailureError',
      status: 42206,
      message: 'Failed to goto https://news.example/story: HTTP 404',
      readableMessage: 'AssertionFailureError: Failed to goto https://news.example/story: HTTP 404',
    });
    expect(() => pageFromReaderReply(failure, 'application/json', URL_READ)).toThrow(ReaderReplyError);
    expect(() => pageFromReaderReply(failure, 'application/json', URL_READ)).toThrow(
      /could not read it \(.*HTTP 404\)/,
    );
  });

  it.each([
    ['not JSON', '{"code": 200, "data": ', 'not JSON'],
    ['of another shape', '{"code": "ok", "data": {"content": 5}}', 'unexpected shape'],
    ['empty', '{"code": 200, "status": 20000, "data": {"title": "T", "content": "  "}}', 'no content'],
  ])('refuses a reply %s', (_name, body, message) => {
    expect(() => pageFromReaderReply(body, 'application/json', URL_READ)).toThrow(message);
  });

  it('reads extra fields it does not know, and the page language from the metadata', () => {
    const body = JSON.stringify({
      code: 200,
      status: 20000,
      data: {
        title: ' A  title ',
        url: URL_READ,
        content: 'Text.',
        warning: 'x',
        metadata: { lang: 'fr' },
        usage: { tokens: 3 },
      },
      meta: { usage: { tokens: 3 } },
    });
    expect(pageFromReaderReply(body, 'application/json', URL_READ)).toEqual({
      title: 'A title',
      markdown: 'Text.',
      wordCount: 1,
      lang: 'fr',
    });
  });

  it('reads a plain-text reply with a warning and no date, and one without the header at all', () => {
    const text = `Title: Story\n\nURL Source: ${URL_READ}\n\nWarning: Target URL returned error 404: Not Found\n\nMarkdown Content:\nSorry, no page here.\n`;
    expect(pageFromReaderReply(text, 'text/plain', URL_READ)).toEqual({
      title: 'Story',
      markdown: 'Sorry, no page here.',
      wordCount: 4,
    });
    expect(pageFromReaderReply('## Just markdown\n\nBody.', 'text/markdown', URL_READ).title).toBe(
      'Just markdown',
    );
  });

  it('does not take a header line inside the content for the title', () => {
    const text = 'Title: Real\n\nURL Source: x\n\nMarkdown Content:\nTitle: Fake\n\nBody.';
    const page = pageFromReaderReply(text, 'text/plain', URL_READ);
    expect(page.title).toBe('Real');
    expect(page.markdown).toBe('Title: Fake\n\nBody.');
  });
});

describe('pageFromMarkdown', () => {
  it('neutralises links and raw HTML, titled by the host when nothing else names it', () => {
    const page = pageFromMarkdown('', 'See [this](javascript:alert(1)) <script>alert(1)</script>', URL_READ);
    expect(page).toEqual({
      title: 'news.example',
      markdown: 'See this &lt;script>alert(1)&lt;/script>',
      wordCount: 6,
    });
  });

  it('makes the relay’s relative links absolute against the page', () => {
    const page = pageFromMarkdown(
      'T',
      'See [the map](/maps/harbour "Map") and ![a photo](photo.jpg).',
      URL_READ,
    );
    expect(page.markdown).toBe(
      'See [the map](https://news.example/maps/harbour "Map") and ![a photo](https://news.example/photo.jpg).',
    );
  });

  it('names a workspace file by its file name', () => {
    expect(pageFromMarkdown('', 'plain text', 'file:///home/ubuntu/notes/todo.txt').title).toBe('todo.txt');
  });
});
