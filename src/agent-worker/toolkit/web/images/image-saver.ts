import type { WorkspacePort } from '@/agent-worker/toolkit/ports/workspace-files-port.ts';
import { NetworkError, type NetworkPort } from '@/shared/protocol/ports/network-port.ts';
import type { ProgressPort } from '@/shared/protocol/ports/progress-port.ts';
import type { SearchImage } from '@/shared/protocol/tool-meta/search-meta.ts';
import type { FailedImage, SearchHit } from '@/shared/protocol/web/search-results.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import { readImageFacts } from './image-bytes.ts';
import type { Thumbnailer } from './thumbnails.ts';

/** Where image results are saved. */
export const IMAGES_FOLDER = `${WORKSPACE_ROOT}/images`;
/** Most images downloaded for one search. */
export const MAX_IMAGES = 8;
/** Largest image downloaded, in bytes. */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Downloads at once. */
const CONCURRENT_DOWNLOADS = 3;

export type ImageSaverPorts = {
  /** Reaches the image hosts (the providers' own, and any site when `direct` is on). */
  network: NetworkPort;
  workspace: WorkspacePort;
  progress: ProgressPort;
  thumbnailer: Thumbnailer;
  /** `url` through the person's CORS proxy, or null. */
  proxied(url: string): string | null;
};

/**
 * Downloads the image results (best ranked first, at most `MAX_IMAGES`) into
 * `/home/ubuntu/images/`: the full image when it can be fetched, else the source's own
 * smaller rendition, else through the CORS proxy; its true size read from the bytes; a
 * thumbnail drawn beside it (or the source's thumbnail, or the image itself, where no
 * thumbnail can be drawn). An image that cannot be saved is listed with the reason.
 */
export async function saveImages(
  hits: readonly SearchHit[],
  ports: ImageSaverPorts,
  signal: AbortSignal,
): Promise<{ images: SearchImage[]; failed: FailedImage[] }> {
  const wanted = hits.filter((hit) => hit.image).slice(0, MAX_IMAGES);
  const saved: (SearchImage | FailedImage)[] = new Array(wanted.length);
  const usedNames = new Set<string>();
  let next = 0;
  let done = 0;
  ports.progress.status({ text: `Downloading ${wanted.length} images`, done: 0, total: wanted.length });
  const worker = async () => {
    while (next < wanted.length) {
      const index = next;
      next += 1;
      const hit = wanted[index] as SearchHit;
      saved[index] = await saveOne(hit, baseName(hit, usedNames), ports, signal);
      done += 1;
      ports.progress.status({
        text: `Downloaded ${done} of ${wanted.length} images`,
        done,
        total: wanted.length,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_DOWNLOADS, wanted.length) }, worker));
  return {
    images: saved.filter((item): item is SearchImage => 'path' in item),
    failed: saved.filter((item): item is FailedImage => 'reason' in item),
  };
}

async function saveOne(
  hit: SearchHit,
  name: string,
  ports: ImageSaverPorts,
  signal: AbortSignal,
): Promise<SearchImage | FailedImage> {
  const image = hit.image as NonNullable<SearchHit['image']>;
  const attempts = [image.url, image.thumbnail_url, ports.proxied(image.url)].filter(
    (url, index, all): url is string => typeof url === 'string' && all.indexOf(url) === index,
  );
  let firstReason = '';
  for (const url of attempts) {
    const outcome = await download(url, ports.network, signal);
    if (typeof outcome === 'string') {
      firstReason ||= outcome;
      continue;
    }
    const { bytes, facts } = outcome;
    // An earlier search may have saved an image under the same name: keep it.
    let free = name;
    for (
      let suffix = 2;
      await ports.workspace.exists(`${IMAGES_FOLDER}/${free}.${facts.extension}`);
      suffix += 1
    )
      free = `${name}-${suffix}`;
    const path = `${IMAGES_FOLDER}/${free}.${facts.extension}`;
    await ports.workspace.save(path, bytes);
    const thumbnail = await ports.thumbnailer(bytes, facts.mime).catch(() => null);
    let thumb = path;
    if (thumbnail) {
      thumb = `${IMAGES_FOLDER}/${free}_thumb.${thumbnail.extension}`;
      await ports.workspace.save(thumb, thumbnail.bytes);
    }
    return {
      path,
      thumb,
      width: facts.width,
      height: facts.height,
      source_url: url,
      title: hit.title,
      ...(image.license ? { license: image.license } : {}),
      ...(image.author ? { author: image.author } : {}),
    };
  }
  return { url: image.url, title: hit.title, reason: firstReason || 'no address to download it from' };
}

/** The image and what its bytes say, or why it could not be had. */
async function download(
  url: string,
  network: NetworkPort,
  signal: AbortSignal,
): Promise<{ bytes: Uint8Array; facts: NonNullable<ReturnType<typeof readImageFacts>> } | string> {
  try {
    const response = await network.fetch({ url, maxBytes: MAX_IMAGE_BYTES, signal });
    if (response.status !== 200) return `${new URL(url).host} answered ${response.status}`;
    const facts = readImageFacts(response.body);
    if (!facts) return `${new URL(url).host} did not send an image`;
    return { bytes: response.body, facts };
  } catch (error) {
    if (signal.aborted) throw error;
    return error instanceof NetworkError ? error.message : String(error);
  }
}

/** A file name from the result's title: lower-case words, unique in this search. */
function baseName(hit: SearchHit, used: Set<string>): string {
  const slug =
    hit.title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/^file:/, '')
      .replace(/\.(png|jpe?g|gif|webp|svg|tiff?|bmp)$/, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'image';
  let name = `${slug}-${hit.rank}`;
  for (let suffix = 2; used.has(name); suffix += 1) name = `${slug}-${hit.rank}-${suffix}`;
  used.add(name);
  return name;
}
