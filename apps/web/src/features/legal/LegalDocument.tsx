import { useTranslation } from "react-i18next";

interface Section {
  heading: string;
  paragraphs: string[];
}

/** A legal page rendered from its catalogue entry (`pages:<doc>.sections`), so wording lives in one file. */
export function LegalDocument({ doc }: { doc: "privacyPolicy" | "serviceTerms" }) {
  const { t } = useTranslation("pages");
  const sections = t(`${doc}.sections`, { returnObjects: true }) as Section[];
  return (
    <article style={{ maxWidth: 760, margin: "0 auto" }}>
      <h1>{t(`${doc}.title`)}</h1>
      <p className="muted">{t(`${doc}.updated`)}</p>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
