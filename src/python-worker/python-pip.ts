import type { OutputSink, PyodideLike } from './pyodide-like.ts';

/** What pip says when the package index cannot be reached (also the model's hint). */
export const PIP_OFFLINE_MESSAGE =
  'pip: cannot download packages: the package index is not reachable (offline, or blocked by the network). ' +
  'Packages such as numpy or pandas need `pip install` with a network connection; ' +
  "Python's standard library (csv, json, sqlite3, statistics, datetime, re...) works offline.\n";

const USAGE =
  'Usage: pip install <package>... | pip install -r requirements.txt | pip list | pip --version\n' +
  '(micropip under Pyodide: pure-Python wheels from PyPI and the packages Pyodide builds, such as numpy or pandas; online only)\n';

/**
 * `pip` over micropip: `install` (names or `-r file`), `list` and `--version`.
 * Installed packages last as long as this Python worker (until a reload or a restart).
 */
export async function runPip(pyodide: PyodideLike, argv: string[], output: OutputSink): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '-h' || command === '--help' || command === 'help') {
    output('stdout', USAGE);
    return 0;
  }
  if (command === '--version' || command === '-V') {
    output('stdout', 'pip (micropip, Pyodide)\n');
    return 0;
  }
  if (command === 'list' || command === 'freeze') {
    const listing = pyodide.runPython(
      "import sys\n'\\n'.join(sorted(f'{name}=={getattr(module, \"__version__\", \"\")}' for name, module in sys.modules.items() if '.' not in name and (getattr(module, '__file__', '') or '').find('site-packages') >= 0))",
    );
    output('stdout', listing ? `${String(listing)}\n` : '');
    return 0;
  }
  if (command !== 'install') {
    output('stderr', `pip: \`${command}\` is not supported here.\n${USAGE}`);
    return 2;
  }
  const names = packageNames(pyodide, rest);
  if (typeof names === 'string') {
    output('stderr', names);
    return 1;
  }
  if (names.length === 0) {
    output('stderr', `pip install: name at least one package.\n${USAGE}`);
    return 2;
  }
  if (!(await loadMicropip(pyodide))) {
    output('stderr', PIP_OFFLINE_MESSAGE);
    return 1;
  }
  try {
    const install = pyodide.globals.get('_sandpiper_pip_install') as (packages: string[]) => Promise<unknown>;
    await install(names);
    output(
      'stdout',
      `Successfully installed ${names.join(' ')} (until Python restarts or the page reloads)\n`,
    );
    return 0;
  } catch (error) {
    const message =
      String(error instanceof Error ? error.message : error)
        .trim()
        .split('\n')
        .pop() ?? '';
    const isNetwork = /fetch|network|connect|resolve|offline|Failed to/i.test(message);
    output(
      'stderr',
      isNetwork ? PIP_OFFLINE_MESSAGE : `pip: could not install ${names.join(' ')}: ${message}\n`,
    );
    return 1;
  }
}

/** Package names from the arguments (flags such as -q or -U are ignored; `-r file` is read). */
function packageNames(pyodide: PyodideLike, args: string[]): string[] | string {
  const names: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '-r' || arg === '--requirement') {
      index += 1;
      const file = args[index] ?? '';
      try {
        const text = new TextDecoder().decode(pyodide.FS.readFile(file));
        for (const line of text.split('\n')) {
          const name = line.replace(/#.*/, '').trim();
          if (name && !name.startsWith('-')) names.push(name);
        }
      } catch {
        return `pip: cannot read requirements file ${file}\n`;
      }
    } else if (!arg.startsWith('-')) names.push(arg);
  }
  return names;
}

/** Loads micropip (from the package CDN) once; false when it cannot be fetched. */
async function loadMicropip(pyodide: PyodideLike): Promise<boolean> {
  const isLoaded = () =>
    pyodide.runPython("import importlib.util\nimportlib.util.find_spec('micropip') is not None");
  if (!isLoaded()) {
    await pyodide.loadPackage('micropip', {
      messageCallback: () => undefined,
      errorCallback: () => undefined,
    });
    if (!isLoaded()) return false;
  }
  await pyodide.runPythonAsync(
    [
      'import micropip',
      'async def _sandpiper_pip_install(packages):',
      "    _sandpiper_stop['armed'] = True",
      '    try:',
      '        await micropip.install(list(packages))',
      '    finally:',
      "        _sandpiper_stop['armed'] = False",
      '',
    ].join('\n'),
    { filename: '<sandpiper>' },
  );
  return true;
}
