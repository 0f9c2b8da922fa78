// The locale is the first language tag of an Accept-Language value.

const DEFAULT_LOCALE = 'en-US';

/**
 * `"de-DE,de;q=0.9,en;q=0.8"` → `"de-DE"`. q-weights are ignored (the first tag wins).
 * Empty, `*`, malformed or unknown to this runtime's Intl → en-US: an unknown tag would
 * otherwise make Intl fall back to the machine's locale, which differs between servers.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): string {
  const first = (header ?? '').split(',')[0]?.split(';')[0]?.trim() ?? '';
  if (first === '' || first === '*') return DEFAULT_LOCALE;
  try {
    const [canonical] = Intl.getCanonicalLocales(first);
    if (canonical && Intl.NumberFormat.supportedLocalesOf([canonical]).length > 0) return canonical;
  } catch {
    // a malformed tag (RangeError): fall through to the default
  }
  return DEFAULT_LOCALE;
}
