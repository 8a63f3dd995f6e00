// Applies the stored theme before first paint (no flash). Key and default as in the spec; the
// same rule as src/web/components/theme/theme-provider.tsx. The prerendered landing page runs the
// app only on the visitor's first intent, so until then this also follows a change of the device's
// colour scheme under the `system` theme (the app's provider follows it afterwards, reading the
// same stored choice).
(() => {
  const apply = (dark) => {
    try {
      const stored = localStorage.getItem('vite-ui-theme');
      const choice = stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'dark';
      const theme = choice === 'system' ? (dark ? 'dark' : 'light') : choice;
      const html = document.documentElement;
      if (html.classList.contains(theme)) return;
      html.classList.remove('light', 'dark');
      html.classList.add(theme);
    } catch {}
  };
  // plain syntax (no `?.`): this file is served as written, to browsers the build does not target
  let scheme = null;
  try {
    scheme = matchMedia('(prefers-color-scheme: dark)');
  } catch {}
  if (!scheme) return apply(false);
  apply(scheme.matches);
  // Safari before 14 has only addListener: the page then keeps the scheme it loaded with
  if (scheme.addEventListener) scheme.addEventListener('change', (e) => apply(e.matches));
})();
