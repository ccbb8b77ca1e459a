import type { ReactNode } from "react";
import type { RichTextNode } from "../../../shared/ipfs/daoMetadata.ts";

function isSafeHref(href: unknown): href is string {
  return typeof href === "string" && /^(https?:|mailto:)/i.test(href);
}

function renderMarks(node: RichTextNode, text: ReactNode): ReactNode {
  let out = text;
  for (const mark of node.marks ?? []) {
    if (mark.type === "bold") out = <strong>{out}</strong>;
    else if (mark.type === "italic") out = <em>{out}</em>;
    else if (mark.type === "strike") out = <s>{out}</s>;
    else if (mark.type === "code") out = <code>{out}</code>;
    else if (mark.type === "underline") out = <u>{out}</u>;
    else if (mark.type === "link" && isSafeHref(mark.attrs?.href))
      out = (
        <a href={mark.attrs.href} target="_blank" rel="noreferrer noopener">
          {out}
        </a>
      );
  }
  return out;
}

function renderNode(node: RichTextNode, key: number): ReactNode {
  const children = (node.content ?? []).map(renderNode);
  switch (node.type) {
    case "doc":
      return <>{children}</>;
    case "paragraph":
      return <p key={key}>{children}</p>;
    case "heading": {
      const level = Math.min(Math.max(Number(node.attrs?.level ?? 3), 2), 4);
      if (level === 2) return <h3 key={key}>{children}</h3>;
      if (level === 3) return <h4 key={key}>{children}</h4>;
      return <h5 key={key}>{children}</h5>;
    }
    case "bulletList":
      return <ul key={key}>{children}</ul>;
    case "orderedList":
      return <ol key={key}>{children}</ol>;
    case "listItem":
      return <li key={key}>{children}</li>;
    case "blockquote":
      return <blockquote key={key}>{children}</blockquote>;
    case "codeBlock":
      return (
        <pre key={key}>
          <code>{children}</code>
        </pre>
      );
    case "hardBreak":
      return <br key={key} />;
    case "horizontalRule":
      return <hr key={key} />;
    case "text":
      return <span key={key}>{renderMarks(node, node.text ?? "")}</span>;
    default:
      return children.length ? <div key={key}>{children}</div> : null;
  }
}

/** Renders a Tiptap JSON document read-only, as React elements (never as HTML). */
export function RichText({ document }: { document: RichTextNode | string }) {
  if (typeof document === "string") {
    return (
      <>
        {document
          .split(/\n{2,}/)
          .filter(Boolean)
          .map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
      </>
    );
  }
  return <div className="rich-text">{renderNode(document, 0)}</div>;
}
