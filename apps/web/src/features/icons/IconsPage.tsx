import { useTranslation } from "react-i18next";
import { Icon, type IconName, iconPaths } from "../../shared/ui/icons.tsx";

export default function IconsPage() {
  const { t } = useTranslation("pages");
  const names = Object.keys(iconPaths) as IconName[];
  return (
    <section>
      <h1>{t("icons.title")}</h1>
      <p className="muted">{t("icons.description", { count: names.length })}</p>
      <ul
        style={{
          display: "grid",
          gridTemplateColumns: "repeat(auto-fill, minmax(120px, 1fr))",
          gap: 12,
          listStyle: "none",
          padding: 0,
        }}
      >
        {names.map((name) => {
          return (
            <li
              key={name}
              style={{
                display: "flex",
                flexDirection: "column",
                alignItems: "center",
                gap: 8,
                padding: 16,
                border: "1px solid var(--border)",
                borderRadius: "var(--radius)",
                background: "var(--surface)",
              }}
            >
              <Icon name={name} size={28} />
              <code className="muted" style={{ fontSize: 12 }}>
                {name}
              </code>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
