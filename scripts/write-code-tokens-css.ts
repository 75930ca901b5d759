/** Writes app/styles/code-tokens.css, the classes of highlighted code tokens (server/mdx/token-classes.ts). */
import fs from "node:fs";
import path from "node:path";
import { tokenClassesCss } from "../server/mdx/token-classes";

fs.writeFileSync(path.resolve(import.meta.dirname, "../app/styles/code-tokens.css"), tokenClassesCss());
