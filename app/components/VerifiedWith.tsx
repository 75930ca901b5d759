/** One package or tool a page's code was checked against, as its frontmatter's verified_with says. */
export interface VerifiedTool {
  name: string;
  version: string;
}

const label = (name: string) => (name === "sui" ? "Sui" : name);

/** The small "Verified with" line under a page's title: what the page's examples were checked against. */
export function VerifiedWith({ tools }: { tools: VerifiedTool[] }) {
  if (tools.length === 0) return null;
  return (
    <p className="verified-with">
      Verified with{" "}
      {tools.map((tool, index) => (
        <span key={tool.name}>
          {index > 0 ? ", " : null}
          <code>
            {label(tool.name)} {tool.version}
          </code>
        </span>
      ))}
    </p>
  );
}
