import { type Command, defineCommand, type IFileSystem } from 'just-bash';
import { normalizePath } from '../sandbox-paths.ts';
import { gitFileSystem } from './git-fs.ts';
import { longStatus, type StatusRow, shortCode, shortStatus } from './git-status-format.ts';

type CommandResult = { stdout: string; stderr: string; exitCode: number };

const SUBCOMMANDS = ['init', 'status', 'add', 'rm', 'commit', 'log', 'branch', 'config'] as const;
const NOT_A_REPOSITORY = 'fatal: not a git repository (or any of the parent directories): .git\n';
const DEFAULT_AUTHOR = { name: 'Sandpiper agent', email: 'agent@sandpiper.invalid' };

/** isomorphic-git, loaded on the first `git` (with the `Buffer` it expects in a browser). */
async function loadGit() {
  const { Buffer } = await import('buffer');
  (globalThis as { Buffer?: unknown }).Buffer ??= Buffer;
  return (await import('isomorphic-git')).default;
}

const ok = (stdout: string): CommandResult => ({ stdout, stderr: '', exitCode: 0 });
const fail = (stderr: string, exitCode = 1): CommandResult => ({ stdout: '', stderr, exitCode });

/**
 * `git` in the virtual shell, over isomorphic-git on the workspace itself: `init`,
 * `status` (long, `-s`), `add` (paths, `.`, `-A`), `rm --cached`, `commit -m`, `log`
 * (`--oneline`, `-n`), `branch` and `config user.name|user.email`, with `-C <dir>`. What
 * it cannot do here (diff, network, merges) it says, with exit code 1.
 */
/**
 * `git` over the shell's filesystem, or over `files` when given: the workspace without its
 * read-only mounts, so `git add .` never copies an installed skill or a project's files
 * into `.git` (which is saved with the workspace).
 */
export function gitCommand(files?: IFileSystem): Command {
  return defineCommand('git', async (args, context) => {
    let cwd = context.cwd;
    let rest = [...args];
    while (rest[0] === '-C' && rest[1] !== undefined) {
      cwd = resolve(cwd, rest[1]);
      rest = rest.slice(2);
    }
    const [subcommand, ...options] = rest;
    if (!subcommand || subcommand === '--help' || subcommand === 'help')
      return ok(`usage: git [-C <path>] <command> [<args>]\ncommands here: ${SUBCOMMANDS.join(', ')}\n`);
    if (subcommand === '--version' || subcommand === 'version') return ok('git version 2 (isomorphic-git)\n');
    if (!(SUBCOMMANDS as readonly string[]).includes(subcommand))
      return fail(
        `git: '${subcommand}' is not available in this sandbox (git runs on isomorphic-git here; no diff, network or merge). Available: ${SUBCOMMANDS.join(', ')}.\n`,
      );
    try {
      return await runSubcommand(subcommand, options, cwd, files ?? context.fs);
    } catch (error) {
      return fail(`fatal: ${error instanceof Error ? error.message : String(error)}\n`, 128);
    }
  });
}

function resolve(cwd: string, path: string): string {
  return normalizePath(path.startsWith('/') ? path : `${cwd}/${path}`);
}

async function runSubcommand(
  name: string,
  options: string[],
  cwd: string,
  shellFs: IFileSystem,
): Promise<CommandResult> {
  const git = await loadGit();
  const fs = gitFileSystem(shellFs);
  if (name === 'init') {
    // `-q`, `-b <branch>` and `--initial-branch=<branch>` are options, not the folder (`git init -q` made `-q/`).
    const branchAt = options.findIndex((option) => option === '-b' || option === '--initial-branch');
    const branch =
      (branchAt >= 0 ? options[branchAt + 1] : undefined) ??
      options.find((option) => option.startsWith('--initial-branch='))?.slice('--initial-branch='.length) ??
      'main';
    const folder = options.find(
      (option, index) => !option.startsWith('-') && (branchAt < 0 || index !== branchAt + 1),
    );
    const dir = folder ? resolve(cwd, folder) : cwd;
    const existed = await shellFs.exists(`${dir}/.git`);
    await git.init({ fs, dir, defaultBranch: branch });
    if (options.includes('-q') || options.includes('--quiet')) return ok('');
    return ok(`${existed ? 'Reinitialized existing' : 'Initialized empty'} Git repository in ${dir}/.git/\n`);
  }
  const dir = await git.findRoot({ fs, filepath: cwd }).catch(() => null);
  if (!dir) return fail(NOT_A_REPOSITORY, 128);
  const relative = (path: string) => resolve(cwd, path).slice(dir.length + 1);
  const hasCommits = await git.resolveRef({ fs, dir, ref: 'HEAD' }).then(
    () => true,
    () => false,
  );
  switch (name) {
    case 'status': {
      const rows = (await git.statusMatrix({ fs, dir })) as StatusRow[];
      if (options.includes('-s') || options.includes('--short') || options.includes('--porcelain'))
        return ok(shortStatus(rows));
      return ok(
        longStatus(await git.currentBranch({ fs, dir }).then((branch) => branch ?? null), hasCommits, rows),
      );
    }
    case 'add': {
      const all = options.some((option) => option === '-A' || option === '--all' || option === '.');
      const paths = options.filter((option) => !option.startsWith('-') && option !== '.');
      if (!all && paths.length === 0) return fail('Nothing specified, nothing added.\n');
      const rows = (await git.statusMatrix({ fs, dir })) as StatusRow[];
      const chosen = all
        ? rows
        : rows.filter(([path]) =>
            paths.some((given) => path === relative(given) || path.startsWith(`${relative(given)}/`)),
          );
      if (!all && chosen.length === 0)
        return fail(`fatal: pathspec '${paths[0]}' did not match any files\n`, 128);
      for (const [filepath, , workdir] of chosen) {
        if (workdir === 0) await git.remove({ fs, dir, filepath });
        else await git.add({ fs, dir, filepath });
      }
      return ok('');
    }
    case 'rm': {
      const paths = options.filter((option) => !option.startsWith('-'));
      for (const path of paths) {
        await git.remove({ fs, dir, filepath: relative(path) });
        if (!options.includes('--cached')) await shellFs.rm(resolve(cwd, path), { force: true });
      }
      return ok(paths.map((path) => `rm '${relative(path)}'\n`).join(''));
    }
    case 'commit': {
      // `-m msg`, and short flags run together before it (`-qm msg`, `-am msg`).
      const index = options.findIndex((option) => option === '--message' || /^-[aqv]*m$/.test(option));
      const message = index >= 0 ? options[index + 1] : undefined;
      const flags = index >= 0 ? (options[index] ?? '') : '';
      if (/^-[qv]*a[qv]*m$/.test(flags) || options.includes('-a') || options.includes('--all')) {
        // `-a`: what is tracked and changed (or deleted) is staged first, as git does.
        for (const [filepath, head, workdir] of (await git.statusMatrix({ fs, dir })) as StatusRow[]) {
          if (head === 0 || workdir === 1) continue;
          if (workdir === 0) await git.remove({ fs, dir, filepath });
          else await git.add({ fs, dir, filepath });
        }
      }
      const isQuiet = /^-[av]*q[av]*m$/.test(flags) || options.includes('-q') || options.includes('--quiet');
      if (!message)
        return fail('error: this sandbox needs the message on the command line: git commit -m "message"\n');
      const rows = (await git.statusMatrix({ fs, dir })) as StatusRow[];
      const staged = rows.filter((row) => {
        const code = shortCode(row);
        return code !== null && code !== '??' && code[0] !== ' ';
      });
      if (staged.length === 0) return fail('nothing to commit, working tree clean\n');
      const name = (await git.getConfig({ fs, dir, path: 'user.name' })) ?? DEFAULT_AUTHOR.name;
      const email = (await git.getConfig({ fs, dir, path: 'user.email' })) ?? DEFAULT_AUTHOR.email;
      const oid = await git.commit({ fs, dir, message, author: { name, email } });
      if (isQuiet) return ok('');
      const branch = (await git.currentBranch({ fs, dir })) ?? 'HEAD';
      const root = hasCommits ? '' : ' (root-commit)';
      return ok(
        `[${branch}${root} ${oid.slice(0, 7)}] ${message.split('\n')[0]}\n ${staged.length} file${staged.length === 1 ? '' : 's'} changed\n`,
      );
    }
    case 'log': {
      if (!hasCommits) return fail("fatal: your current branch 'main' does not have any commits yet\n", 128);
      const countOption = options.find((option) => /^-\d+$/.test(option));
      const nIndex = options.indexOf('-n');
      const depth = countOption
        ? Number(countOption.slice(1))
        : nIndex >= 0
          ? Number(options[nIndex + 1])
          : undefined;
      const commits = await git.log({ fs, dir, ...(depth ? { depth } : {}) });
      if (options.includes('--oneline'))
        return ok(
          commits.map(({ oid, commit }) => `${oid.slice(0, 7)} ${commit.message.split('\n')[0]}\n`).join(''),
        );
      return ok(
        commits
          .map(({ oid, commit }) => {
            const date = new Date(commit.author.timestamp * 1000).toUTCString();
            return `commit ${oid}\nAuthor: ${commit.author.name} <${commit.author.email}>\nDate:   ${date}\n\n    ${commit.message.trim().split('\n').join('\n    ')}\n`;
          })
          .join('\n'),
      );
    }
    case 'branch': {
      const created = options.find((option) => !option.startsWith('-'));
      if (created) {
        await git.branch({ fs, dir, ref: created });
        return ok('');
      }
      const current = await git.currentBranch({ fs, dir });
      const branches = await git.listBranches({ fs, dir });
      return ok(branches.map((branch) => `${branch === current ? '*' : ' '} ${branch}\n`).join(''));
    }
    case 'config': {
      const [key, value] = options.filter((option) => !option.startsWith('--'));
      if (!key) return fail('usage: git config <name> [<value>]\n');
      if (value === undefined) {
        const found = await git.getConfig({ fs, dir, path: key });
        return found === undefined ? fail('', 1) : ok(`${String(found)}\n`);
      }
      await git.setConfig({ fs, dir, path: key, value });
      return ok('');
    }
  }
  return fail(`git: '${name}' is not available in this sandbox.\n`);
}
