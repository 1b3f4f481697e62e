/** One row of isomorphic-git's `statusMatrix`: path, HEAD, working tree, index (see its docs). */
export type StatusRow = [string, 0 | 1, 0 | 1 | 2, 0 | 1 | 2 | 3];

/**
 * `git status -s` codes (XY) of a status row: X the index against HEAD, Y the working tree
 * against the index; `??` untracked; null for an unchanged file.
 */
export function shortCode([, head, workdir, stage]: StatusRow): string | null {
  if (head === 0 && stage === 0) return workdir === 0 ? null : '??';
  const x = head === 0 ? 'A' : stage === 0 ? 'D' : stage === 1 ? ' ' : 'M';
  let y = ' ';
  if (stage === 0) y = ' ';
  else if (workdir === 0) y = 'D';
  else if (stage === 1) y = workdir === 2 ? 'M' : ' ';
  else if (stage === 3) y = 'M';
  const code = `${x}${y}`;
  return code === '  ' ? null : code;
}

/**
 * Untracked paths as git lists them: a folder holding no tracked file shows once, as
 * `folder/`, at its highest such level; files elsewhere show by name. Sorted.
 */
export function untrackedEntries(rows: readonly StatusRow[]): string[] {
  const tracked = rows.filter(([, head, , stage]) => head === 1 || stage !== 0).map(([path]) => path);
  const hasTracked = (folder: string) => tracked.some((path) => path.startsWith(`${folder}/`));
  const entries = new Set<string>();
  for (const row of rows) {
    if (shortCode(row) !== '??') continue;
    const segments = row[0].split('/');
    let entry = row[0];
    for (let depth = 1; depth < segments.length; depth += 1) {
      const folder = segments.slice(0, depth).join('/');
      if (!hasTracked(folder)) {
        entry = `${folder}/`;
        break;
      }
    }
    entries.add(entry);
  }
  return [...entries].sort();
}

/** `git status -s` of a repository's rows: staged and unstaged changes, then untracked files. */
export function shortStatus(rows: readonly StatusRow[]): string {
  const lines = rows.flatMap((row) => {
    const code = shortCode(row);
    return code ? [{ code, path: row[0] }] : [];
  });
  const tracked = lines.filter((line) => line.code !== '??');
  const untracked = untrackedEntries(rows).map((path) => ({ code: '??', path }));
  return [...tracked, ...untracked].map((line) => `${line.code} ${line.path}\n`).join('');
}

/** `git status` in its long form, as git words it (the common cases). */
export function longStatus(branch: string | null, hasCommits: boolean, rows: readonly StatusRow[]): string {
  const coded = rows.flatMap((row) => {
    const code = shortCode(row);
    return code ? [{ code, path: row[0] }] : [];
  });
  const word = { A: 'new file', M: 'modified', D: 'deleted' } as const;
  const staged = coded.filter((line) => line.code !== '??' && line.code[0] !== ' ');
  const unstaged = coded.filter((line) => line.code !== '??' && line.code[1] !== ' ');
  const untracked = untrackedEntries(rows).map((path) => ({ path }));
  const parts = [branch ? `On branch ${branch}\n` : 'HEAD detached\n'];
  if (!hasCommits) parts.push('\nNo commits yet\n');
  if (staged.length > 0)
    parts.push(
      `\nChanges to be committed:\n${staged.map((line) => `\t${word[line.code[0] as 'A' | 'M' | 'D'].padEnd(10)}  ${line.path}\n`).join('')}`,
    );
  if (unstaged.length > 0)
    parts.push(
      `\nChanges not staged for commit:\n${unstaged.map((line) => `\t${word[line.code[1] as 'M' | 'D'].padEnd(10)}  ${line.path}\n`).join('')}`,
    );
  if (untracked.length > 0)
    parts.push(`\nUntracked files:\n${untracked.map((line) => `\t${line.path}\n`).join('')}`);
  if (coded.length === 0)
    parts.push(
      hasCommits
        ? '\nnothing to commit, working tree clean\n'
        : '\nnothing to commit (create/copy files and use "git add" to track)\n',
    );
  return parts.join('');
}
