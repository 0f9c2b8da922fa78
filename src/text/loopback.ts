// Whether a URL names this machine (loopback): where plain http is allowed for the API (the
// emulator), and where Paddle, out on the internet, cannot deliver a webhook.

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK.test(url.hostname);
}

/** The same of a URL as written (a catalog's, a setting's): false for what is no URL at all. */
export function isLoopbackText(url: string): boolean {
  return URL.canParse(url) && isLoopbackUrl(new URL(url));
}
