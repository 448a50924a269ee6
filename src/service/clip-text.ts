/** User text inside a service message: at most `max` characters, an ellipsis where cut. */
export function clipText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
