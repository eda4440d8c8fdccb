/**
 * The guides' and the reference's one script, a progressive enhancement: a Copy button on each code block
 * where the browser lets a page write the clipboard (https or localhost); on the reference, one sample
 * language for every route once a reader picks one (the tabs work without this), and an old Redoc anchor
 * (/docs#tag/…, where /docs now redirects) taken on to its operation's page. Served from /docs/guides.js:
 * no inline script.
 */
export const GUIDES_JS = `
if (navigator.clipboard) {
  for (const figure of document.querySelectorAll('figure.code')) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy';
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy this code');
    button.addEventListener('click', async () => {
      await navigator.clipboard.writeText(figure.querySelector('code').textContent);
      button.textContent = 'Copied';
      setTimeout(() => (button.textContent = 'Copy'), 1500);
    });
    figure.querySelector('.code-label').append(button);
  }
}
const legacy = decodeURIComponent(location.hash.slice(1));
if (/^(tag|operation)\\//.test(legacy)) {
  const to = [...document.querySelectorAll('a[data-legacy]')].find((a) => a.dataset.legacy.split(' ').includes(legacy));
  if (to) location.replace(to.href);
}
const pick = (value) => {
  for (const input of document.querySelectorAll('.langs input')) if (input.value === value) input.checked = true;
};
document.addEventListener('change', (event) => {
  const input = event.target;
  if (!input.matches('.langs input')) return;
  // Other routes' samples change height above this one: keep this one where the reader sees it.
  const before = input.parentElement.getBoundingClientRect().top;
  pick(input.value);
  window.scrollBy(0, input.parentElement.getBoundingClientRect().top - before);
  try {
    localStorage.setItem('pm-docs-language', input.value);
  } catch {}
});
try {
  const chosen = localStorage.getItem('pm-docs-language');
  if (chosen) pick(chosen);
} catch {}
`;
