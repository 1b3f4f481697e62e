import { describe, expect, it } from 'vitest';
import type { RestorableArgument } from '../../toolkit/profile.ts';
import { argumentDigest, digestArguments } from './argument-digest.ts';

const WRITE: RestorableArgument = {
  actionType: 'file.write',
  field: 'text',
  pathField: 'path',
  verb: 'written to',
  minChars: 1024,
};
const EDIT: RestorableArgument = {
  actionType: 'file.edit',
  field: 'edits[].replace',
  pathField: 'path',
  verb: 'put into',
  minChars: 2048,
};

/** `count` numbered lines of about 60 characters, ending with a newline. */
const lines = (count: number, label = 'line') =>
  Array.from({ length: count }, (_, index) => `${label} ${index + 1}: the quick brown fox jumps over the dog`)
    .join('\n')
    .concat('\n');

describe('argumentDigest', () => {
  it('says the size, the file, the first and last lines, and that the file holds the rest', () => {
    expect(argumentDigest(lines(400), '/home/ubuntu/notes.md', 'written to')).toBe(
      '[19,492 bytes, 400 lines written to /home/ubuntu/notes.md; first line: "line 1: the quick brown fox jumps over the dog"; last line: "line 400: the quick brown fox jumps over the dog"; the file holds the rest: read it to see it]',
    );
  });

  it('counts bytes as UTF-8, quotes one line once, and cuts a long line at a whole character', () => {
    const text = `${'é'.repeat(79)}😀${'x'.repeat(2_000)}`;
    const digest = argumentDigest(text, '/home/ubuntu/a.txt', 'appended to');
    expect(digest).toMatch(
      /^\[2,162 bytes, 1 line appended to \/home\/ubuntu\/a\.txt; first line: "é{79}…"; the/,
    );
    expect(digest).not.toContain('last line');
  });
});

describe('digestArguments', () => {
  it('replaces a long text field with its digest and keeps every other field and the JSON shape', () => {
    const args = JSON.stringify({
      action: 'write',
      path: ' /home/ubuntu/x.md ',
      text: lines(50),
      brief: 'b',
    });
    const digested = digestArguments(args, [WRITE]);
    const parsed = JSON.parse(digested);
    expect(Object.keys(parsed)).toEqual(['action', 'path', 'text', 'brief']);
    expect(parsed).toMatchObject({ action: 'write', path: ' /home/ubuntu/x.md ', brief: 'b' });
    expect(parsed.text).toBe(argumentDigest(lines(50), '/home/ubuntu/x.md', 'written to'));
    // A pure function of the arguments: the same bytes every time.
    expect(digestArguments(args, [WRITE])).toBe(digested);
  });

  it('returns short text, arguments without the file, and non-objects byte for byte', () => {
    const short = '{ "action": "write", "path": "/home/ubuntu/x", "text": "hello" }';
    expect(digestArguments(short, [WRITE])).toBe(short);
    const pathless = JSON.stringify({ action: 'write', text: lines(50) });
    expect(digestArguments(pathless, [WRITE])).toBe(pathless);
    const broken = `{"path":"/home/ubuntu/x","text":"${'a'.repeat(2_000)}`;
    expect(digestArguments(broken, [WRITE])).toBe(broken);
    expect(digestArguments('[1,2]', [WRITE])).toBe('[1,2]');
    expect(digestArguments(JSON.stringify({ path: '/p', text: lines(50) }), [])).toBe(
      JSON.stringify({ path: '/p', text: lines(50) }),
    );
  });

  it('digests only long replacements of a list of edits, never what they find', () => {
    const big = lines(60, 'new');
    const args = JSON.stringify({
      action: 'edit',
      path: '/home/ubuntu/app.ts',
      edits: [
        { find: 'old block', replace: big, all: true },
        { find: 'a', replace: 'b' },
      ],
    });
    const parsed = JSON.parse(digestArguments(args, [EDIT]));
    expect(parsed.edits).toEqual([
      { find: 'old block', replace: argumentDigest(big, '/home/ubuntu/app.ts', 'put into'), all: true },
      { find: 'a', replace: 'b' },
    ]);
  });
});
