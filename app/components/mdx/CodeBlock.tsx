import { useRef, type HTMLAttributes } from "react";
import { useCopy } from "~/lib/clipboard";

type PreProps = HTMLAttributes<HTMLPreElement> & { "data-title"?: string; "data-language"?: string };

/** Highlighted code from Shiki, framed with its title, language and a copy button. */
export function CodeBlock({ children, ...props }: PreProps) {
  const ref = useRef<HTMLPreElement>(null);
  const { copied, copy } = useCopy();
  const title = props["data-title"];
  const language = props["data-language"];
  return (
    <figure className="code-block">
      {title ? <figcaption className="code-title">{title}</figcaption> : null}
      <div className="code-frame">
        <pre ref={ref} {...props} tabIndex={0}>
          {children}
        </pre>
        <button type="button" className="copy-button" onClick={() => copy(() => ref.current?.innerText ?? "")} aria-label={copied ? "Copied" : "Copy code to clipboard"}>
          {copied ? "Copied" : "Copy"}
        </button>
        {language && language !== "text" ? <span className="code-language" aria-hidden="true">{language === "shellscript" ? "shell" : language}</span> : null}
      </div>
    </figure>
  );
}
