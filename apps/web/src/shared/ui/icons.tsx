import type { SVGProps } from "react";

/** The product's icon set (path data per name); `/icons` shows every one of them. */
export const iconPaths = {
  arrowLeft: ["M19 12H5", "M12 19l-7-7 7-7"],
  arrowRight: ["M5 12h14", "M12 5l7 7-7 7"],
  check: ["M20 6 9 17l-5-5"],
  close: ["M18 6 6 18", "M6 6l12 12"],
  copy: ["M9 9h11v11H9z", "M5 15H4V4h11v1"],
  externalLink: ["M14 4h6v6", "M20 4 10 14", "M19 14v6H4V5h6"],
  globe: [
    "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z",
    "M3 12h18",
    "M12 3c3 3.5 3 14.5 0 18",
    "M12 3c-3 3.5-3 14.5 0 18",
  ],
  document: ["M6 3h8l4 4v14H6z", "M14 3v4h4", "M9 12h6", "M9 16h6"],
  users: [
    "M16 20v-2a4 4 0 0 0-8 0v2",
    "M12 12a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z",
    "M20 20v-1.5a3.5 3.5 0 0 0-3-3.4",
    "M17 5.2a3.5 3.5 0 0 1 0 6.6",
  ],
  shield: ["M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z", "M9 12l2 2 4-4"],
  wallet: ["M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H3z", "M3 7V5a2 2 0 0 1 2-2h11", "M16 13.5h2"],
  vote: ["M4 20h16", "M6 16V9h12v7", "M9 12l2 2 4-4"],
  treasury: ["M3 10 12 4l9 6", "M5 10v8", "M19 10v8", "M9 10v8", "M15 10v8", "M3 20h18"],
  chart: ["M4 20V10", "M10 20V4", "M16 20v-7", "M22 20H2"],
  search: ["M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14z", "M20 20l-4-4"],
  warning: ["M12 3 2 20h20z", "M12 10v4", "M12 17h.01"],
  info: ["M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z", "M12 11v5", "M12 8h.01"],
  plus: ["M12 5v14", "M5 12h14"],
  twitter: ["M4 4l16 16", "M20 4 4 20"],
  telegram: ["M21 4 3 11l6 2 2 6 3-4 5 4z", "M9 13l8-6"],
  github: [
    "M9 19c-4 1.5-4-2-6-2.5",
    "M15 21v-3.5a3 3 0 0 0-1-2.5c3 0 6-1.5 6-6a4.6 4.6 0 0 0-1.3-3.2 4.3 4.3 0 0 0-.1-3.2s-1-.3-3.4 1.3a11.6 11.6 0 0 0-6.2 0C6.6 2.3 5.6 2.6 5.6 2.6a4.3 4.3 0 0 0-.1 3.2A4.6 4.6 0 0 0 4.2 9c0 4.5 3 6 6 6a3 3 0 0 0-1 2.5V21",
  ],
  link: [
    "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1",
    "M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1",
  ],
} as const satisfies Record<string, readonly string[]>;

export type IconName = keyof typeof iconPaths;

type IconProps = SVGProps<SVGSVGElement> & { name: IconName; size?: number; title?: string };

/** Decorative unless `title` is given, in which case it is announced as an image. */
export function Icon({ name, size = 20, title, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role="img"
      aria-hidden={title ? undefined : true}
      {...rest}
    >
      <title>{title ?? name}</title>
      {iconPaths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
