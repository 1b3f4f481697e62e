import type { ExecOptions, SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';

/** How the run's secrets are replaced: in text, and in file content (UTF-8 text only). */
export type SandboxRedaction = {
  text: (text: string) => string;
  content: (content: string | Uint8Array) => string | Uint8Array;
};

/**
 * The sandbox as a run's tools see it: every path, command, input and written content
 * with the run's secrets replaced before it reaches the sandbox. The model never holds a
 * key, but one that got it anyway (a page that tricked a server into quoting it) would
 * otherwise put it in the workspace (`echo KEY > file`, a file written with it), which is
 * saved, exported in bundles and zipped; its call's arguments are already redacted in the log.
 */
export function redactingSandbox(sandbox: SandboxPort, redact: SandboxRedaction): SandboxPort {
  const { text } = redact;
  const execOptions = (options: ExecOptions | undefined) =>
    options?.cwd === undefined ? options : { ...options, cwd: text(options.cwd) };
  return {
    get kind() {
      return sandbox.kind;
    },
    readFile: (path) => sandbox.readFile(text(path)),
    readText: (path) => sandbox.readText(text(path)),
    writeFile: (path, content) => sandbox.writeFile(text(path), redact.content(content)),
    appendFile: (path, content) => sandbox.appendFile(text(path), text(content)),
    list: (path) => sandbox.list(text(path)),
    stat: (path) => sandbox.stat(text(path)),
    mkdir: (path) => sandbox.mkdir(text(path)),
    remove: (path, options) => sandbox.remove(text(path), options),
    rename: (from, to) => sandbox.rename(text(from), text(to)),
    exec: (session, command, options) => sandbox.exec(session, text(command), execOptions(options)),
    wait: (session, timeoutSeconds, signal) => sandbox.wait(session, timeoutSeconds, signal),
    send: (session, input) => sandbox.send(session, text(input)),
    kill: (session) => sandbox.kill(session),
    view: (session) => sandbox.view(session),
    onEvent: (listener) => sandbox.onEvent(listener),
    listServers: () => sandbox.listServers(),
  };
}
