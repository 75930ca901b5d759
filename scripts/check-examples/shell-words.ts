/** One word of a shell command, unquoted, with the 0-based row of the block it starts on. */
export interface Word {
  text: string;
  row: number;
  /** True when the word was (partly) quoted or contains an expansion: its value is not literal. */
  dynamic: boolean;
}

export type SimpleCommand = Word[];

/**
 * Splits a shell block into simple commands the way a reader's shell would: `$ ` prompts mark
 * commands (the other lines of such a block are output), `\` continues a line, `#` starts a
 * comment, `|`, `||`, `&&`, `;` and `&` separate commands, and `$(...)` / backticks hold
 * commands of their own. Enough shell for documentation, not a POSIX parser (no heredocs).
 */
export function shellCommands(code: string): SimpleCommand[] {
  const lines = code.split("\n");
  const prompted = lines.some((line) => /^\s*\$ /.test(line));
  let text = "";
  const rows: number[] = [];
  let continuing = false;
  lines.forEach((line, row) => {
    let content = line;
    if (prompted && !continuing) {
      const match = /^\s*\$ (.*)$/.exec(line);
      if (!match) return;
      content = match[1]!;
    }
    continuing = /(?:^|[^\\])\\$/.test(content);
    const kept = continuing ? `${content.slice(0, -1)} ` : `${content}\n`;
    for (let i = 0; i < kept.length; i++) rows.push(row);
    text += kept;
  });
  return splitCommands(text, rows, 0, text.length);
}

function splitCommands(text: string, rows: number[], start: number, end: number): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  let words: Word[] = [];
  let word: Word | undefined;
  const endWord = () => {
    if (word) words.push(word);
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push(words);
    words = [];
  };
  const append = (chars: string, at: number, dynamic = false) => {
    word ??= { text: "", row: rows[at] ?? 0, dynamic: false };
    word.text += chars;
    word.dynamic ||= dynamic;
  };
  let i = start;
  while (i < end) {
    const char = text[i]!;
    if (char === "\n" || char === ";" || char === "|" || char === "&") {
      endCommand();
      i++;
    } else if (char === " " || char === "\t") {
      endWord();
      i++;
    } else if (char === "#" && !word) {
      while (i < end && text[i] !== "\n") i++;
    } else if (char === "'") {
      const close = text.indexOf("'", i + 1);
      const stop = close === -1 || close > end ? end : close;
      append(text.slice(i + 1, stop), i, true);
      i = stop + 1;
    } else if (char === '"') {
      let j = i + 1;
      let value = "";
      while (j < end && text[j] !== '"') {
        if (text[j] === "\\" && j + 1 < end) j++;
        else if (text[j] === "$" && text[j + 1] === "(") {
          const close = matchingParen(text, j + 1, end);
          commands.push(...splitCommands(text, rows, j + 2, close));
          value += text.slice(j, close + 1);
          j = close + 1;
          continue;
        }
        value += text[j];
        j++;
      }
      append(value, i, true);
      i = j + 1;
    } else if (char === "$" && text[i + 1] === "(") {
      const close = matchingParen(text, i + 1, end);
      commands.push(...splitCommands(text, rows, i + 2, close));
      append(text.slice(i, close + 1), i, true);
      i = close + 1;
    } else if (char === "`") {
      const close = text.indexOf("`", i + 1);
      const stop = close === -1 || close > end ? end : close;
      commands.push(...splitCommands(text, rows, i + 1, stop));
      append(text.slice(i, stop + 1), i, true);
      i = stop + 1;
    } else if (char === "\\" && i + 1 < end) {
      append(text[i + 1]!, i);
      i += 2;
    } else {
      append(char, i, char === "$");
      i++;
    }
  }
  endCommand();
  return commands;
}

function matchingParen(text: string, open: number, end: number): number {
  let depth = 0;
  for (let i = open; i < end; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i;
  }
  return end;
}

/** The words after leading `VAR=value` assignments and wrappers (sudo, env, time, ...). */
export function commandWords(command: SimpleCommand): Word[] {
  let index = 0;
  while (index < command.length) {
    const text = command[index]!.text;
    if (/^[A-Za-z_]\w*=/.test(text) || ["sudo", "env", "time", "exec", "nohup", "command"].includes(text)) index++;
    else break;
  }
  return command.slice(index);
}
