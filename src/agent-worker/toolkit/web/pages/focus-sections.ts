/**
 * Orders a page's sections by how much they are about a focus, so a model reading the
 * start of a long page reads the relevant part first. Nothing is dropped.
 */

const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any are as at be been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers him ' +
    'his how i if in into is it its itself just me more most my no nor not now of off on once only or other our ' +
    'out over own same she should so some such than that the their them then there these they this those through ' +
    'to too under until up very was we were what when where which while who whom why will with would you your ' +
    'find show tell get give page section information info details please want need'
  ).split(' '),
);

const SUFFIXES = [
  'ations',
  'ation',
  'ings',
  'ing',
  'ions',
  'ion',
  'ies',
  'ied',
  'ers',
  'er',
  'es',
  'ed',
  'ly',
  's',
];

/** A word reduced to a rough stem: lower case, common English endings and a final `e` removed. */
export function stemWord(word: string): string {
  let stem = word.toLowerCase().replace(/['’]s$/, '');
  for (const suffix of SUFFIXES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= 3) {
      stem = stem.slice(0, -suffix.length) + (suffix === 'ies' || suffix === 'ied' ? 'y' : '');
      break;
    }
  }
  return stem.length > 3 && stem.endsWith('e') ? stem.slice(0, -1) : stem;
}

/** The stems of the words in `text` that carry meaning (stop words and one-letter words left out). */
export function termsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => word.length > 1 && !STOP_WORDS.has(word)).map(stemWord);
}

type Section = { heading: string; text: string; index: number };

/**
 * `markdown` with its sections (split at headings, fenced code left whole) ordered by
 * overlap with the terms of `focus`: a term in a section's heading weighs more than one
 * in its text; ties and sections about nothing in the focus keep the page's order. The
 * leading block (what comes before the first heading, or the first section when the page
 * starts with a heading) stays first. Returns `markdown` unchanged when nothing matches.
 */
export function orderByFocus(markdown: string, focus: string): string {
  const focusTerms = new Set(termsOf(focus));
  if (focusTerms.size === 0) return markdown;
  const sections = splitSections(markdown);
  if (sections.length < 3) return markdown;
  const [lead, ...rest] = sections;
  const scored = rest.map((section) => ({ section, score: scoreSection(section, focusTerms) }));
  if (scored.every(({ score }) => score === 0)) return markdown;
  scored.sort((first, second) => second.score - first.score || first.section.index - second.section.index);
  return [lead!, ...scored.map(({ section }) => section)].map((section) => section.text).join('\n\n');
}

function scoreSection(section: Section, focusTerms: ReadonlySet<string>): number {
  const headingTerms = new Set(termsOf(section.heading));
  const bodyTerms = termsOf(section.text.slice(section.heading.length));
  const bodyCounts = new Map<string, number>();
  for (const term of bodyTerms) bodyCounts.set(term, (bodyCounts.get(term) ?? 0) + 1);
  let score = 0;
  for (const term of focusTerms) {
    if (headingTerms.has(term)) score += 3;
    const count = bodyCounts.get(term) ?? 0;
    if (count > 0) score += 1 + Math.min(count, 8) / 4;
  }
  return score;
}

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t#]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The sections of `markdown`: the text before the first heading (maybe empty), then one per heading. */
function splitSections(markdown: string): Section[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const starts: { line: number; heading: string }[] = [];
  let fence: string | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      starts.push({ line: index, heading: line });
      continue;
    }
    const next = lines[index + 1];
    const isParagraphLine = line.trim() !== '' && !/^\s*(?:[-*+>|]|\d+[.)])/.test(line);
    const isAfterBreak = index === 0 || lines[index - 1]!.trim() === '';
    if (next !== undefined && isParagraphLine && isAfterBreak && SETEXT_UNDERLINE.test(next)) {
      starts.push({ line: index, heading: `${line}\n${next}` });
      index++;
    }
  }
  const sections: Section[] = [];
  const firstStart = starts[0]?.line ?? lines.length;
  const preamble = lines.slice(0, firstStart).join('\n').trim();
  starts.forEach((start, position) => {
    const end = starts[position + 1]?.line ?? lines.length;
    const text = lines.slice(start.line, end).join('\n').trim();
    sections.push({ heading: start.heading.trim(), text, index: position });
  });
  if (preamble !== '') sections.unshift({ heading: '', text: preamble, index: -1 });
  return sections;
}
