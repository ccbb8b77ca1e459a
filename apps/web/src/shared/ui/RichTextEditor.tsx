import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import styles from "./RichTextEditor.module.css";

/** A rich text as the editor writes it and metadata documents store it: ProseMirror JSON. */
export type RichTextDocument = { type: "doc"; content?: unknown[] };

export const EMPTY_DOCUMENT: RichTextDocument = { type: "doc", content: [] };

type RichTextNode = { type?: string; text?: unknown; content?: unknown[] };

/** Plain text of a rich-text document (for emptiness checks and length limits). */
export function documentText(node: RichTextNode): string {
  if (typeof node.text === "string") return node.text;
  return (node.content ?? [])
    .map((child) => documentText(child as RichTextNode))
    .join(node.type === "doc" ? "\n" : "");
}

export interface RichTextEditorProps {
  /** The accessible name of the text area. */
  label: string;
  value: RichTextDocument;
  onChange: (value: RichTextDocument) => void;
  /** Ids from the `Field` around it, so its label and messages reach the text area. */
  id?: string | undefined;
  describedBy?: string | undefined;
  invalid?: boolean;
}

// The editor (Tiptap and ProseMirror) weighs more than the rest of any form: it loads after the form
// has rendered, into a frame of its own size.
const TiptapEditor = lazy(() => import("./TiptapEditor.tsx"));

/** The one rich-text editor: bold, italic, heading, bullet and numbered lists. */
export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div className={styles.editor} aria-invalid={props.invalid || undefined} aria-busy="true">
          <div className={`${styles.toolbar} ${styles.toolbarLoading}`} />
          <div className={styles.contentLoading} role="status" aria-label={t("editor.loading")} />
        </div>
      }
    >
      <TiptapEditor {...props} />
    </Suspense>
  );
}
