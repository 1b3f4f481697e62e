// Applies the theme the person chose before the first paint (no flash of the other theme).
// A file of its own, not an inline script: the Content-Security-Policy forbids inline scripts.
try {
  const theme = localStorage.getItem('sandpiper-theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch {
  // Storage unavailable: follow the system theme.
}
