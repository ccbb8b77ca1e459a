/** Paragraph texts of a rich-text description (Tiptap JSON, its JSON string, or plain text). */
export function richTextParagraphs(value: unknown): string[] {
  let doc = value;
  if (typeof value === "string") {
    try {
      doc = JSON.parse(value);
    } catch {
      return value.split(/\n{2,}/).filter(Boolean);
    }
    if (typeof doc === "string") return doc.split(/\n{2,}/).filter(Boolean);
  }
  const paragraphs: string[] = [];
  const textOf = (node: unknown): string => {
    if (!node || typeof node !== "object") return "";
    const n = node as { type?: unknown; text?: unknown; content?: unknown };
    if (n.type === "text" && typeof n.text === "string") return n.text;
    if (n.type === "hardBreak") return "\n";
    return Array.isArray(n.content) ? n.content.map(textOf).join("") : "";
  };
  const walk = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const n = node as { type?: unknown; content?: unknown };
    if (n.type === "paragraph" || n.type === "heading" || n.type === "listItem" || n.type === "codeBlock") {
      const text = textOf(n).trim();
      if (text) paragraphs.push(text);
      return;
    }
    if (Array.isArray(n.content)) n.content.forEach(walk);
  };
  walk(doc);
  return paragraphs;
}
