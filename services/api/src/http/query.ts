/**
 * Query strings nest one level only (spec §5): `page[number]=2` becomes `{ page: { number: "2" } }`.
 * Deeper keys (`a[b][c]`) and malformed brackets are kept verbatim so the route's strict schema
 * rejects them as unknown parameters (400) instead of being silently reinterpreted.
 */
export function parseQuery(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  const params = new URLSearchParams(raw);
  for (const [key, value] of params) {
    const match = /^([^[\]]+)\[([^[\]]+)\]$/.exec(key);
    if (match) {
      const [, outer, inner] = match as unknown as [string, string, string];
      let group = out[outer];
      if (!group || typeof group !== "object" || Array.isArray(group)) {
        // A plain `outer=x` given too is shadowed by the group; strict schemas reject the mix anyway.
        group = Object.create(null) as Record<string, unknown>;
        out[outer] = group;
      }
      setValue(group as Record<string, unknown>, inner, value);
    } else {
      setValue(out, key, value);
    }
  }
  return out;
}

function setValue(target: Record<string, unknown>, key: string, value: string) {
  const existing = target[key];
  if (existing === undefined) target[key] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else target[key] = [existing, value];
}
