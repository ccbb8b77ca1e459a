import { lazy, Suspense } from "react";
import styles from "../createPool.module.css";
import type { RichTextDocument } from "../draft/createPoolDraft.ts";

export type RichTextEditorProps = {
  id: string;
  value: RichTextDocument;
  onChange: (value: RichTextDocument) => void;
  describedBy?: string | undefined;
  invalid?: boolean;
};

// The editor (Tiptap and ProseMirror) weighs more than the rest of the wizard: it loads after the
// step has rendered, into a frame of its own size.
const TiptapEditor = lazy(() => import("./TiptapEditor.tsx"));

/** Rich-text description editor; its value is the ProseMirror JSON document stored on IPFS. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className={styles.editor} aria-invalid={props.invalid || undefined} aria-busy="true">
          <div className={`${styles.editorToolbar} ${styles.editorToolbarLoading}`} />
          <div className={styles.editorLoading} />
        </div>
      }
    >
      <TiptapEditor {...props} />
    </Suspense>
  );
}
