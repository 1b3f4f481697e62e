import { describe, expect, it } from 'vitest';
import { readLaunchParameters } from './launch-parameters.ts';

const read = (href: string) => readLaunchParameters(new URL(href));

describe('launch parameters', () => {
  it('name a bundle to import, resolved against the page, and a clean URL without it', () => {
    expect(read('https://app.example/sub/?bundle=https%3A%2F%2Ffiles.example%2Fa.zip&x=1#/c/abc')).toEqual({
      bundleUrl: 'https://files.example/a.zip',
      isBundleUrlInvalid: false,
      isNewConversation: false,
      cleanUrl: '/sub/?x=1#/c/abc',
    });
    expect(read('https://app.example/sub/?bundle=shared/notes.zip').bundleUrl).toBe(
      'https://app.example/sub/shared/notes.zip',
    );
  });

  it('refuse bundle URLs that are not http(s), and still clean them away', () => {
    const parameters = read('https://app.example/?bundle=javascript:alert(1)');
    expect(parameters.bundleUrl).toBeNull();
    expect(parameters.isBundleUrlInvalid).toBe(true);
    expect(parameters.cleanUrl).toBe('/');
  });

  it('recognise the "New conversation" shortcut', () => {
    expect(read('https://app.example/sub/?action=new')).toMatchObject({
      isNewConversation: true,
      cleanUrl: '/sub/',
    });
  });

  it('leave a plain URL alone', () => {
    expect(read('https://app.example/#/c/abc')).toEqual({
      bundleUrl: null,
      isBundleUrlInvalid: false,
      isNewConversation: false,
      cleanUrl: null,
    });
  });
});
