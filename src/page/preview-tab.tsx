import './ui/shared/zod-without-eval.ts';
import './ui/shared/base.css';
import './ui/previews/preview-tab.css';

// Loaded once zod is set not to compile with eval (the page's CSP forbids it), as main.tsx does.
const { bootPreviewTab } = await import('./ui/previews/preview-tab-page.tsx');
bootPreviewTab();
