/**
 * Comment page identifiers derive from the page path (spec section 3): the leading slash and a
 * trailing `details` segment are stripped ("/dao/0xA/proposals/5/details" → "dao/0xA/proposals/5").
 * Query strings, hashes and trailing slashes are ignored.
 */
export function pageIdFromPath(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  const segments = pathname.split("/").filter((segment) => segment !== "");
  if (segments.at(-1) === "details") segments.pop();
  return segments.join("/");
}
