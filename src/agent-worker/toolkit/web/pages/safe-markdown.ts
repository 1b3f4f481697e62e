import { absoluteTarget, neutraliseInlineLinks } from './markdown-links.ts';
import { isSafeLinkTarget } from './safe-url.ts';

/**
 * Makes third-party markdown safe to render: links and images whose target is not
 * http(s) or relative become their text, and raw HTML becomes text. With an http(s)
 * `baseUrl`, relative targets are made absolute against it.
 *
 * The HTML rule is deliberately blunt, because a renderer and this module must never
 * disagree about what is code: every `<` outside a fenced code block is written `&lt;`
 * (inline code included, where it shows as `&lt;`), except an http(s) autolink. Fenced
 * blocks are rewritten with an unambiguous fence at the start of the line, and a
 * fence-like line this module does not take for one (in a list or a quote) is escaped,
 * so no renderer can open a code block here that this module did not see.
 */
export function neutraliseLinks(markdown: string, baseUrl?: string): string {
  return splitFencedBlocks(markdown.replace(/\r\n?/g, '\n'))
    .map((block) => (block.kind === 'code' ? writeFence(block) : neutraliseText(block.text, baseUrl)))
    .join('\n');
}

type Block = { kind: 'text'; text: string } | { kind: 'code'; info: string; lines: string[] };

const FENCE_OPENER = /^( {0,3})(`{3,}|~{3,})(.*)$/;
/** A line that some renderer could take for a fence inside a quote, a list or indented code. */
const FENCE_LIKE = /^((?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))*[ \t]*)(`{3}|~{3})/;

function splitFencedBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  let text: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    const opener = FENCE_OPENER.exec(line);
    const fence = opener?.[2] ?? '';
    const isOpener = opener !== null && !(fence.startsWith('`') && opener[3]!.includes('`'));
    if (!isOpener) {
      text.push(line);
      index++;
      continue;
    }
    const indent = opener![1]!.length;
    const closer = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    let end = index + 1;
    while (end < lines.length && !closer.test(lines[end]!)) end++;
    if (text.length > 0) blocks.push({ kind: 'text', text: text.join('\n') });
    text = [];
    const content = lines.slice(index + 1, end).map((contentLine) => stripIndent(contentLine, indent));
    blocks.push({ kind: 'code', info: opener![3]!, lines: content });
    index = end + 1;
  }
  if (text.length > 0) blocks.push({ kind: 'text', text: text.join('\n') });
  return blocks;
}

function stripIndent(line: string, indent: number): string {
  const leading = /^ */.exec(line)![0].length;
  return line.slice(Math.min(leading, indent));
}

/** A code block with a backtick fence longer than any backtick run inside it. */
function writeFence(block: { info: string; lines: string[] }): string {
  const longestRun = Math.max(0, ...block.lines.map((line) => longestBacktickRun(line)));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  const language = /^\s*([\w#+.-]{1,40})/.exec(block.info)?.[1] ?? '';
  return [`${fence}${language}`, ...block.lines, fence].join('\n');
}

function longestBacktickRun(line: string): number {
  let longest = 0;
  for (const run of line.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/** Links and definitions with unsafe targets turned to text, then raw HTML escaped. */
function neutraliseText(text: string, baseUrl: string | undefined): string {
  const linked = dropUnsafeDefinitions(neutraliseLinksUntilStable(text, baseUrl), baseUrl);
  return escapeRawHtml(breakLooseDefinitions(withoutFenceLines(linked)));
}

/**
 * Every fence-like line escaped. Lines that opened fences were taken out before; these
 * are the ones this module does not take for fences, and the ones a removed link left
 * at the start of a line (`[  ```](javascript:x)`).
 */
function withoutFenceLines(text: string): string {
  return text
    .split('\n')
    .map((line) => (FENCE_LIKE.test(line) ? line.replace(FENCE_LIKE, '$1\\$2') : line))
    .join('\n');
}

/**
 * Removing a link can join what is left into a new one (`[a](<>javascript:x)`), so the
 * pass runs again until nothing changes; text that keeps changing loses its `](` pairs.
 */
function neutraliseLinksUntilStable(text: string, baseUrl: string | undefined): string {
  let current = text;
  for (let round = 0; round < 4; round++) {
    const next = neutraliseInlineLinks(current, baseUrl);
    if (next === current) return current;
    current = next;
  }
  return current.replace(/\]\(/g, ']\\(');
}

/** Link reference definitions (`[label]: target`) with an unsafe target. */
const DEFINITION =
  /^([ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?[ \t]*)(\[(?:[^\]\\\n]|\\.){0,999}\]:[ \t]*\n?[ \t]*)(<[^>\n]*>?|\S+)([^\n]*)/gm;

/** Definitions with unsafe targets dropped (their references stay text); relative targets made absolute. */
function dropUnsafeDefinitions(text: string, baseUrl: string | undefined): string {
  return text.replace(DEFINITION, (whole, prefix: string, label: string, target: string, rest: string) => {
    const bare = target.startsWith('<') ? target.slice(1).replace(/>$/, '') : target;
    if (!isSafeLinkTarget(bare)) return prefix;
    const absolute = absoluteTarget(bare, baseUrl);
    return absolute === null ? whole : `${prefix}${label}${absolute}${rest}`;
  });
}

/** A link reference definition wholly on one line, its title (if any) closed on it. */
const SINGLE_LINE_DEFINITION =
  /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?[ \t]*\[(?:[^[\]\\\n]|\\.)+\]:[ \t]*(?:<[^<>\n\\]*>|[^<\s]\S*)([ \t]+(?:"[^"\\\n]*"|'[^'\\\n]*'|\([^()\\\n]*\)))?[ \t]*$/;

/** A line that opens with `[` (after quote and list markers): where a definition's label could start. */
const LABEL_START = /^((?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))*[ \t]*)\[/;

/**
 * A line opening with `[` that could start a definition other than a one-line one gets
 * that `[` escaped. Some renderers (marked) let a definition's label and title run over
 * many lines, blank ones and code fences included; a definition that never starts cannot
 * swallow a fence this module wrote. A line opening with a link or `[text]` is left as it is.
 */
function breakLooseDefinitions(text: string): string {
  const lines = text.split('\n');
  return lines
    .map((line, index) => {
      const start = LABEL_START.exec(line);
      if (!start) return line;
      const definition = SINGLE_LINE_DEFINITION.exec(line);
      const isTitleNext = /^[ \t]*["'(]/.test(lines[index + 1] ?? '');
      if (definition && (definition[1] !== undefined || !isTitleNext)) return line;
      if (labelEnd(line, start[0].length) === 'not a label') return line;
      return `${start[1]}\\[${line.slice(start[0].length)}`;
    })
    .join('\n');
}

/** How the label opened just before `from` ends on its line: `]:` (a definition), another way, or not at all. */
function labelEnd(line: string, from: number): 'definition' | 'not a label' | 'open' {
  for (let index = from; index < line.length; index++) {
    const character = line[index];
    if (character === '\\') index++;
    else if (character === '[') return 'not a label';
    else if (character === ']') return line[index + 1] === ':' ? 'definition' : 'not a label';
  }
  return 'open';
}

/**
 * Every `<` becomes `&lt;`, except one opening an http(s) autolink. A backslash before it
 * is not trusted to escape it (a GFM bare URL can swallow the backslash): `\<` is
 * written `&lt;` too.
 */
function escapeRawHtml(text: string): string {
  let result = '';
  let position = 0;
  for (const match of text.matchAll(/<(?!https?:\/\/[^\s<>`]*>)/gi)) {
    const isEscaped = precededByOddBackslashes(text, match.index);
    result += `${text.slice(position, isEscaped ? match.index - 1 : match.index)}&lt;`;
    position = match.index + 1;
  }
  return result + text.slice(position);
}

/** Whether the character at `offset` follows an odd run of backslashes (so it is escaped). */
function precededByOddBackslashes(text: string, offset: number): boolean {
  let count = 0;
  while (offset - count - 1 >= 0 && text[offset - count - 1] === '\\') count++;
  return count % 2 === 1;
}
