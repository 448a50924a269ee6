/**
 * Gives the page a turn (input, paint, timers) before the caller goes on. A `context.sync()` is a round trip to
 * Excel, never a microtask: an add-in writing a million rows in a loop of syncs lets Excel's window breathe between
 * them, and so must the emulation (a microtask loop would hold the page frozen from the first chunk to the last).
 * In the browser a message to ourselves: an ordinary task, queued behind the input, paint and timers already
 * waiting (a zero timeout would do the same but is clamped to 4 ms once nested); in Node (jest, benches)
 * `setImmediate`.
 */
export function yieldToPage(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate;
  if (immediate) return new Promise((resolve) => immediate(resolve));
  if (typeof MessageChannel !== "function") return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel ??= openChannel();
    channel.port2.postMessage(null);
  });
}

const waiting: (() => void)[] = [];
let channel: MessageChannel | undefined;

function openChannel(): MessageChannel {
  const opened = new MessageChannel();
  opened.port1.onmessage = () => waiting.shift()?.();
  return opened;
}
