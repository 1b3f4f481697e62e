import { strToU8, type Zippable, zipSync } from 'fflate';
import { z } from 'zod';
import { bundlePathProblem, quoted } from '../bundle/bundle-paths.ts';
import type { ZipEntry } from '../bundle/zip-reader.ts';
import type { KnowHowFile, ProjectRow } from '../protocol/know-how.ts';
import { byPath, megabytes } from './know-how-files.ts';
import { openKnowHowZip } from './know-how-zip.ts';
import { PROJECT_LIMITS, ProjectError, projectFilesProblem, projectNameProblem } from './project-content.ts';

/**
 * A project as a zip, to carry it to another browser or keep it: `project.json`
 * (`{ format: 1, name, instructions }`) and each knowledge file under `files/<path>`.
 */
export const PROJECT_MANIFEST_PATH = 'project.json';
const FILES_FOLDER = 'files/';

/** The most `project.json` may weigh: instructions are text, not a knowledge file. */
const MAX_MANIFEST_BYTES = 1024 * 1024;

const ProjectManifest = z.object({
  format: z.literal(1, { error: 'its project.json is of another format than 1 (made by a newer version?).' }),
  name: z.string({ error: 'its project.json has no name.' }),
  instructions: z.string({ error: 'its project.json has no instructions text.' }),
});

/** What an archive holds: a project without its id and dates (an import makes a new one). */
export type ProjectArchive = Pick<ProjectRow, 'name' | 'instructions' | 'files'>;

/** The zip of a project: its manifest and its files, dated `exportedAt` (the zip format starts in 1980). */
export function encodeProjectArchive(project: ProjectArchive, exportedAt: number): Uint8Array {
  const manifest = { format: 1, name: project.name, instructions: project.instructions };
  const entries: Zippable = { [PROJECT_MANIFEST_PATH]: strToU8(`${JSON.stringify(manifest, null, 2)}\n`) };
  for (const file of project.files) entries[`${FILES_FOLDER}${file.path}`] = file.bytes;
  return zipSync(entries, { level: 6, mtime: Math.max(exportedAt, Date.UTC(1980, 0, 2)) });
}

/**
 * Reads a project's zip with the bundles' hardened reader (sizes, entry count and bombs
 * refused before inflating; every path checked). Throws a `ProjectError` saying why a zip
 * is refused: not a zip, no `project.json` or a wrong one, an entry that is neither the
 * manifest nor under `files/`, an unsafe path, a bad name, more files or bytes than a
 * project may hold. The files returned own their bytes (no view of the zip).
 */
export function decodeProjectArchive(bytes: Uint8Array): ProjectArchive {
  if (bytes.byteLength > PROJECT_LIMITS.maxBytes * 2)
    throw refused(`it is ${megabytes(bytes.byteLength)}, more than a project's zip may be.`);
  const zip = openKnowHowZip(bytes, refused, { entries: 1, bytes: MAX_MANIFEST_BYTES });
  const { entries } = zip;
  const manifestEntry = entries.find((entry) => entry.name === PROJECT_MANIFEST_PATH);
  if (!manifestEntry) throw refused('it has no project.json at its top.');
  const files: KnowHowFile[] = [];
  for (const entry of entries) {
    safeEntryPath(entry.name);
    if (entry.isDirectory || entry === manifestEntry) continue;
    if (!entry.name.startsWith(FILES_FOLDER))
      throw refused(`it holds ${quoted(entry.name)}, which is neither project.json nor under files/.`);
    files.push({ path: entry.name.slice(FILES_FOLDER.length), bytes: zip.read(entry) });
  }
  const manifest = manifestOf(zip.read, manifestEntry);
  if (manifest.name.trim() === '') throw refused('its project.json has an empty name.');
  const nameProblem = projectNameProblem(manifest.name);
  if (nameProblem) throw refused(nameProblem);
  const filesProblem = projectFilesProblem(files);
  if (filesProblem) throw refused(filesProblem);
  return {
    name: manifest.name.trim(),
    instructions: manifest.instructions,
    files: files.sort(byPath),
  };
}

function manifestOf(read: (entry: ZipEntry) => Uint8Array, entry: ZipEntry): z.infer<typeof ProjectManifest> {
  if (entry.size > MAX_MANIFEST_BYTES) throw refused('its project.json is over 1 MB.');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(read(entry)));
  } catch (error) {
    if (error instanceof ProjectError) throw error;
    throw refused('its project.json is not valid JSON.');
  }
  const parsed = ProjectManifest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refused(
      issue?.code === 'invalid_type' && issue.path.length === 0
        ? 'its project.json is not an object.'
        : (issue?.message ?? 'its project.json is not valid.'),
    );
  }
  return parsed.data;
}

function safeEntryPath(name: string): void {
  const problem = bundlePathProblem(name.endsWith('/') ? name.slice(0, -1) : name);
  if (problem !== null)
    throw refused(`it holds the path ${quoted(name)}, which is not allowed (${problem}).`);
}

function refused(reason: string): ProjectError {
  const sentence = reason.charAt(0).toLowerCase() + reason.slice(1);
  return new ProjectError(`This is not a project Sandpiper can import: ${sentence}`);
}
