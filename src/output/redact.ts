// The API key must never reach any output. Every line the reporter
// writes passes through here: the configured key and anything shaped like a Paddle key are masked.

const KEY_SHAPE = /pdl_(?:live|sdbx|test)_apikey_[A-Za-z0-9_]+/g;

export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 8) out = out.split(secret).join('[redacted]');
  }
  return out.replace(KEY_SHAPE, (match) => `${match.slice(0, 'pdl_sdbx_apikey_'.length)}[redacted]`);
}
