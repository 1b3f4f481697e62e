import type { VisionPort } from '@/agent-worker/toolkit/ports/vision-port.ts';
import type { LiveReading } from '@/agent-worker/toolkit/ports/web-port.ts';
import type { ObservationImage } from '@/shared/protocol/model-image-limits.ts';
import {
  consoleCounts,
  type PreviewConsoleEntry,
  type PreviewElement,
  type PreviewPageState,
} from '@/shared/protocol/preview-browser.ts';
import type { BrowserMeta } from '@/shared/protocol/tool-meta/browser-meta.ts';
import { asWebContent } from '../web-content.ts';

/**
 * A rendered page as the model reads it: its console, its interactive elements, its
 * screenshot. The page's words (messages, labels, values) stay inside web-content blocks:
 * the agent wrote the page, but what it shows may come from anywhere.
 */

/** "no errors" said plainly, else the counts and each entry (log lines too) with its file and line. */
export function consoleReport(entries: readonly PreviewConsoleEntry[], pageUrl: string): string {
  if (entries.length === 0) return 'Console: no errors or warnings.';
  const { errors, warnings, messages } = consoleCounts(entries);
  const counts = [
    errors === 0 ? 'no errors' : counted(errors, 'error'),
    ...(warnings > 0 ? [counted(warnings, 'warning')] : []),
    ...(messages > 0 ? [counted(messages, 'other message')] : []),
  ].join(', ');
  return `Console: ${counts}.\n${asWebContent(`console of ${pageUrl}`, entries.map(consoleLine).join('\n'))}`;
}

const KIND_WORDS = { uncaught: 'uncaught', rejection: 'unhandled rejection', console: 'console' } as const;

/** `- [error] notes-app/app.js:12:5 (uncaught): TypeError: …` */
export function consoleLine(entry: PreviewConsoleEntry): string {
  const line = entry.line ? `:${entry.line}${entry.column ? `:${entry.column}` : ''}` : '';
  const where = entry.source ? `${entry.source}${line}` : 'the page';
  const message = entry.message.trim().replace(/\n/g, '\n  ');
  return `- [${entry.level}] ${where} (${KIND_WORDS[entry.kind]}): ${message}`;
}

/** An element as browser-use lists it: `[3]<button>Add</button>`, a field's type and value as attributes. */
export function elementLine(element: PreviewElement): string {
  const attribute = (name: string, value: string | undefined) =>
    value === undefined ? '' : ` ${name}="${oneLine(value).replace(/"/g, '&quot;')}"`;
  const attributes = `${attribute('type', element.type)}${attribute('value', element.value)}`;
  return `[${element.index}]<${element.tag}${attributes}>${oneLine(element.label)}</${element.tag}>`;
}

/** The screenshot for a model that sees images (else nothing), or a sentence on why none is shown. */
export async function screenshotForModel(
  state: PreviewPageState,
  vision: VisionPort,
  label: string,
): Promise<{ images: ObservationImage[]; note: string | null }> {
  if (!vision.seesImages) return { images: [], note: null };
  if (!state.screenshot)
    return {
      images: [],
      note: `No screenshot: ${state.screenshotRefused ?? 'the page could not be drawn'}.`,
    };
  const image = await vision.imageForModel(state.screenshot.bytes, 'image/png', label);
  if ('refused' in image)
    return { images: [], note: `The screenshot could not be shown to you: ${image.refused}` };
  return { images: [image], note: 'A screenshot of the page follows this observation.' };
}

/** What an observation says of a page asked for live, the image it shows, and the meta it adds. */
export type LiveReport = {
  lines: string[];
  images: ObservationImage[];
  meta: Pick<BrowserMeta, 'rendered' | 'console' | 'not_rendered'>;
};

/**
 * How a page asked for live was read: rendered (its console and screenshot), or from its
 * file and why. Nothing for a page that was not asked for live (a web page).
 */
export async function liveReport(
  live: LiveReading | undefined,
  vision: VisionPort,
  label: string,
): Promise<LiveReport> {
  if (!live) return { lines: [], images: [], meta: {} };
  if ('notRendered' in live)
    return {
      lines: [`It was read from its file, without running its scripts: ${live.notRendered}`],
      images: [],
      meta: { rendered: false, not_rendered: live.notRendered },
    };
  const { state } = live;
  const screenshot = await screenshotForModel(state, vision, label);
  return {
    lines: [consoleReport(state.console, state.url), ...(screenshot.note ? [screenshot.note] : [])],
    images: screenshot.images,
    meta: { rendered: true, console: state.console },
  };
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
