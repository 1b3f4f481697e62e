import { describe, expect, it } from 'vitest';
import type { AttachmentView } from './attachment-view.ts';
import { deliverableNames, distinctFileNames, documentTitle } from './deliverable-names.ts';
import type { Attachment } from './thread-reducer.ts';

const attachment = (path: string, name = path.slice(path.lastIndexOf('/') + 1)): Attachment => ({
  name,
  path,
  mime: 'text/html',
});
const deck = (path: string): AttachmentView => ({ kind: 'deck', path });
const site = (pagePath: string | null): AttachmentView => ({
  kind: 'site',
  url: 'https://app.example/preview/c/x',
  isWorkspace: pagePath !== null,
  pagePath,
});

describe('documentTitle', () => {
  it('reads the first title, decoding references and collapsing spaces', () => {
    expect(documentTitle('<html><head><title>\n  Q3 &amp; Q4 &#8212; review&#x21;  </title></head>')).toBe(
      'Q3 & Q4 — review!',
    );
    expect(documentTitle('<TITLE lang="en">Notes</TITLE><title>Second</title>')).toBe('Notes');
    expect(documentTitle('<title>&bogus; &#0;</title>')).toBe('&bogus; &#0;');
  });

  it('is null without a title or with a blank one, and cuts a long one', () => {
    expect(documentTitle('<h1>No title</h1>')).toBeNull();
    expect(documentTitle('<title>   </title>')).toBeNull();
    const long = documentTitle(`<title>${'word '.repeat(60)}</title>`);
    expect(long?.length).toBe(120);
    expect(long?.endsWith('…')).toBe(true);
  });
});

describe('distinctFileNames', () => {
  it('numbers repeats before the extension, ignoring case', () => {
    expect(
      distinctFileNames(['deck.html', 'Deck.html', 'deck-2.html', 'site.zip', 'deck.html', 'README']),
    ).toEqual(['deck.html', 'Deck-2.html', 'deck-2-2.html', 'site.zip', 'deck-3.html', 'README']);
    expect(distinctFileNames(['', ''])).toEqual(['', '']);
  });
});

describe('deliverableNames', () => {
  it('names a deck and a site after their titles, downloads after title and folder', () => {
    const names = deliverableNames([
      {
        attachment: attachment('/home/ubuntu/q3/slides/index.html'),
        view: deck('/home/ubuntu/q3/slides/index.html'),
        title: 'Quarterly Review',
      },
      {
        attachment: attachment('/home/ubuntu/notes-app/index.html'),
        view: site('notes-app/index.html'),
        title: 'Notes',
      },
    ]);
    expect(names).toEqual([
      {
        label: 'Quarterly Review',
        download: { kind: 'deck', fileName: 'quarterly-review.html', pagePath: 'q3/slides/index.html' },
      },
      { label: 'Notes', download: { kind: 'site', fileName: 'notes-app.zip', folder: 'notes-app' } },
    ]);
  });

  it('keeps a name the agent gave, and falls back when there is no title yet', () => {
    const [named, untitled, rootSite] = deliverableNames([
      {
        attachment: attachment('/home/ubuntu/talk/slides/index.html', 'Launch talk'),
        view: deck('/home/ubuntu/talk/slides/index.html'),
        title: 'Slides',
      },
      {
        attachment: attachment('/home/ubuntu/talk2/slides/index.html'),
        view: deck('/home/ubuntu/talk2/slides/index.html'),
        title: null,
      },
      { attachment: attachment('/home/ubuntu/index.html'), view: site('index.html'), title: 'Home page' },
    ]);
    expect(named?.label).toBe('Launch talk');
    expect(named?.download?.fileName).toBe('slides.html');
    expect(untitled).toMatchObject({ label: 'index.html', download: { fileName: 'talk2-slides.html' } });
    expect(rootSite?.download).toEqual({ kind: 'site', fileName: 'home-page.zip', folder: '' });
  });

  it('never gives two downloads of one result the same file name', () => {
    const names = deliverableNames([
      {
        attachment: attachment('/home/ubuntu/a/slides/index.html'),
        view: deck('/home/ubuntu/a/slides/index.html'),
        title: 'Review',
      },
      {
        attachment: attachment('/home/ubuntu/b/slides/index.html'),
        view: deck('/home/ubuntu/b/slides/index.html'),
        title: 'Review',
      },
      {
        attachment: attachment('/home/ubuntu/out/review.html'),
        view: { kind: 'file', path: 'out/review.html' },
        title: null,
      },
      {
        attachment: attachment('https://example.com/'),
        view: { kind: 'link', url: 'https://example.com/' },
        title: null,
      },
    ]);
    expect(names.map((naming) => naming.download?.fileName ?? null)).toEqual([
      'review.html',
      'review-2.html',
      'review-3.html',
      null,
    ]);
  });

  it('offers no zip for a server’s address (its folder is unknown)', () => {
    const [served] = deliverableNames([
      { attachment: attachment('https://x.webcontainer.io/'), view: site(null), title: null },
    ]);
    expect(served?.download).toBeNull();
  });
});
