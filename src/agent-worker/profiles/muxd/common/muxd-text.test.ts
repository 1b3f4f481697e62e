import { describe, expect, it } from 'vitest';
import { bashResult, bashTimeout } from '../tools/bash/bash.ts';
import { replaceExact } from '../tools/file-edit/file-edit.ts';
import { numberedLines } from '../tools/file-read/file-read.ts';
import { htmlToText } from '../tools/web-fetch/html-to-text.ts';
import { bodyText } from '../tools/web-fetch/web-fetch.ts';
import { formatResults } from '../tools/web-search/web-search.ts';
import { capOutput, cleanPath, resolvePath } from './muxd-common.ts';

describe('muxd’s texts', () => {
  it('numbers lines as `%4d | content`, from offset, at most limit, CRLF read as LF', () => {
    expect(numberedLines('a\r\nb\nc')).toBe('   1 | a\n   2 | b\n   3 | c\n');
    expect(numberedLines('a\nb\nc\nd', 2, 2)).toBe('   2 | b\n   3 | c\n');
    expect(numberedLines('a\nb', 9)).toBe('');
    expect(numberedLines('x', 0, -3)).toBe('   1 | x\n');
    const many = Array.from({ length: 10_001 }, (_, index) => `line ${index}`).join('\n');
    expect(numberedLines(many, 10_001, 1)).toBe('10001 | line 10000\n');
  });

  it('cuts output at 50 KB with muxd’s note', () => {
    const long = 'x'.repeat(60 * 1024);
    expect(capOutput(long)).toBe(`${'x'.repeat(50 * 1024)}\n... (truncated at 50KB)`);
    expect(capOutput('short')).toBe('short');
    expect(numberedLines(long).endsWith('\n... (truncated at 50KB)')).toBe(true);
  });

  it('file_edit: exactly one match, or all with replace_all; errors with the count', () => {
    expect(replaceExact('a b a', 'b', 'c', false, 'f')).toEqual({ text: 'a c a', count: 1 });
    expect(replaceExact('a b a', 'a', 'c', false, 'f.txt')).toEqual({
      error: 'old_string found 2 times in f.txt (must match exactly once, or set replace_all)',
    });
    expect(replaceExact('a b a', 'a', 'c', true, 'f')).toEqual({ text: 'c b c', count: 2 });
    expect(replaceExact('a b a', 'z', 'c', true, 'src/f.go')).toEqual({
      error: 'old_string not found in src/f.go',
    });
  });

  it('bash: 30 s by default, 120 s at most; the exit-code and timeout suffixes', () => {
    expect(bashTimeout(undefined)).toBe(30);
    expect(bashTimeout(0)).toBe(30);
    expect(bashTimeout(-5)).toBe(30);
    expect(bashTimeout(60)).toBe(60);
    expect(bashTimeout(600)).toBe(120);
    expect(bashResult('ok\n', 0, null)).toBe('ok\n');
    expect(bashResult('boom\n', 2, null)).toBe('boom\n\n(exit code: 2)');
    expect(bashResult('partial', null, 5)).toBe('partial\n(command timed out after 5s)');
  });

  it('web_fetch: HTML by type or a leading `<` becomes text; scripts and styles go; entities decoded', () => {
    const html =
      '<html><head><style>p{}</style><script>alert(1)</script></head><body><h1>Title</h1><p>A &amp; B&nbsp;&quot;C&quot;</p>\n\n\n<div>x   y</div></body></html>';
    expect(htmlToText(html)).toBe('Title\n\nA & B "C"\n\nx y');
    // As in muxd, entities are decoded before tags are stripped: a decoded `<` opens a tag.
    expect(htmlToText('<p>1 &lt; 2</p><p>end</p>')).toBe('1 \n\nend');
    expect(bodyText('{"a": "<b>"}', 'application/json')).toBe('{"a": "<b>"}');
    expect(bodyText('<p>hi</p>', 'text/plain')).toBe('hi');
    expect(bodyText('<b>bold</b>', 'text/html; charset=utf-8')).toBe('bold');
  });

  it('web_search: a numbered list with the URL and description indented; "No results found."', () => {
    const hit = (rank: number, snippet: string) => ({
      rank,
      title: `T${rank}`,
      url: `https://e.org/${rank}`,
      snippet,
      source: 'brave',
      site: 'e.org',
    });
    expect(formatResults([hit(1, 'one'), hit(2, '')])).toBe(
      '1. T1\n   https://e.org/1\n   one\n\n2. T2\n   https://e.org/2',
    );
    expect(formatResults([])).toBe('No results found.');
  });

  it('paths: relative from /home/ubuntu, cleaned as Go does', () => {
    expect(resolvePath('src/../a.go')).toBe('/home/ubuntu/a.go');
    expect(resolvePath('/tmp//x/')).toBe('/tmp/x');
    expect(resolvePath('.')).toBe('/home/ubuntu');
    expect(cleanPath('./src/')).toBe('src');
    expect(cleanPath('.')).toBe('.');
  });
});
