import { EditorContent, type JSONContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useTranslation } from "react-i18next";
import styles from "./RichTextEditor.module.css";
import { EMPTY_DOCUMENT, type RichTextDocument, type RichTextEditorProps } from "./RichTextEditor.tsx";

/** The editor behind `RichTextEditor`, loaded on first use. */
export default function TiptapEditor({
  id,
  label,
  value,
  onChange,
  describedBy,
  invalid,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } })],
    content: value.content?.length ? (value as JSONContent) : "",
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => {
      onChange(current.isEmpty ? EMPTY_DOCUMENT : (current.getJSON() as RichTextDocument));
    },
  });

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive("bold") ?? false,
      italic: current?.isActive("italic") ?? false,
      heading: current?.isActive("heading", { level: 2 }) ?? false,
      bulletList: current?.isActive("bulletList") ?? false,
      orderedList: current?.isActive("orderedList") ?? false,
    }),
  });

  const tools = [
    { key: "bold", label: t("editor.bold"), run: () => editor?.chain().focus().toggleBold().run() },
    { key: "italic", label: t("editor.italic"), run: () => editor?.chain().focus().toggleItalic().run() },
    {
      key: "heading",
      label: t("editor.heading"),
      run: () => editor?.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "bulletList",
      label: t("editor.bulletList"),
      run: () => editor?.chain().focus().toggleBulletList().run(),
    },
    {
      key: "orderedList",
      label: t("editor.orderedList"),
      run: () => editor?.chain().focus().toggleOrderedList().run(),
    },
  ] as const;

  return (
    <div className={styles.editor} aria-invalid={invalid || undefined}>
      <div className={styles.toolbar} role="toolbar" aria-label={t("editor.toolbar")}>
        {tools.map((tool) => (
          <button key={tool.key} type="button" aria-pressed={active?.[tool.key] ?? false} onClick={tool.run}>
            {tool.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} className={styles.content} />
    </div>
  );
}
