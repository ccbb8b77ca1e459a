import type { JSONContent } from "@tiptap/react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import styles from "../createProposal.module.css";

export const EMPTY_DOCUMENT: JSONContent = { type: "doc", content: [] };

/** Plain text of a rich-text document (for emptiness checks and length limits). */
export function documentText(doc: JSONContent): string {
  if (typeof doc.text === "string") return doc.text;
  return (doc.content ?? []).map(documentText).join(doc.type === "doc" ? "\n" : "");
}

export interface RichTextEditorProps {
  label: string;
  value: JSONContent;
  onChange: (value: JSONContent) => void;
}

// The editor (Tiptap and ProseMirror) weighs more than the rest of the page: it loads after the
// form has rendered, into a placeholder of its own size.
const TiptapEditor = lazy(() => import("./TiptapEditor.tsx"));

/** Proposal description editor; its value is the ProseMirror JSON stored in the metadata document. */
export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation("createProposal");
  return (
    <Suspense
      fallback={
        <div className={styles.field} aria-busy="true">
          <span className={styles.label}>{props.label}</span>
          <div className={`${styles.toolbar} ${styles.toolbarPlaceholder}`} />
          <div className={styles.editor} role="status" aria-label={t("editor.loading")} />
        </div>
      }
    >
      <TiptapEditor {...props} />
    </Suspense>
  );
}
