/**
 * An origin the platform may register for CORS (docs/operator-api.md, "CORS (browser calls)"): http or https, a
 * lower-case host, a port only when not the default, and nothing else: no path, no trailing slash. URL parsing
 * normalises all of that, so an origin is acceptable exactly when it is its own normal form.
 */
export function isRegistrableOrigin(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  // URL accepts hosts a browser never sends as an Origin (a '*' wildcard, say): only DNS names and IP literals.
  const host = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$|^\[[0-9a-f:.]+\]$/;
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text && host.test(url.hostname);
}
