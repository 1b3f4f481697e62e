import { describe, expect, it } from 'vitest';
import {
  jsonObjectOf,
  keptArguments,
  keptArgumentText,
  MAX_ARGUMENT_CHARACTERS,
  MAX_ARGUMENT_DEPTH,
  NESTED_TOO_DEEP,
} from './events.ts';

describe('the arguments an envelope event keeps', () => {
  it('cuts long strings anywhere in them to their head, saying how much the call itself holds', () => {
    const long = 'x'.repeat(MAX_ARGUMENT_CHARACTERS + 10);
    const kept = keptArguments({
      path: '/home/ubuntu/a.txt',
      text: long,
      edits: [{ find: 'a', replace: long }],
    });
    expect(kept.path).toBe('/home/ubuntu/a.txt');
    expect(kept.text).toBe(`${'x'.repeat(MAX_ARGUMENT_CHARACTERS)}… [10 more characters in the call itself]`);
    expect((kept.edits as { replace: string }[])[0]?.replace).toBe(kept.text);
    expect(keptArguments({ n: 1, flag: true, none: null })).toEqual({ n: 1, flag: true, none: null });
  });

  it('reads a kept string back as its head and how much was cut', () => {
    const long = `${'y'.repeat(MAX_ARGUMENT_CHARACTERS)}tail`;
    expect(keptArgumentText(keptArguments({ text: long }).text as string)).toEqual({
      head: 'y'.repeat(MAX_ARGUMENT_CHARACTERS),
      omitted: 4,
    });
    expect(keptArgumentText('short text')).toEqual({ head: 'short text', omitted: 0 });
    // A short text that merely ends like the note was not cut.
    const lookalike = 'notes… [12 more characters in the call itself]';
    expect(keptArgumentText(lookalike)).toEqual({ head: lookalike, omitted: 0 });
  });

  it('records arguments nested thousands deep without overflowing the stack, cut at a depth no tool reads', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 10_000; level += 1) deep = { a: deep };
    const kept = keptArguments({ deep });
    let cursor: unknown = kept.deep;
    for (let level = 1; level < MAX_ARGUMENT_DEPTH; level += 1) cursor = (cursor as { a: unknown }).a;
    expect(cursor).toBe(NESTED_TOO_DEEP);
    expect(keptArguments({ list: [[1, [2]]] })).toEqual({ list: [[1, [2]]] });
  });

  it('reads a JSON object, and nothing else', () => {
    expect(jsonObjectOf('{"a":1}')).toEqual({ a: 1 });
    expect(jsonObjectOf('[1]')).toBeNull();
    expect(jsonObjectOf('"a"')).toBeNull();
    expect(jsonObjectOf('{nope')).toBeNull();
  });
});
