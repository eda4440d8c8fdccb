/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyReply } from 'fastify';
import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { renderToString } from 'preact-render-to-string';
import { contentSecurityPolicy, cspHash } from '../security-headers.js';
import type { WebSite } from './web-session.js';

/**
 * Plain CSS, no framework: system fonts, one column that widens on a desk, tables that scroll sideways
 * on a phone, 44 px targets and 16 px fields (no zoom on focus in mobile browsers), visible focus.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1c1f26;background:#f4f5f7}
a{color:#0b57d0}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:2}
header{background:#1c1f26;color:#fff;padding:8px 16px;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center}
header p{margin:0;font-weight:600}
header nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px}
header nav a{color:#fff;display:inline-block;padding:10px 8px;min-height:44px}
header nav a[aria-current=page]{text-decoration:underline;text-underline-offset:4px;font-weight:600}
header form{margin-left:auto}
main{max-width:1100px;margin:0 auto;padding:16px}
h1{font-size:24px;margin:8px 0 16px}
h2{font-size:19px;margin:24px 0 8px}
section{background:#fff;border:1px solid #d5d9e0;border-radius:8px;padding:12px 16px;margin:0 0 16px}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:15px}
th,td{text-align:left;padding:8px;border-bottom:1px solid #e3e6eb;vertical-align:top}
th{font-weight:600;background:#f0f2f5}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
form.inline{display:inline}
label{display:block;font-weight:600;margin:8px 0 4px}
label.check{display:flex;gap:8px;align-items:center;font-weight:400}
input,select,textarea{font:inherit;font-size:16px;padding:8px;border:1px solid #8a93a3;border-radius:6px;min-height:44px;max-width:100%}
input[type=checkbox]{min-height:auto;width:20px;height:20px}
textarea{width:100%;min-height:88px}
button{font:inherit;min-height:44px;padding:8px 16px;border-radius:6px;border:1px solid #0b57d0;background:#0b57d0;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b57d0}
a.button{display:inline-block;min-height:44px;padding:8px 16px;border-radius:6px;text-decoration:none;color:#fff}
.danger{background:#b3261e;border-color:#b3261e}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.notice{border-left:4px solid #1e7d32;background:#e8f5e9;padding:8px 12px;margin:0 0 16px}
.problem{border-left:4px solid #b3261e;background:#fdecea;padding:8px 12px;margin:0 0 16px}
.secret{font-family:ui-monospace,monospace;word-break:break-all;background:#fff8e1;padding:8px;border:1px dashed #b58100}
.row{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:end}
.row>*{min-width:0;max-width:100%}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
h1{overflow-wrap:anywhere}
.clip{display:block;max-width:16ch;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
td.lead{min-width:22ch}
.status{display:inline-block;min-width:4ch;padding:0 6px;border-radius:4px;font-weight:600;font-variant-numeric:tabular-nums;text-align:center;white-space:nowrap}
.status.s2{background:#e8f5e9;color:#1b5e20}.status.s3{background:#e3f2fd;color:#0d47a1}
.status.s4{background:#fff3e0;color:#8a3c00}.status.s5{background:#fdecea;color:#8c1d18}
.status.s0{background:#eceff3;color:#3b4252}
dl.stats{grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:8px;margin:8px 0 12px}
.stat{border:1px solid #e3e6eb;border-radius:6px;padding:8px 12px;min-width:0}
.stat dt{font-weight:400;color:#4a5262;font-size:14px}
.stat dd{margin:0;font-size:24px;font-weight:600;font-variant-numeric:tabular-nums}
.stat dd.hint{font-size:13px;font-weight:400}
form[role=search]+.scroll{margin-top:12px}
pre.excerpt{margin:6px 0 0;padding:6px 8px;background:#f6f8fa;border:1px solid #e3e6eb;border-radius:4px;font-size:13px;white-space:pre-wrap;overflow-wrap:anywhere}
@media (max-width:600px){table.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table.stack tr{display:block;border-bottom:1px solid #d5d9e0;padding:8px 0}
table.stack td{display:flex;gap:12px;justify-content:space-between;align-items:baseline;border:0;padding:4px 0;text-align:right}
table.stack td::before{content:attr(data-label);font-weight:600;text-align:left;flex:none}
table.stack td.lead{display:block;text-align:left}table.stack td.lead::before{content:none}
table.stack th[scope=row]{display:block;text-align:left;border:0;padding:4px 0}
table.stack td.below{display:block;text-align:left}table.stack td.below::before{display:block}}
ul.triage{list-style:none;margin:0;padding:0}
ul.triage li{border-left:4px solid #8a93a3;padding:6px 0 6px 12px;margin:0 0 8px}
ul.triage li.sev-critical{border-left-color:#b3261e}ul.triage li.sev-warning{border-left-color:#b35c00}ul.triage li.sev-notice{border-left-color:#0b57d0}
.severity{display:inline-block;font-size:13px;font-weight:700;text-transform:uppercase;letter-spacing:.03em;padding:0 6px;border-radius:4px;margin-right:4px}
.severity.sev-critical{background:#fdecea;color:#8c1d18}.severity.sev-warning{background:#fff3e0;color:#7a3e00}.severity.sev-notice{background:#e3f2fd;color:#0d47a1}
.calm{color:#1b5e20}
details.filters summary{cursor:pointer;color:#0b57d0;font-weight:600;padding:10px 0;min-height:44px}
pre.body{margin:0;padding:12px;background:#f6f8fa;border:1px solid #e3e6eb;border-radius:6px;overflow:auto;max-height:480px;font-size:14px;white-space:pre-wrap;overflow-wrap:anywhere}
td.lead .clip{max-width:48ch;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;white-space:normal;overflow-wrap:anywhere}
.nowrap{white-space:nowrap}
.copy{user-select:all;-webkit-user-select:all;overflow-wrap:anywhere}
ol.messages{list-style:none;margin:0;padding:0}
ol.messages li{border-left:4px solid #8a93a3;padding:0 0 0 12px;margin:0 0 16px}
ol.messages li.platform{border-left-color:#0b57d0}
ol.messages p{margin:0}
.text{white-space:pre-wrap;overflow-wrap:anywhere}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
header form.search{display:flex;gap:4px;flex:1 1 260px;max-width:460px}
header form.search input{flex:1;min-width:0;border-color:#fff}
details.id{display:inline-block;font-size:14px}
details.id summary{cursor:pointer;color:#0b57d0;padding:0 4px}
details.id code{display:block;user-select:all;overflow-wrap:anywhere}
.kind{display:block;font-size:13px;color:#4a5262}
.tenant,.wrap{overflow-wrap:anywhere}
.hint{margin:0 0 4px;color:#4a5262;font-size:14px}
.field-error{color:#b3261e;margin:4px 0 0;font-weight:600}
meter{display:block;width:100%;max-width:420px;height:24px;margin:0 0 8px}
[aria-invalid=true]{border-color:#b3261e;border-width:2px}
@media (max-width:600px){dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:8px}}
dl.facts{display:flex;flex-wrap:wrap;gap:4px 32px;margin:-8px 0 16px}
dl.facts dt{font-weight:400;color:#4a5262;font-size:14px}dl.facts dd{margin:0;font-weight:600}
.stat dd.calm{font-size:16px;font-weight:400;color:#3b4252}
.health h3{margin:16px 0 0}
section.danger-zone{border-color:#b3261e}section.danger-zone>h2{color:#8c1d18}
.danger-row{display:flex;flex-wrap:wrap;gap:8px 24px;align-items:center;justify-content:space-between;border-top:1px solid #f0d0cd;padding:12px 0}
.danger-row>div:first-child{flex:1 1 360px;min-width:0}.danger-row h3{margin:0 0 4px;font-size:16px}
ul.revoke{list-style:none;margin:8px 0 0;padding:0}
ul.revoke li{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;padding:6px 0;border-top:1px solid #eef0f3}
.levers{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(300px,100%),1fr));gap:0 24px;margin-bottom:8px}
fieldset{border:1px solid #d5d9e0;border-radius:6px;margin:12px 0;padding:4px 12px 12px;min-width:0}
legend{font-weight:600;padding:0 4px}
.fields{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(220px,100%),1fr));gap:0 16px}
.fields .wide{grid-column:1/-1}
.fields input:not([type=color]),.fields select{width:100%}
.colour{display:flex;gap:8px;align-items:center}.colour input:not([type=color]){flex:1;min-width:0}
input[type=color]{width:56px;height:44px;padding:2px;flex:none;cursor:pointer}
.health dl.stats{grid-template-columns:repeat(auto-fill,minmax(230px,1fr))}.stat.wide{grid-column:span 2}
@media (max-width:600px){.health dl.stats{grid-template-columns:1fr 1fr}}
svg rect.bar{fill:#b3261e}
:root{color-scheme:light dark}
@media (prefers-color-scheme:dark){
body{color:#e6e8ec;background:#0f1115}
a,details.filters summary,details.id summary{color:#8ab4f8}
.skip:focus{background:#171a21}
header{background:#171a21;border-bottom:1px solid #2e3440}
section{background:#171a21;border-color:#2e3440}
th{background:#1f232b}th,td{border-bottom-color:#2a2f38}
input,select,textarea{background:#0f1115;color:#e6e8ec;border-color:#7c8596}
button.secondary{background:#171a21;color:#8ab4f8;border-color:#8ab4f8}
.notice{background:#12301a;border-left-color:#4caf50}
.problem{background:#3a1714;border-left-color:#f28b82}
.secret{background:#2b2410}
.status.s2{background:#12301a;color:#a5d6a7}.status.s3,.severity.sev-notice{background:#0d2a4a;color:#90caf9}
.status.s4,.severity.sev-warning{background:#3a2410;color:#ffcc80}.status.s5,.severity.sev-critical{background:#3a1714;color:#f4a9a4}
.status.s0{background:#2a2f38;color:#c8ced8}
.stat,pre.excerpt,pre.body{border-color:#2a2f38}pre.excerpt,pre.body{background:#0f1115}
.stat dt,.kind,.hint,dl.facts dt{color:#a6adbb}.stat dd.calm{color:#c8ced8}
.calm{color:#81c995}
.field-error{color:#f28b82}[aria-invalid=true]{border-color:#f28b82}
section.danger-zone{border-color:#f28b82}section.danger-zone>h2{color:#f4a9a4}
.danger-row{border-top-color:#4a2320}
ul.revoke li{border-top-color:#2a2f38}
fieldset,table.stack tr{border-color:#2e3440}
ul.triage li,ol.messages li{border-left-color:#7c8596}
ul.triage li.sev-notice,ol.messages li.platform{border-left-color:#8ab4f8}
ul.triage li.sev-critical{border-left-color:#f28b82}ul.triage li.sev-warning{border-left-color:#ffb74d}
svg rect.bar{fill:#f28b82}
}
`;

/**
 * The pages' one script, at the end of a page that has a Copy button or a colour field; the pages work
 * without it. A Copy button (button[data-copy]) copies the text of the element it names (the text is on
 * the page to select). A colour picker (input[data-colour-text]) and the text of its value
 * (input[data-colour-pick]) follow each other as either is changed; a text the picker cannot show puts
 * the picker back as it was, so that the text is what is sent (ColourField). A page whose main has
 * data-refresh reloads itself that many seconds on, waiting while it is hidden or a field has the focus
 * (a meta refresh would reload under someone typing, and cannot be stopped: WCAG 2.2.1).
 */
const PAGE_SCRIPT =
  `document.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('button[data-copy]');if(!b)return;var t=document.getElementById(b.getAttribute('data-copy'));if(!t||!navigator.clipboard)return;navigator.clipboard.writeText(t.textContent.trim()).then(function(){b.textContent='Copied'})});` +
  `document.addEventListener('input',function(e){var t=e.target,d=t&&t.dataset,o,v;if(!d)return;if(d.colourText){o=document.getElementById(d.colourText);if(o)o.value=t.value}else if(d.colourPick){o=document.getElementById(d.colourPick);if(!o)return;v=t.value.trim().toLowerCase();o.value=/^#[0-9a-f]{6}$/.test(v)?v:o.defaultValue}});` +
  `(function(){var m=document.querySelector('main[data-refresh]');if(!m)return;var s=+m.getAttribute('data-refresh')*1000;(function w(){setTimeout(function(){var a=document.activeElement;if(document.hidden||(a&&/^(INPUT|SELECT|TEXTAREA)$/.test(a.tagName)))return w();location.reload()},s)})()})()`;

/**
 * What the pages may load: their one inline style sheet and copy script (by their hashes), nothing else
 * (they are plain forms), forms posted only to their own site, no <base>, never framed.
 */
const PAGE_POLICY = contentSecurityPolicy({
  'default-src': ["'none'"],
  'style-src': [cspHash(STYLE)],
  'script-src': [cspHash(PAGE_SCRIPT)],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

export interface PageProps {
  site: WebSite;
  title: string;
  /** The signed-in person; absent on the sign-in page. */
  who?: string;
  csrfToken?: string;
  current?: string;
  notice?: string | null;
  problem?: string | null;
  /** What the header's search box holds (sites with a search box). */
  searchQuery?: string;
  /** Reloads the page this often, through the page script (the page offers a way to stop it). */
  refreshSeconds?: number;
  children: ComponentChildren;
}

/** Every page of a site: the shell, its navigation and sign-out, a notice or problem line, and the screen. */
export function Page(props: PageProps) {
  const script = { used: props.refreshSeconds !== undefined };
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · ${props.site.brand}`}</title>
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <PageScript.Provider value={script}>
        <body>
          <a class="skip" href="#main">
            Skip to content
          </a>
          <header>
            <p>{props.site.brand}</p>
            {props.who !== undefined && (
              <>
                <nav aria-label={props.site.brand}>
                  <ul>
                    {props.site.screens.map(([href, label]) => (
                      <li key={href}>
                        <a href={href} aria-current={props.current === href ? 'page' : undefined}>
                          {label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </nav>
                {props.site.search && (
                  <form method="get" action={props.site.search.action} role="search" class="search">
                    <label for="site-search" class="vh">
                      {props.site.search.label}
                    </label>
                    <input
                      id="site-search"
                      name="q"
                      type="search"
                      value={props.searchQuery ?? ''}
                      placeholder={props.site.search.label}
                      maxLength={10000}
                    />
                    <button type="submit">Find</button>
                  </form>
                )}
                <form method="post" action={`${props.site.path}/sign-out`}>
                  <CsrfField token={props.csrfToken ?? ''} />
                  <button class="secondary" type="submit">
                    Sign out {props.who}
                  </button>
                </form>
              </>
            )}
          </header>
          <main id="main" data-refresh={props.refreshSeconds}>
            <h1>{props.title}</h1>
            {props.notice && (
              <p class="notice" role="status">
                {props.notice}
              </p>
            )}
            {props.problem && (
              <p class="problem" role="alert">
                {props.problem}
              </p>
            )}
            {props.children}
          </main>
          <Script />
        </body>
      </PageScript.Provider>
    </html>
  );
}

/** The hidden field every form of a session carries (csrf.ts checks it). */
export function CsrfField(props: { token: string }) {
  return <input type="hidden" name="_csrf" value={props.token} />;
}

/** Sends a page. Pages are never cached: they show keys once, and money. */
export function sendPage(reply: FastifyReply, page: preact.VNode, status = 200): FastifyReply {
  return (
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Never framed (clickjacking), never sniffed, and no Referer carries a sign-in link's token away.
      .header('content-security-policy', PAGE_POLICY)
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(`<!doctype html>${renderToString(page)}`)
  );
}

/**
 * Whether the page being rendered needs its script yet. renderToString renders the tree in document order,
 * so Script, placed after the page's content, sees every element above it that asked for it.
 */
const PageScript = createContext<{ used: boolean } | null>(null);

/** The script, once, at the end of a page that asked for it (other pages carry no script). */
function Script() {
  const script = useContext(PageScript);
  return script?.used ? <script dangerouslySetInnerHTML={{ __html: PAGE_SCRIPT }} /> : null;
}

/** Asks for the page's script on the page being rendered (a Copy button, a ColourField). */
export function usePageScript(): void {
  const script = useContext(PageScript);
  if (script) script.used = true;
}

/** A button that copies the text of the element with id `target`; its Page carries the copy script once. */
export function CopyButton(props: { target: string; label?: string }) {
  usePageScript();
  return (
    <button type="button" class="secondary" data-copy={props.target}>
      {props.label ?? 'Copy'}
    </button>
  );
}
