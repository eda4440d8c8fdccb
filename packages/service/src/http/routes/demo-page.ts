import { contentSecurityPolicy, cspHash } from '../security-headers.js';

const STYLE = `
  body { margin: 0; font-family: system-ui, sans-serif; background: #eceff4; color: #1c1f26; }
  header { background: #1c1f26; color: #fff; padding: 12px 20px; display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
  header h1 { font-size: 18px; margin: 0; flex: 1; }
  header label { font-size: 14px; display: flex; gap: 6px; align-items: center; }
  header select { font-size: 16px; min-height: 36px; }
  main { padding: 20px; display: flex; justify-content: center; }
  #widget { width: 100%; max-width: var(--width, 960px); }
`;

const SCRIPT = `
  const params = new URLSearchParams(location.search);
  const target = document.getElementById('widget');
  if (params.get('width')) target.style.setProperty('--width', Number(params.get('width')) + 'px');
  for (const name of ['locale', 'scheme']) {
    const select = document.getElementById(name);
    select.value = params.get(name) || '';
    select.addEventListener('change', () => {
      if (select.value) params.set(name, select.value); else params.delete(name);
      location.search = params.toString();
    });
  }
  let handle = null;
  // The operator's part: its server mints a session (here POST /demo/session), the page mounts with it,
  // and when the session cannot be refreshed any more it mints a new one and mounts again. The first
  // session is asked for while the bundle (deferred) downloads, so neither waits for the other.
  const mint = () => fetch('/demo/session', { method: 'POST' }).then((r) => r.json());
  const first = mint();
  async function start(minting) {
    const minted = await minting;
    if (handle) handle.unmount();
    handle = window.PredictionMarketWidget.mount({
      target,
      sessionToken: minted.token,
      onSessionExpired: () => void start(mint()),
      ...(params.get('locale') ? { locale: params.get('locale') } : {}),
      ...(params.get('scheme') ? { scheme: params.get('scheme') } : {}),
      ...(params.get('market') ? { market: params.get('market') } : {}),
    });
  }
  // Deferred scripts have run by DOMContentLoaded.
  document.addEventListener('DOMContentLoaded', () => {
    if (window.PredictionMarketWidget) void start(first);
  });
`;

/**
 * What the demo page may load: its own inline style and script by their hashes, the
 * widget's bundle and locale files from this listener, and calls to this listener (its session route and
 * the API). The widget's own styles are a constructed sheet, which CSP does not govern. No plugin, no
 * <base>, no form, never framed.
 */
export const DEMO_POLICY = contentSecurityPolicy({
  'default-src': ["'none'"],
  'script-src': ["'self'", cspHash(SCRIPT)],
  'style-src': [cspHash(STYLE)],
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/**
 * The demo page's HTML: an operator's page with the widget embedded the documented way (one script
 * tag, mount() with a session token its server minted). Query parameters choose what a reviewer or a
 * browser test wants to see: ?locale=ar&scheme=dark&width=400&market=<slug>.
 */
export function demoPage(widgetVersion: string | null): string {
  const missing = widgetVersion
    ? ''
    : '<p role="alert">The widget bundle is not built: run <code>npm run build:widget</code> and restart.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo operator · prediction markets</title>
<script src="/widget/v1/widget.iife.js" defer></script>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1>Demo operator</h1>
  <label>Language <select id="locale">
    <option value="">tenant default</option><option value="en">English</option><option value="es">Español</option>
    <option value="de">Deutsch</option><option value="ar">العربية</option><option value="he">עברית</option>
  </select></label>
  <label>Scheme <select id="scheme"><option value="">tenant default</option><option value="light">light</option><option value="dark">dark</option></select></label>
</header>
<main>${missing}<div id="widget"></div></main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
