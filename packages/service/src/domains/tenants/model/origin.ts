/**
 * An origin the platform may register for CORS (spec 4.3): http or https, a lower-case host, a port
 * only when not the default, and nothing else: no path, no trailing slash. URL parsing normalises all
 * of that, so an origin is acceptable exactly when it is its own normal form.
 */
export function isRegistrableOrigin(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
}
