import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '~/tests/fixtures/web/xss-corpus.ts';
import { withoutHandlerAttributes } from './handler-attributes.ts';

/** Start tags that still carry an `on…` attribute, read as the HTML tokenizer would (roughly). */
function handlerTags(html: string): string[] {
  return [...html.matchAll(/<[a-zA-Z][^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => /[\s/"']on[a-z]+\s*=/i.test(tag));
}

describe('withoutHandlerAttributes', () => {
  it('renames every event handler of the XSS corpus, including ones hidden by quotes in raw text', () => {
    for (const payload of XSS_PAYLOADS) {
      expect(handlerTags(withoutHandlerAttributes(payload)), payload).toEqual([]);
    }
    expect(withoutHandlerAttributes('<img src=x onerror="a()">')).toBe('<img src=x x-onerror="a()">');
    expect(withoutHandlerAttributes('<img/src="x"/OnErRoR=a()>')).toBe('<img/src="x"/x-OnErRoR=a()>');
  });

  it('leaves text, escaped markup and other attributes as they were', () => {
    const html =
      '<p>Set <code>&lt;img onerror="x"&gt;</code> on load; the button="on"</p><a href="https://example.org/?online=1" title="go on">x</a>';
    expect(withoutHandlerAttributes(html)).toBe(html);
  });
});
