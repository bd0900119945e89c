const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{24,}$/;

/**
 * The path as it may be logged: no query string (it can carry personal data) and no
 * secret-looking segments (reset and confirmation links carry tokens in the path).
 */
export function loggablePath(path: string): string {
  const pathname = path.split("?")[0] ?? "/";
  return pathname
    .split("/")
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? "[token]" : segment))
    .join("/");
}
