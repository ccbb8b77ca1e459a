import { EditorContent, type JSONContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useTranslation } from "react-i18next";
import { Button } from "../../../shared/ui/Button.tsx";
import styles from "../createProposal.module.css";

export const EMPTY_DOCUMENT: JSONContent = { type: "doc", content: [] };

/** Plain text of a rich-text document (for emptiness checks and length limits). */
export function documentText(doc: JSONContent): string {
  if (typeof doc.text === "string") return doc.text;
  return (doc.content ?? []).map(documentText).join(doc.type === "doc" ? "\n" : "");
}

/** Proposal description editor; its value is the ProseMirror JSON stored in the metadata document. */
export function RichTextEditor({
  label,
  value,
  onChange,
}: {
  label: string;
  value: JSONContent;
  onChange: (value: JSONContent) => void;
}) {
  const { t } = useTranslation("createProposal");
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } })],
    content: value.content?.length ? value : "",
    editorProps: { attributes: { role: "textbox", "aria-multiline": "true", "aria-label": label } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? EMPTY_DOCUMENT : current.getJSON()),
  });
  return (
    <div className={styles.field}>
      <span className={styles.label}>{label}</span>
      <div className={styles.toolbar}>
        <Button size="small" variant="ghost" onClick={() => editor?.chain().focus().toggleBold().run()}>
          {t("editor.bold")}
        </Button>
        <Button size="small" variant="ghost" onClick={() => editor?.chain().focus().toggleItalic().run()}>
          {t("editor.italic")}
        </Button>
        <Button size="small" variant="ghost" onClick={() => editor?.chain().focus().toggleBulletList().run()}>
          {t("editor.bulletList")}
        </Button>
      </div>
      <EditorContent editor={editor} className={styles.editor} />
    </div>
  );
}
