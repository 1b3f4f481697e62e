import type { BundleContents } from '../../src/shared/bundle/bundle-format.ts';
import { hostilePageHtml, XSS_MARK, XSS_PAYLOADS } from '../fixtures/web/xss-corpus.ts';
import { gradientPng } from './web-views-samples.ts';

/**
 * The XSS-everywhere bundle's texts, workspace and schedules: every payload of the corpus
 * in file names and in the contents of text, markdown, HTML, SVG and JSON files, and in
 * schedule names (one per payload, and one of the 200 characters a name may have).
 */

const encoder = new TextEncoder();

/** Every payload, a paragraph each (the unclosed ones come last, as in the corpus). */
export const ALL_PAYLOADS = XSS_PAYLOADS.join('\n\n');

/** A payload as one line without slashes: fit for a file name or a single-line field. */
export function oneLine(payload: string): string {
  return payload.replaceAll('/', '_').replaceAll(/[\r\n\t]/g, ' ');
}

/** Every payload on one line (about 4 KB): a title, a description, a toast's file name. */
export const ALL_ON_ONE_LINE = XSS_PAYLOADS.map(oneLine).join(' ');

/** The conversation id the bundle carries (import gives it a new one). */
export const ID = 'xss-everywhere';

/** Where the hostile files live in the workspace, relative to /home/ubuntu. */
export const HOSTILE_FOLDER = 'hostile';

/** The workspace files whose contents are every payload, by what the viewer does with them. */
export const HOSTILE_FILES = {
  html: `${HOSTILE_FOLDER}/${oneLine(XSS_PAYLOADS[0] ?? '')} page.html`,
  markdown: `${HOSTILE_FOLDER}/${oneLine(XSS_PAYLOADS[8] ?? '')} notes.md`,
  svg: `${HOSTILE_FOLDER}/${oneLine(XSS_PAYLOADS[12] ?? '')} drawing.svg`,
  text: `${HOSTILE_FOLDER}/${oneLine(XSS_PAYLOADS[20] ?? '')} plain.txt`,
  json: `${HOSTILE_FOLDER}/data.json`,
  image: 'generated/picture.png',
  deck: 'deck/index.html',
  site: 'site/index.html',
} as const;

/** An SVG that would run script three ways if it were ever a document of this app. */
function hostileSvg(): string {
  const text = XSS_PAYLOADS.map(
    (payload, index) =>
      `<text x="4" y="${16 + index * 14}">${payload.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</text>`,
  ).join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="480" height="${XSS_PAYLOADS.length * 14 + 20}" onload="${XSS_MARK}">
<script>${XSS_MARK}</script>
<a xlink:href="javascript:${XSS_MARK}"><rect width="40" height="10"/></a>
<foreignObject width="100" height="20"><img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="${XSS_MARK}"/></foreignObject>
${text}
</svg>
`;
}

/** The workspace: one file named by each payload, and the hostile files of `HOSTILE_FILES`. */
export function hostileWorkspace(): BundleContents['files'] {
  const files: BundleContents['files'] = [];
  const folder = (path: string) =>
    files.push({ path, kind: 'directory', size: 0, modifiedAt: 1, content: new Uint8Array() });
  const file = (path: string, content: Uint8Array | string) => {
    const bytes = typeof content === 'string' ? encoder.encode(content) : content;
    files.push({ path, kind: 'file', size: bytes.byteLength, modifiedAt: 1, content: bytes });
  };
  for (const name of [HOSTILE_FOLDER, 'generated', 'deck', 'site', 'pages']) folder(name);
  // One file per payload, named by it.
  XSS_PAYLOADS.forEach((payload, index) => {
    file(`${HOSTILE_FOLDER}/${oneLine(payload)} ${index}.txt`, payload);
  });
  file(HOSTILE_FILES.html, hostilePageHtml());
  file(HOSTILE_FILES.markdown, `# Notes\n\n${ALL_PAYLOADS}\n`);
  file(HOSTILE_FILES.svg, hostileSvg());
  file(HOSTILE_FILES.text, ALL_PAYLOADS);
  file(HOSTILE_FILES.json, JSON.stringify({ payloads: XSS_PAYLOADS }, null, 2));
  file(HOSTILE_FILES.image, gradientPng(64, 48, [200, 120, 90]));
  file(HOSTILE_FILES.deck, hostilePageHtml());
  file(HOSTILE_FILES.site, hostilePageHtml());
  file('pages/hostile.md', `# Hostile page\n\n${ALL_PAYLOADS}\n`);

  return files;
}

/** One paused schedule per payload (its name; every payload in its prompt and playbook), a 200-character name first. */
export function hostileSchedules(conversationId: string): Record<string, unknown>[] {
  const schedules = XSS_PAYLOADS.map((payload, index) => ({
    id: `schedule-${index}`,
    name: payload.slice(0, 200),
    type: 'cron',
    cron: '0 0 9 * * *',
    repeat: true,
    remainingRuns: null,
    prompt: ALL_PAYLOADS,
    playbook: ALL_PAYLOADS,
    timeZone: 'UTC',
    providerId: null,
    profileId: 'manus',
    originConversationId: conversationId,
    createdAt: 1000,
    updatedAt: 1000,
    paused: true,
    nextRunAt: Date.UTC(2027, 0, 1),
    lastRun: null,
    missed: [],
    missedCount: 0,
  }));
  // A long name (the 200 characters a name may have, of markup) first in the list.
  schedules.unshift({ ...schedules[0]!, id: 'schedule-long', name: ALL_ON_ONE_LINE.slice(0, 200) });

  return schedules;
}
