import { workspaceLinkTarget } from '../shared/markdown.ts';

/**
 * Opens the workspace files that links in rendered model text name (see `renderMarkdown`)
 * with `open`, on a click or on Enter or Space (they are buttons to assistive technology),
 * for every such link inside `container`. Returns the function that stops listening.
 */
export function listenForWorkspaceLinks(container: HTMLElement, open: (path: string) => void): () => void {
  const onClick = (event: MouseEvent) => {
    const path = workspaceLinkTarget(event);
    if (path === null) return;
    event.preventDefault();
    open(path);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const path = workspaceLinkTarget(event);
    if (path === null) return;
    event.preventDefault();
    open(path);
  };
  container.addEventListener('click', onClick);
  container.addEventListener('keydown', onKeyDown);
  return () => {
    container.removeEventListener('click', onClick);
    container.removeEventListener('keydown', onKeyDown);
  };
}
