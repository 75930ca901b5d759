import { useRef, useState, type HTMLAttributes } from "react";

type PreProps = HTMLAttributes<HTMLPreElement> & { "data-title"?: string; "data-language"?: string };

/** Highlighted code from Shiki, framed with its title, language and a copy button. */
export function CodeBlock({ children, ...props }: PreProps) {
  const ref = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const title = props["data-title"];
  const language = props["data-language"];
  const copy = async () => {
    const text = ref.current?.innerText ?? "";
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard API is unavailable on plain-http origins; a hidden textarea still works there.
      const area = document.createElement("textarea");
      area.value = text;
      document.body.appendChild(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <figure className="code-block">
      {title ? <figcaption className="code-title">{title}</figcaption> : null}
      <div className="code-frame">
        <pre ref={ref} {...props} tabIndex={0}>
          {children}
        </pre>
        <button type="button" className="copy-button" onClick={copy} aria-label={copied ? "Copied" : "Copy code to clipboard"}>
          {copied ? "Copied" : "Copy"}
        </button>
        {language && language !== "text" ? <span className="code-language" aria-hidden="true">{language === "shellscript" ? "shell" : language}</span> : null}
      </div>
    </figure>
  );
}
