import type { WorkspacePort } from '@/agent-worker/toolkit/ports/workspace-files-port.ts';
import { baseName, WORKSPACE_ROOT, workspacePathOf } from '@/shared/protocol/workspace.ts';
import { DECK_SCRIPT, DECK_SCRIPT_PATH, deckDocument, type RenderedSlide } from './deck-html.ts';
import { countSlides, type SlideStack, splitOutline } from './outline.ts';
import { firstHeadingText, imageHrefsOf, isSafeLinkTarget, renderSlideMarkdown } from './render-markdown.ts';
import { REVEAL_ASSETS, type RevealAssetReader } from './reveal-assets.ts';

/** The folder, beside the outline, that holds a deck. */
export const DECK_FOLDER = 'slides';
/** Where the outline's images are copied, inside the deck folder. */
export const DECK_MEDIA_FOLDER = 'media';

/** A deck written to the workspace. Paths are absolute. */
export type BuiltDeck = {
  status: 'built';
  outlinePath: string;
  deckPath: string;
  slideCount: number;
  /** Horizontal positions (a vertical stack counts once). */
  stackCount: number;
  notesCount: number;
  /** Every file written beside `index.html`: reveal.js, the deck script, copied images. */
  assetPaths: string[];
  /** Things the deck does not do as the outline asked (an image that is missing, a remote one). */
  warnings: string[];
};

/** An outline a deck cannot be built from; `message` tells the model what to fix. */
export type DeckProblem = { status: 'problem'; message: string };

/**
 * Builds a self-contained reveal.js deck from the markdown outline at `outlinePath`:
 * `<outline folder>/slides/index.html`, the reveal.js files it needs under `reveal/`, its
 * start script, and the outline's workspace images copied under `media/`. Every link in
 * the deck is relative, so the folder opens from the preview route, from a bundle or from
 * disk. Sandbox failures (a full workspace) reject with the port's `SandboxError`.
 */
export async function buildDeck(
  outlinePath: string,
  workspace: WorkspacePort,
  readAsset: RevealAssetReader,
): Promise<BuiltDeck | DeckProblem> {
  const relativeOutline = workspacePathOf(outlinePath);
  if (relativeOutline === null) {
    return problem(`${outlinePath} is not a file in the workspace; outlines live under ${WORKSPACE_ROOT}/.`);
  }
  const outline = `${WORKSPACE_ROOT}/${relativeOutline}`;
  if (!(await workspace.exists(outline))) {
    return problem(
      `No outline at ${outline}. Write the slide content as markdown there first (slides separated by \`---\` lines), then call \`slides\` again.`,
    );
  }
  const stacks = splitOutline(new TextDecoder().decode(await workspace.read(outline)));
  if (stacks.length === 0) {
    return problem(
      `The outline ${outline} is empty. Write each slide's content as markdown, separated by \`---\` lines, then call \`slides\` again.`,
    );
  }

  const outlineFolder = outline.slice(0, outline.lastIndexOf('/'));
  const deckFolder = `${outlineFolder}/${DECK_FOLDER}`;
  const warnings: string[] = [];
  const images = await copyImages(stacks, outlineFolder, deckFolder, workspace, warnings);
  const imageSourceOf = (href: string) => images.sources.get(href) ?? null;
  const rendered: RenderedSlide[][] = stacks.map((stack) =>
    stack.map((slide) => ({
      html: renderSlideMarkdown(slide.markdown, imageSourceOf),
      notesHtml: slide.notes === null ? null : renderSlideMarkdown(slide.notes, imageSourceOf),
    })),
  );

  const assetPaths = [...images.copiedPaths];
  for (const asset of REVEAL_ASSETS) {
    const path = `${deckFolder}/${asset.path}`;
    await workspace.save(path, await readAsset(asset.packagePath));
    assetPaths.push(path);
  }
  const scriptPath = `${deckFolder}/${DECK_SCRIPT_PATH}`;
  await workspace.save(scriptPath, DECK_SCRIPT);
  assetPaths.push(scriptPath);

  const title = titleOf(stacks) ?? baseName(outlineFolder);
  const deckPath = `${deckFolder}/index.html`;
  await workspace.save(deckPath, deckDocument(title, rendered));
  return {
    status: 'built',
    outlinePath: outline,
    deckPath,
    slideCount: countSlides(stacks),
    stackCount: stacks.length,
    notesCount: stacks.flat().filter((slide) => slide.notes !== null).length,
    assetPaths,
    warnings,
  };
}

function problem(message: string): DeckProblem {
  return { status: 'problem', message };
}

function titleOf(stacks: readonly SlideStack[]): string | null {
  for (const slide of stacks.flat()) {
    const heading = firstHeadingText(slide.markdown);
    if (heading) return heading;
  }
  return null;
}

/**
 * Copies each workspace image the outline uses into the deck's media folder and returns
 * each href's new `src` (with the paths of the copies). Remote images are kept (with a warning: the deck needs the network
 * for them); missing files and unsafe sources get no entry (their alt text is shown).
 */
async function copyImages(
  stacks: readonly SlideStack[],
  outlineFolder: string,
  deckFolder: string,
  workspace: WorkspacePort,
  warnings: string[],
): Promise<{ sources: Map<string, string>; copiedPaths: string[] }> {
  const hrefs = new Set(
    stacks
      .flat()
      .flatMap((slide) => [
        ...imageHrefsOf(slide.markdown),
        ...(slide.notes === null ? [] : imageHrefsOf(slide.notes)),
      ]),
  );
  const sources = new Map<string, string>();
  const copied = new Map<string, string>();
  const usedNames = new Set<string>();
  for (const href of hrefs) {
    const target = href.trim();
    if (/^data:image\//i.test(target)) {
      sources.set(href, target);
      continue;
    }
    if (/^https?:/i.test(target)) {
      sources.set(href, target);
      warnings.push(`The image ${target} is remote: the deck shows it only when online.`);
      continue;
    }
    if (!isSafeLinkTarget(target) || target === '') {
      warnings.push(
        `The image source ${target || '(empty)'} is not a workspace file or web address; its alt text is shown.`,
      );
      continue;
    }
    const from = resolveWorkspaceFile(target, outlineFolder);
    if (from === null || !(await workspace.exists(from))) {
      warnings.push(`The image ${target} was not found${from ? ` at ${from}` : ''}; its alt text is shown.`);
      continue;
    }
    let copy = copied.get(from);
    if (copy === undefined) {
      copy = `${DECK_MEDIA_FOLDER}/${uniqueName(baseName(from), usedNames)}`;
      await workspace.save(`${deckFolder}/${copy}`, await workspace.read(from));
      copied.set(from, copy);
    }
    sources.set(href, encodeURI(copy));
  }
  return { sources, copiedPaths: [...copied.values()].map((copy) => `${deckFolder}/${copy}`) };
}

function resolveWorkspaceFile(href: string, outlineFolder: string): string | null {
  const withoutSuffix = href.replace(/[?#].*$/, '');
  let decoded = withoutSuffix;
  try {
    decoded = decodeURI(withoutSuffix);
  } catch {
    // Not valid percent-encoding: the path is taken as written.
  }
  const relative = workspacePathOf(decoded.startsWith('/') ? decoded : `${outlineFolder}/${decoded}`);
  return relative === null ? null : `${WORKSPACE_ROOT}/${relative}`;
}

function uniqueName(name: string, used: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  let candidate = name;
  for (let index = 2; used.has(candidate); index++) candidate = `${stem}-${index}${extension}`;
  used.add(candidate);
  return candidate;
}
