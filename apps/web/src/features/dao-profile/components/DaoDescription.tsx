import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "../DaoProfile.module.css";

/**
 * The DAO's description in a box of fixed height (three lines) from the first render: the text
 * comes from IPFS after the page has painted, and a box that grew with it would push the tabs and
 * the statistics down (layout shift). Longer text is clipped, with "Show more" over its last line;
 * only the reader's click changes the height.
 */
export function DaoDescription({ children }: { children: ReactNode }) {
  const { t } = useTranslation("daoProfile");
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [isExpanded, setIsExpanded] = useState(false);
  const [isClipped, setIsClipped] = useState(false);

  useLayoutEffect(() => {
    const outer = box.current;
    const inner = content.current;
    if (!outer || !inner || isExpanded) return;
    const measure = () => setIsClipped(inner.scrollHeight > outer.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    // The text's height changes with the width (window resize, fonts loading) and with the content.
    const observer = new ResizeObserver(measure);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [isExpanded]);

  return (
    <div className={styles.description} data-testid="dao-description">
      <div
        ref={box}
        id="dao-description-text"
        className={isExpanded ? undefined : styles.descriptionClamp}
        data-clamped={isExpanded ? undefined : ""}
      >
        <div ref={content}>{children}</div>
      </div>
      {isClipped || isExpanded ? (
        <button
          type="button"
          className={isExpanded ? styles.descriptionLess : styles.descriptionMore}
          aria-expanded={isExpanded}
          aria-controls="dao-description-text"
          onClick={() => setIsExpanded(!isExpanded)}
        >
          {t(isExpanded ? "header.showLess" : "header.showMore")}
        </button>
      ) : null}
    </div>
  );
}
