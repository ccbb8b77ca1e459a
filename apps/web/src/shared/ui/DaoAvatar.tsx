import { ipfsToHttp } from "../ipfs/ipfsUrl.ts";
import { useDaoMetadata } from "../ipfs/useDaoMetadata.ts";

interface DaoAvatarProps {
  name: string;
  descriptionUrl?: string;
  avatarUrl?: string;
  size?: number;
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]?.[0]}${words[1]?.[0]}` : name.slice(0, 2)).toUpperCase() || "?";
}

/** The DAO's avatar from its metadata document, or its initials while loading or when it has none. */
export function DaoAvatar({ name, descriptionUrl, avatarUrl, size = 40 }: DaoAvatarProps) {
  const metadata = useDaoMetadata(descriptionUrl, !avatarUrl);
  const src = ipfsToHttp(avatarUrl ?? metadata.data?.avatarUrl);
  const style = {
    width: size,
    height: size,
    borderRadius: "50%",
    flex: "none",
    objectFit: "cover" as const,
    background: "var(--surface-2)",
    display: "grid",
    placeItems: "center",
    fontWeight: 700,
    fontSize: Math.round(size * 0.36),
    color: "var(--text-muted)",
  };
  if (src) return <img src={src} alt="" width={size} height={size} style={style} loading="lazy" />;
  return (
    <span style={style} aria-hidden>
      {initialsOf(name)}
    </span>
  );
}
