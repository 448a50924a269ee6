/** Text for HTML: every character that could start markup escaped. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}
