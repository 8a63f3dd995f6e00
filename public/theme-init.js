// Applies the stored theme before first paint (no flash). Key and default as in the spec; the
// same rule as src/web/components/theme/theme-provider.tsx.
(() => {
  try {
    const stored = localStorage.getItem('vite-ui-theme');
    const choice = stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'dark';
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    const theme = choice === 'system' ? (dark ? 'dark' : 'light') : choice;
    document.documentElement.classList.remove('light', 'dark');
    document.documentElement.classList.add(theme);
  } catch {}
})();
