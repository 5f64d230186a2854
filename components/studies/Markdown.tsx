import ReactMarkdown from "react-markdown";

/** A study's instructions or consent (written by its researcher): Markdown, raw HTML never rendered. */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown" data-testid="markdown">
      <ReactMarkdown skipHtml>{text}</ReactMarkdown>
    </div>
  );
}
