import { SOCIAL_LINK_KINDS, type SocialLinkKind } from "@polity/core/enums";
import type { ComponentProps } from "react";
import { fieldStyles } from "./Field.tsx";

/**
 * The kind of a social link (spec: facebook, linkedin, medium, telegram, twitter, github, other), as a
 * field's select: a DAO's links and a member's profile links offer the same kinds, each named by
 * `kindLabel`. The other props go to the select (`id` from its field, a value and handler or a form registration).
 */
export function SocialKindSelect({
  kindLabel,
  ...select
}: Omit<ComponentProps<"select">, "className" | "children"> & {
  kindLabel: (kind: SocialLinkKind) => string;
}) {
  return (
    <select className={fieldStyles.select} {...select}>
      {SOCIAL_LINK_KINDS.map((kind) => (
        <option key={kind} value={kind}>
          {kindLabel(kind)}
        </option>
      ))}
    </select>
  );
}
