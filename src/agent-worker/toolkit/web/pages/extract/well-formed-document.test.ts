import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { wellFormedDocument } from './well-formed-document.ts';

/** What linkedom makes of the HTML: title, language, and the body's inner HTML. */
function parsed(html: string) {
  const { document } = parseHTML(wellFormedDocument(html));
  return {
    title: document.title,
    lang: document.documentElement.getAttribute('lang'),
    body: document.body.innerHTML,
  };
}

describe('wellFormedDocument', () => {
  it('adds html, head and body where a page leaves them out', () => {
    expect(parsed('<!doctype html><title>My site</title><main><h1>Welcome</h1></main>')).toEqual({
      title: 'My site',
      lang: null,
      body: '<main><h1>Welcome</h1></main>',
    });
    expect(parsed('<p>Just a paragraph.</p><p>And another.</p>').body).toBe(
      '<p>Just a paragraph.</p><p>And another.</p>',
    );
  });

  it('keeps the page’s html and body attributes, and what comes after </body>', () => {
    const html =
      '<html lang="en-GB"><head><title>T</title></head><body class="x"><p>In.</p></body><img src="/pixel.gif"></html>';
    const { document } = parseHTML(wellFormedDocument(html));
    expect(document.documentElement.getAttribute('lang')).toBe('en-GB');
    expect(document.body.getAttribute('class')).toBe('x');
    expect(document.body.innerHTML).toBe('<p>In.</p><img src="/pixel.gif">');
  });

  it('puts meta tags written before <html> in the head', () => {
    expect(parsed('<meta charset="utf-8"><html lang="fr"><title>Titre</title><p>Texte.</p></html>')).toEqual({
      title: 'Titre',
      lang: 'fr',
      body: '<p>Texte.</p>',
    });
  });

  it('is not fooled by body tags inside scripts or comments', () => {
    const html =
      '<html><head><script>document.write("<body>")</script><!-- <body> --></head><body><p>Real.</p></body></html>';
    expect(parsed(html).body).toBe('<p>Real.</p>');
  });
});
