import { describe, expect, it } from 'vitest';
import { deckAddress, deckDownloadName } from './deck-address.ts';

const APP = new URL('https://app.example/sandpiper/');

describe('deckAddress', () => {
  it('is the preview route address, its print view and the download name', () => {
    expect(deckAddress('conv 1', '/home/ubuntu/report/slides/index.html', APP)).toEqual({
      workspacePath: 'report/slides/index.html',
      previewUrl: 'https://app.example/sandpiper/preview/conv%201/report/slides/index.html',
      printUrl:
        'https://app.example/sandpiper/preview/conv%201/report/slides/index.html?print-pdf&sandpiper-top-level',
      downloadName: 'report-slides.html',
    });
  });

  it('encodes each path segment and resolves dots', () => {
    const address = deckAddress('c', '/home/ubuntu/a b/./talk/../talk#1/index.html', APP);
    expect(address?.workspacePath).toBe('a b/talk#1/index.html');
    expect(address?.previewUrl).toBe('https://app.example/sandpiper/preview/c/a%20b/talk%231/index.html');
    expect(address?.printUrl.endsWith('/talk%231/index.html?print-pdf&sandpiper-top-level')).toBe(true);
  });

  it('refuses paths outside the workspace and files that are not pages', () => {
    expect(deckAddress('c', '/etc/slides/index.html', APP)).toBeNull();
    expect(deckAddress('c', '/home/ubuntu/../root/index.html', APP)).toBeNull();
    expect(deckAddress('c', '/home/ubuntu/report/slides/deck.js', APP)).toBeNull();
    expect(deckAddress('c', '', APP)).toBeNull();
  });
});

describe('deckDownloadName', () => {
  it('names the file after the deck folder, with the project in front of a generic slides folder', () => {
    expect(deckDownloadName('report/slides/index.html')).toBe('report-slides.html');
    expect(deckDownloadName('talks/q3-review/index.html')).toBe('q3-review.html');
    expect(deckDownloadName('slides/index.html')).toBe('slides.html');
    expect(deckDownloadName('index.html')).toBe('deck.html');
  });

  it('leaves out characters file systems refuse', () => {
    expect(deckDownloadName('my:deck/index.html')).toBe('my-deck.html');
    expect(deckDownloadName('what?*/index.html')).toBe('what.html');
    expect(deckDownloadName('.../index.html')).toBe('deck.html');
  });
});
