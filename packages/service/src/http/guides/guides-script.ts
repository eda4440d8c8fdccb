/**
 * The guides' one script, a progressive enhancement: a Copy button on each code block where the browser
 * lets a page write the clipboard (https or localhost). Served from /docs/guides.js: no inline script.
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
`;
