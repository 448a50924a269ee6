import { formatCredits } from "../../billing";
import type { AuditSums } from "../../team-store";
import { escapeHtml } from "./html-text";

const DAY_MS = 24 * 3600 * 1000;
const [WIDTH, HEIGHT, LEFT, BOTTOM, TOP] = [960, 220, 56, 34, 12];

/** Every day of the range, in order (days with nothing spent included, at 0). */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** A bar chart of credits per day as inline SVG (attributes only: no script, no style attribute). */
export function creditsChart(perDay: readonly (AuditSums & { day: string })[], from: string, to: string): string {
  const byDay = new Map(perDay.map((d) => [d.day, d.credits]));
  const days = daysOf(from, to);
  const max = Math.max(0, ...days.map((d) => byDay.get(d) ?? 0));
  const plotW = WIDTH - LEFT - 8;
  const plotH = HEIGHT - TOP - BOTTOM;
  const slot = plotW / Math.max(1, days.length);
  const bars = days.map((day, i) => {
    const value = byDay.get(day) ?? 0;
    const h = max > 0 ? (value / max) * plotH : 0;
    const x = LEFT + i * slot;
    const y = TOP + plotH - h;
    const label =
      days.length <= 31 || i % Math.ceil(days.length / 31) === 0
        ? `<text class="label" x="${(x + slot / 2).toFixed(1)}" y="${HEIGHT - BOTTOM + 14}" text-anchor="middle">${escapeHtml(day.slice(5))}</text>`
        : "";
    return (
      `<rect class="bar" x="${(x + 1).toFixed(1)}" y="${y.toFixed(1)}" width="${Math.max(1, slot - 2).toFixed(1)}" height="${h.toFixed(1)}">` +
      `<title>${escapeHtml(day)}: ${escapeHtml(formatCredits(value))}</title></rect>${label}`
    );
  });
  const axis = `<line class="axis" x1="${LEFT}" y1="${TOP + plotH}" x2="${WIDTH - 8}" y2="${TOP + plotH}"/>`;
  const scale = `<text class="label" x="${LEFT - 6}" y="${TOP + 10}" text-anchor="end">${escapeHtml(formatCredits(max))}</text>
<text class="label" x="${LEFT - 6}" y="${TOP + plotH}" text-anchor="end">0</text>`;
  return `<svg width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="Credits per day">${axis}${scale}${bars.join("")}</svg>`;
}
