import type { GeneratedFile } from '@/agent-worker/toolkit/ports/media-port.ts';
import type { WorkspacePort } from '@/agent-worker/toolkit/ports/workspace-files-port.ts';
import { readImageFacts } from '@/agent-worker/toolkit/web/images/image-bytes.ts';
import type { GeneratedFileMeta } from '@/shared/protocol/tool-meta/generated-media-meta.ts';
import { extensionForMime } from './file-names.ts';
import { GENERATED_FOLDER } from './generation-gate.ts';

/** Most numbered names tried before giving up on a free one. */
const MOST_SUFFIXES = 1000;

/**
 * Writes each file to `/home/ubuntu/generated/{stem}.{extension}`, never over an existing
 * file: the first free of `stem`, `stem-2`, `stem-3`… (so a batch of three is `fox`,
 * `fox-2`, `fox-3`). The extension follows the file's type. Returns what the meta records
 * of each, images with their size in pixels. A failed write after others says which were written.
 */
export async function saveGeneratedFiles(
  workspace: WorkspacePort,
  files: readonly GeneratedFile[],
  stem: string,
): Promise<GeneratedFileMeta[]> {
  const saved: GeneratedFileMeta[] = [];
  for (const file of files) {
    const free = await freePath(workspace, stem, extensionForMime(file.mime));
    let path: string;
    try {
      // Saved where the workspace says (a name holding a key the model sent is redacted).
      ({ path } = await workspace.save(free, file.bytes));
    } catch (error) {
      // The files already written stay (each is whole): the model is told where they are.
      if (saved.length === 0) throw error;
      const written = saved.map((entry) => entry.path).join(', ');
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${reason} ${saved.length} of ${files.length} files were written first: ${written}.`);
    }
    const facts = file.mime.startsWith('image/') ? readImageFacts(file.bytes) : null;
    saved.push({
      path,
      mime: file.mime,
      bytes: file.bytes.byteLength,
      ...(facts ? { width: facts.width, height: facts.height } : {}),
      ...(file.revisedPrompt ? { revised_prompt: file.revisedPrompt } : {}),
    });
  }
  return saved;
}

async function freePath(workspace: WorkspacePort, stem: string, extension: string): Promise<string> {
  for (let number = 1; number <= MOST_SUFFIXES; number += 1) {
    const path = `${GENERATED_FOLDER}/${number === 1 ? stem : `${stem}-${number}`}.${extension}`;
    if (!(await workspace.exists(path))) return path;
  }
  throw new Error(
    `${GENERATED_FOLDER} already holds ${MOST_SUFFIXES} files named ${stem}; choose another file_name.`,
  );
}
