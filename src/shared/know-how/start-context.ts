import {
  isSavedMemory,
  PROJECT_ROOT,
  type ReadOnlyMount,
  SKILLS_ROOT,
  type StartContext,
} from '../protocol/know-how.ts';
import type { KnowHowRepository } from '../storage/know-how-repository.ts';

/**
 * What a new conversation starts with: the skills that are on (by name), the project it
 * is started in (null: none, or a project since deleted) and the saved memories that are
 * on (oldest first; the agent's proposals wait for the person). Kept on the conversation's row, so its context never changes after.
 */
export async function startContextFor(
  knowHow: KnowHowRepository,
  projectId: string | null,
): Promise<StartContext> {
  const [skills, project, memories] = await Promise.all([
    knowHow.skills.list(),
    projectId === null ? null : knowHow.projects.get(projectId),
    knowHow.memories.list(),
  ]);
  return {
    skills: skills
      .filter((skill) => skill.enabled)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ name, description }) => ({ name, description, location: `${SKILLS_ROOT}/${name}/SKILL.md` })),
    project: project && {
      id: project.id,
      name: project.name,
      instructions: project.instructions,
      files: project.files.map((file) => `${PROJECT_ROOT}/${file.path}`).sort(),
    },
    memories: memories
      .filter((memory) => memory.enabled && isSavedMemory(memory))
      .sort((a, b) => a.createdAt - b.createdAt)
      .map(({ id, text }) => ({ id, text })),
  };
}

/**
 * The read-only trees a conversation's sandbox shows: each skill it started with that is
 * still installed, at `skills/<name>/`, and its project's files as they are now, at
 * `project/`. A skill removed since is simply absent (reading its SKILL.md says so).
 */
export async function sandboxMountsFor(
  knowHow: KnowHowRepository,
  startContext: StartContext | undefined,
): Promise<ReadOnlyMount[]> {
  if (!startContext) return [];
  const [skills, project] = await Promise.all([
    Promise.all(startContext.skills.map((skill) => knowHow.skills.get(skill.name))),
    startContext.project ? knowHow.projects.get(startContext.project.id) : null,
  ]);
  const mounts: ReadOnlyMount[] = skills.flatMap((skill) =>
    skill ? [{ mountPoint: `${SKILLS_ROOT}/${skill.name}`, files: skill.files }] : [],
  );
  if (project) mounts.push({ mountPoint: PROJECT_ROOT, files: project.files });
  return mounts;
}
