/** `trigger “High latency”` → `Trigger “High latency”`: a label placed at the start of a sentence. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
