/** Icon names; actions map onto these through `actionIcon`. */
export type IconName =
  | 'fork'
  | 'plan'
  | 'refresh'
  | 'message'
  | 'shell'
  | 'file'
  | 'match'
  | 'search'
  | 'schedule'
  | 'expose'
  | 'browser'
  | 'generate'
  | 'slides'
  | 'webdev'
  | 'tool'
  | 'check'
  | 'cross'
  | 'plus'
  | 'gear'
  | 'trash'
  | 'menu'
  | 'close'
  | 'sun'
  | 'moon'
  | 'monitor'
  | 'stop'
  | 'send'
  | 'chevron-left'
  | 'chevron-right'
  | 'chevron-down'
  | 'link'
  | 'image'
  | 'document'
  | 'code'
  | 'archive'
  | 'alert'
  | 'question'
  | 'hand'
  | 'sparkle'
  | 'info'
  | 'folder'
  | 'download'
  | 'upload'
  | 'share'
  | 'play'
  | 'pause'
  | 'step-back'
  | 'step-forward'
  | 'replay'
  | 'more'
  | 'storage'
  | 'install'
  | 'paperclip';

/** Path data, not elements: a Solid element can only live in one place in the DOM. */
const PATHS: Record<IconName, string> = {
  plan: 'M9 6h11M9 12h11M9 18h11M4 6l1 1 2-2M4 12l1 1 2-2M4 18h2',
  fork: 'M6 3v12M18 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 21a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 9a9 9 0 0 1-9 9',
  message: 'M4 5h16v11H9l-5 4z',
  shell: 'M4 5h16v14H4zM7 9l3 3-3 3M12 15h5',
  file: 'M6 3h8l4 4v14H6zM14 3v4h4',
  match: 'M4 6h7M4 12h10M4 18h6M16 14a3 3 0 1 0 0 .1M18.5 16.5 21 19',
  search: 'M11 5a6 6 0 1 0 0 12 6 6 0 0 0 0-12zM20 20l-4.3-4.3',
  schedule: 'M12 4a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM12 8v4l3 2',
  expose: 'M10 14 20 4M14 4h6v6M18 14v6H4V6h6',
  browser: 'M3 5h18v14H3zM3 9h18M6 7h.01M9 7h.01',
  generate:
    'M4 18 14 8l2 2L6 20zM15 3l1 2 2 1-2 1-1 2-1-2-2-1 2-1zM19 11l.7 1.3L21 13l-1.3.7L19 15l-.7-1.3L17 13l1.3-.7z',
  slides: 'M3 4h18v12H3zM12 16v4M8 20h8',
  webdev: 'M8 8l-4 4 4 4M16 8l4 4-4 4M13 6l-2 12',
  tool: 'M14 6a4 4 0 0 0 5 5l-8 8a2 2 0 0 1-3-3l8-8a4 4 0 0 0-2-2z',
  check: 'M5 12.5 10 17l9-10',
  cross: 'M6 6l12 12M18 6 6 18',
  plus: 'M12 5v14M5 12h14',
  gear: 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  sun: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z',
  monitor: 'M3 4h18v12H3zM8 20h8M12 16v4',
  stop: 'M7 7h10v10H7z',
  send: 'M4 12 20 4l-6 16-3-7zM11 13l9-9',
  'chevron-left': 'M15 5l-7 7 7 7',
  'chevron-right': 'M9 5l7 7-7 7',
  'chevron-down': 'M5 9l7 7 7-7',
  link: 'M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1',
  image: 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15 9h.01',
  document: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  code: 'M6 3h8l4 4v14H6zM14 3v4h4M10 12l-2 2 2 2M14 12l2 2-2 2',
  archive: 'M4 4h16v4H4zM5 8v12h14V8M10 12h4',
  alert: 'M12 3 2 20h20zM12 10v4M12 17h.01',
  question: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7M12 17h.01',
  hand: 'M8 13V5a1.5 1.5 0 0 1 3 0v6M11 10V4a1.5 1.5 0 0 1 3 0v7M14 10V6a1.5 1.5 0 0 1 3 0v8a7 7 0 0 1-7 7 6 6 0 0 1-5-3l-2.5-4a1.5 1.5 0 0 1 2.5-1.6L8 15',
  sparkle: 'M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v6M12 7.5h.01',
  folder:
    'M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2h8.5A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  paperclip:
    'M20 11.5l-8.2 8.2a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4L15 7',
  upload: 'M12 15V4M7 9l5-5 5 5M5 20h14',
  share: 'M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1',
  play: 'M7 5v14l12-7z',
  refresh: 'M20 12a8 8 0 1 1-2.3-5.6M20 4v4h-4',
  pause: 'M8 5v14M16 5v14',
  'step-back': 'M6 5v14M18 5 9 12l9 7z',
  'step-forward': 'M18 5v14M6 5l9 7-9 7z',
  replay: 'M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4M10 9v6l5-3z',
  more: 'M5 12a1 1 0 1 0 2 0 1 1 0 1 0-2 0M11 12a1 1 0 1 0 2 0 1 1 0 1 0-2 0M17 12a1 1 0 1 0 2 0 1 1 0 1 0-2 0',
  storage:
    'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  install: 'M12 3v10M8 9l4 4 4-4M4 15v4h16v-4',
};

/** The icon for an attachment, by MIME type. */
export function mimeIcon(mime: string): IconName {
  if (mime === 'text/uri-list') return 'link';
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/zip') return 'archive';
  if (mime.includes('presentation')) return 'slides';
  if (/javascript|typescript|python|shellscript|json|xml|html|css|yaml/.test(mime)) return 'code';
  return 'document';
}

/** A 24×24 stroke icon, hidden from assistive technology (its control carries the name). */
export function Icon(props: { name: IconName; class?: string; size?: number }) {
  return (
    <svg
      class={`icon ${props.class ?? ''}`}
      width={props.size ?? 16}
      height={props.size ?? 16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="1.8"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      data-icon={props.name}
    >
      <path d={PATHS[props.name]} />
    </svg>
  );
}

/** A small spinner for running work; still under reduced motion. */
export function Spinner(props: { class?: string }) {
  return <span class={`spinner ${props.class ?? ''}`} aria-hidden="true" />;
}
