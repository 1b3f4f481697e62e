/**
 * Figures typed into the docs' prose by hand: a number with a unit of time, size or share
 * outside the figures blocks (which `npm run figures` renders from docs/figures.json) and
 * outside code. Such a figure names no commit or machine and goes stale unseen, so the docs
 * refer to the blocks instead. What a number with a unit may still be in prose — a bound,
 * a setting, the size of what a test makes — is the short list `ALLOWED`, each with why.
 */
import { FIGURES_BLOCK } from './render-tables.ts';

/** A figure found in prose: its line (from 1) and the words around it, the figure in ⟨⟩. */
export type ProseFigure = { line: number; phrase: string };

/** A number with a unit, `about`, `≈` or `~` before it when there is one. A bare `s` needs its space (not `404s`). */
const FIGURE =
  /(?:(?:≈|~)\s*|\babout\s+)?(?<![\w.,:/-])\d[\d,.]*(?:\s?(?:ms|KB|MB|GB|KiB|MiB|GiB|%)|\s(?:s|min|minutes?|seconds?|milliseconds?|hours?|fps))(?!\w)/g;

/** A size in ⟨⟩ (`5 MB`, `~20 KB`, `64 KiB`). */
const SIZE = '⟨[^⟩]*[KMG]i?B⟩';

/**
 * What a number with a unit may be in prose, each tested on the figure in ⟨⟩ with the
 * words around it (code spans blanked, lines joined). Not one of them admits a value
 * measured: those belong in a figures block.
 */
export const ALLOWED: readonly { pattern: RegExp; reason: string }[] = [
  {
    pattern:
      /(?:[≤≥<>±]|\b(?:under|over|at most|at least|up to|within|until|past|pass|passes|goal|target))\s*(?:[\d,.]+\s?[\w%]+\s*(?:,|and|or)\s*)?⟨/,
    reason: 'a bound (a goal, a limit, what a test asserts): it compares, it reports no measurement',
  },
  {
    pattern:
      /(?:\b(?:limit|limit of|timeout|timeout is|timeout of|every|after|waits|waited)\s*\(?\s*⟨|⟩\s*by default)/,
    reason: 'a setting: a limit, a timeout, a pause, a period or a default the code sets',
  },
  {
    pattern: new RegExp(
      `${SIZE}\\s(?:[a-z-]+\\s)?(?:files?|folder|workspaces?|tree|paste|upload|message|strings|error|outputs?|reads|text|tmpfs|disk|scratch|zipped|unpacked|raw|cap|left|of|per)\\b`,
    ),
    reason:
      'the size of what a test makes or the code caps, said of the thing ("a 5 MB paste", "the 50 KB cap", ' +
      '"2 MB of output"); a measured size is said of something ("the precache is N KB")',
  },
  {
    pattern: /⟨[^⟩]*\ss⟩ (?:wait|grace|timeout)\b|\btaking ⟨50 ms⟩ per answer/,
    reason:
      'a length of time the code or a bench sets ("a 60 s wait", "the app\'s 3 s grace", the scripted delay)',
  },
  {
    pattern: /\bin ⟨30 %⟩ of kills|\bin ⟨20 %⟩ the agent worker|\bon ⟨40 %⟩ of the replies/,
    reason: 'the kill and chaos benches’ settings: how often each kind of fault is played',
  },
  {
    pattern: /"Retrying in ⟨4 s⟩|"Last test: Connected · 6 tools · ⟨3 min⟩ ago/,
    reason: 'text the app shows, quoted as an example',
  },
];

/** `text` with its figures blocks, code fences, code spans and comments blanked, line breaks kept. */
function prose(text: string): string {
  const blank = (part: string) => part.replaceAll(/[^\n]/g, ' ');
  return text
    .replaceAll(FIGURES_BLOCK, blank)
    .replaceAll(/^ *(`{3,}|~{3,})[\s\S]*?^ *\1/gm, blank)
    .replaceAll(/<!--[\s\S]*?-->/g, blank)
    .replaceAll(/`[^`]+`/g, blank);
}

/** The figures in `text`'s prose that no entry of `ALLOWED` admits, in order. */
export function proseFigures(text: string): ProseFigure[] {
  const plain = prose(text);
  const words = (part: string) => part.replaceAll(/\s+/g, ' ');
  const found: ProseFigure[] = [];
  for (const match of plain.matchAll(FIGURE)) {
    const start = match.index;
    const end = start + match[0].length;
    const phrase = `${words(plain.slice(Math.max(0, start - 60), start)).trimStart()}⟨${match[0].replaceAll(/\s+/g, ' ')}⟩${words(plain.slice(end, end + 40)).trimEnd()}`;
    if (ALLOWED.some(({ pattern }) => pattern.test(phrase))) continue;
    found.push({ line: plain.slice(0, start).split('\n').length, phrase });
  }
  return found;
}
