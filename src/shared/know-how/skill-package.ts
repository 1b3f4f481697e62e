import { parseDocument } from 'yaml';
import { z } from 'zod';
import { quoted } from '../bundle/bundle-paths.ts';
import type { KnowHowFile, SkillRow } from '../protocol/know-how.ts';
import { byPath, filesProblem, KNOW_HOW_LIMITS } from './know-how-files.ts';
import { openKnowHowZip } from './know-how-zip.ts';

/** What one skill may hold: enough for scripts, templates and references, not a dataset. */
export const SKILL_LIMITS = KNOW_HOW_LIMITS;

/** Why a skill was refused, in words a person can act on. */
export class SkillError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SkillError';
  }
}

/**
 * The front matter the Agent Skills format defines (agentskills.io/specification): `name`
 * 1–64 characters of lowercase letters, digits and hyphens, not starting or ending with
 * one and never two in a row; `description` 1–1024 characters; `compatibility` at most
 * 500; `license`, `metadata` (text to text) and `allowed-tools` optional.
 */
const FrontMatter = z.object({
  name: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'The front matter has no `name`.' : 'The `name` must be text.',
    })
    .min(1, 'The `name` is empty.')
    .max(64, 'The `name` is longer than 64 characters.')
    .refine((name) => /^[a-z0-9-]+$/.test(name), {
      error: (issue) =>
        `The name ${quoted(String(issue.input))} may hold only lowercase letters, digits and hyphens (no spaces or capitals).`,
    })
    .refine(
      (name) => !name.startsWith('-') && !name.endsWith('-'),
      'The `name` may not start or end with a hyphen.',
    )
    .refine((name) => !name.includes('--'), 'The `name` may not hold two hyphens in a row.'),
  description: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'The front matter has no `description`.'
          : 'The `description` must be text.',
    })
    .trim()
    .min(1, 'The `description` is empty.')
    .max(1024, 'The `description` is longer than 1024 characters.'),
  license: z.string({ error: 'The `license` must be text.' }).optional(),
  compatibility: z
    .string({ error: 'The `compatibility` must be text.' })
    .min(1, 'The `compatibility` is empty (leave it out instead).')
    .max(500, 'The `compatibility` is longer than 500 characters.')
    .optional(),
  metadata: z.record(z.string(), z.string(), { error: 'The `metadata` must map text to text.' }).optional(),
  'allowed-tools': z.string({ error: 'The `allowed-tools` must be text.' }).optional(),
});

/** A skill read from its files, ready to install (not yet on). */
export type SkillPackage = Omit<SkillRow, 'enabled' | 'installedAt'>;

/**
 * Reads a skill from its files: paths relative to what was picked (a folder's files, or a
 * zip's entries). The skill's folder is the one holding `SKILL.md`: the top, or one folder
 * down (a zip of the folder). Everything outside it is ignored; a second SKILL.md at the
 * same depth is refused, as are unsafe paths and a skill past the limits.
 */
export function readSkill(files: readonly KnowHowFile[]): SkillPackage {
  const manifests = files.filter((file) => /^(?:[^/]+\/)?SKILL\.md$/.test(file.path));
  if (manifests.length === 0)
    throw new SkillError(
      'There is no SKILL.md at the top or in the one folder inside, so this is not an Agent Skill.',
    );
  const top = manifests.filter((file) => file.path === 'SKILL.md');
  if (top.length === 0 && manifests.length > 1)
    throw new SkillError(`This holds ${manifests.length} skills; install them one at a time.`);
  const manifest = top[0] ?? manifests[0]!;
  const folder = manifest.path === 'SKILL.md' ? '' : manifest.path.slice(0, -'SKILL.md'.length);
  const inside = files
    .filter((file) => file.path.startsWith(folder))
    .map((file) => ({ path: file.path.slice(folder.length), bytes: file.bytes }));
  const problem = filesProblem(inside, 'skill');
  if (problem !== null) throw new SkillError(problem);
  const front = frontMatterOf(new TextDecoder().decode(manifest.bytes));
  const folderName = folder.replace(/\/$/, '');
  if (folderName !== '' && folderName !== front.name)
    throw new SkillError(
      `The name ${quoted(front.name)} differs from its folder ${quoted(folderName)}; the format wants them the same.`,
    );
  return {
    name: front.name,
    description: front.description,
    ...(front.license ? { license: front.license } : {}),
    ...(front.compatibility ? { compatibility: front.compatibility } : {}),
    files: inside.sort(byPath),
  };
}

/** The files of a zip (its folders left out), read with the bundles' hardened reader. */
export function zipFiles(bytes: Uint8Array): KnowHowFile[] {
  const zip = openKnowHowZip(bytes, (reason) => new SkillError(`The zip could not be read: ${reason}`));
  return zip.entries
    .filter((entry) => !entry.isDirectory)
    .map((entry) => ({ path: entry.name, bytes: zip.read(entry) }));
}

/** The front matter of a SKILL.md, checked; a SkillError says what is wrong. */
export function frontMatterOf(text: string): z.infer<typeof FrontMatter> {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)/.exec(text);
  if (!match)
    throw new SkillError(
      'SKILL.md must start with YAML front matter between two --- lines, giving at least `name` and `description`.',
    );
  const document = parseDocument(match[1] ?? '', { uniqueKeys: true });
  const yamlError = document.errors[0];
  if (yamlError)
    throw new SkillError(`The front matter is not valid YAML: ${yamlError.message.split('\n')[0]}`);
  const parsed = FrontMatter.safeParse(document.toJS() ?? {});
  if (!parsed.success)
    throw new SkillError(parsed.error.issues[0]?.message ?? 'The front matter is not valid.');
  return parsed.data;
}
