import { describe, expect, it } from 'vitest';
import {
  HEAD_CHARS,
  HEAD_LINES,
  lineCount,
  longMessageNote,
  longMessageText,
  longTextFile,
  messageHead,
} from './long-message.ts';

const lines = (count: number, width = 40) =>
  Array.from({ length: count }, (_, index) => `line ${index + 1} `.padEnd(width, 'x')).join('\n');

describe('a long message’s start', () => {
  it('keeps at most HEAD_LINES whole lines', () => {
    const head = messageHead(lines(500));
    expect(head.split('\n')).toHaveLength(HEAD_LINES);
    expect(head.endsWith(`line ${HEAD_LINES} `.padEnd(40, 'x'))).toBe(true);
  });

  it('keeps at most HEAD_CHARS characters, cut at a line end or else a space', () => {
    const wide = lines(30, 300);
    const head = messageHead(wide);
    expect(head.length).toBeLessThanOrEqual(HEAD_CHARS);
    expect(wide.startsWith(`${head}\n`)).toBe(true);
    const prose = 'word '.repeat(1_000);
    const cut = messageHead(prose);
    expect(cut.length).toBeLessThanOrEqual(HEAD_CHARS);
    expect(cut.endsWith('word')).toBe(true);
    // One unbroken line is cut where the limit falls, never inside a surrogate pair.
    expect(messageHead('z'.repeat(5_000))).toHaveLength(HEAD_CHARS);
    const emoji = messageHead(`${'z'.repeat(HEAD_CHARS - 1)}🐦${'z'.repeat(50)}`);
    expect(emoji).toBe('z'.repeat(HEAD_CHARS - 1));
  });

  it('counts lines, a last line without a newline too', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('one')).toBe(1);
    expect(lineCount('one\n')).toBe(1);
    expect(lineCount('one\ntwo')).toBe(2);
  });
});

describe('long text as a file', () => {
  it('makes a file only of text over 16 KB, with its exact bytes', () => {
    expect(longTextFile('a'.repeat(16_384))).toBeNull();
    const text = `Summarise this log:\n${'é'.repeat(10_000)}`;
    const file = longTextFile(text);
    expect(file?.path).toBe('pasted-1.txt');
    expect(file?.type).toBe('text/plain');
    expect(new TextDecoder().decode(file?.bytes)).toBe(text);
  });

  it('keeps the start and says where the whole of it is, with its size', () => {
    const text = `Summarise this log:\n${lines(3_000)}`;
    const sent = longMessageText(text, { path: 'uploads/pasted-2.txt', size: 123_456 });
    expect(sent.startsWith('Summarise this log:\nline 1 ')).toBe(true);
    expect(sent.length).toBeLessThan(HEAD_CHARS + 200);
    expect(sent.endsWith(longMessageNote('uploads/pasted-2.txt', 123_456, 3_001))).toBe(true);
    expect(longMessageNote('uploads/pasted-2.txt', 123_456, 3_001)).toBe(
      '[This message was too long to send as text (123,456 bytes, 3,001 lines): the whole of it is saved as /home/ubuntu/uploads/pasted-2.txt, and the text above is its start.]',
    );
  });
});
