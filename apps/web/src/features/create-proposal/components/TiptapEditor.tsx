import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useTranslation } from "react-i18next";
import { Button } from "../../../shared/ui/Button.tsx";
import styles from "../createProposal.module.css";
import { EMPTY_DOCUMENT, type RichTextEditorProps } from "./RichTextEditor.tsx";

/** Proposal description editor; its value is the ProseMirror JSON stored in the metadata document. */
export default function TiptapEditor({ label, value, onChange }: RichTextEditorProps) {
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
