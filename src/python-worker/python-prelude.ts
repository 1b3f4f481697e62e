/**
 * The Python side of a run, defined once when Pyodide has loaded: runs code, a script or
 * a module as `__main__` the way `python3` does, maps `SystemExit` to an exit code,
 * prints an uncaught exception's traceback without these frames, and forgets the
 * workspace's own modules afterwards so an edited module is imported afresh.
 */
export const PYTHON_PRELUDE = `
import builtins, os, runpy, signal, sys, traceback

# CPython reads the shared interrupt buffer and then zeroes it, which can drop a Stop written
# in between; the host writes it again until the run ends. A run gets one KeyboardInterrupt
# (armed while it runs), and a Stop between runs is ignored.
_sandpiper_stop = {'armed': False}

def _sandpiper_on_stop(signum, frame):
    if _sandpiper_stop['armed']:
        _sandpiper_stop['armed'] = False
        raise KeyboardInterrupt

signal.signal(signal.SIGINT, _sandpiper_on_stop)

_SANDPIPER_FILES = {'<sandpiper>', runpy.__file__}

def _sandpiper_trim(tb):
    while tb is not None and (
        tb.tb_frame.f_code.co_filename in _SANDPIPER_FILES
        or tb.tb_frame.f_code.co_filename.startswith('<frozen runpy')
    ):
        tb = tb.tb_next
    return tb

def _sandpiper_exit_code(code):
    if code is None:
        return 0
    if isinstance(code, bool) or not isinstance(code, int):
        print(code, file=sys.stderr)
        return 1
    return code & 0xFF

def _sandpiper_run(mode, target, argv, cwd):
    modules_before = set(sys.modules)
    first_path = None
    exit_code = 0
    # The setup is inside the try: a Stop given before the run started interrupts it here.
    try:
        _sandpiper_stop['armed'] = True
        # Fresh standard streams each run, as in a new process (a script may close them).
        sys.stdin = open(0, 'r', closefd=False, encoding='utf-8', errors='surrogateescape')
        sys.stdout = open(1, 'w', closefd=False, encoding='utf-8', errors='backslashreplace')
        sys.stderr = open(2, 'w', closefd=False, encoding='utf-8', errors='backslashreplace', buffering=1)
        sys.argv = list(argv)
        os.makedirs(cwd, exist_ok=True)
        os.chdir(cwd)
        first_path = '' if mode != 'file' else os.path.dirname(os.path.abspath(target))
        sys.path.insert(0, first_path)
        if mode == 'code':
            namespace = {'__name__': '__main__', '__builtins__': builtins}
            exec(compile(target, '<string>', 'exec'), namespace)
        elif mode == 'file':
            runpy.run_path(target, run_name='__main__')
        else:
            runpy.run_module(target, run_name='__main__', alter_sys=True)
    except SystemExit as error:
        _sandpiper_stop['armed'] = False
        exit_code = _sandpiper_exit_code(error.code)
    except BaseException as error:
        # Disarmed first: a Stop while the traceback prints must not escape the run.
        _sandpiper_stop['armed'] = False
        traceback.print_exception(type(error), error, _sandpiper_trim(error.__traceback__))
        exit_code = 130 if isinstance(error, KeyboardInterrupt) else 1
        if isinstance(error, ModuleNotFoundError) and error.name:
            top = error.name.split('.')[0]
            print(
                f"note: {top} is not in Python's standard library. Install it with: pip install {top} "
                "(pip needs a network connection); the standard library (csv, json, sqlite3, "
                "statistics, datetime, re...) works offline.",
                file=sys.stderr,
            )
    finally:
        _sandpiper_stop['armed'] = False
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:
            pass
        if first_path is not None and first_path in sys.path:
            sys.path.remove(first_path)
        for name in set(sys.modules) - modules_before:
            file = getattr(sys.modules.get(name), '__file__', None) or ''
            if file.startswith(('/home/', '/tmp/')):
                sys.modules.pop(name, None)
    return exit_code
`;
