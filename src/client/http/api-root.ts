/**
 * The path under which an address serves the API's `/v1/...` routes. Every route starts with `/v1`, and the real
 * service's documentation gives its base address with `/v1` included, so a base that ends in `/v1` means its
 * parent: `https://host/api/v1/` and `https://host/api` both put `/v1/execution/...` at `https://host/api/v1/...`.
 * Trailing slashes go too; the result is "" for the host's root.
 */
export function apiRootPath(pathname: string): string {
  return pathname.replace(/\/+$/, "").replace(/\/v1$/i, "");
}
