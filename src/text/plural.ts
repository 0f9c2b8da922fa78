// Counts in messages: "1 price", "2 prices". Every noun we count takes a plain -s.

/** `plural(1, 'error')` → "1 error"; `plural(3, 'API call')` → "3 API calls". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
