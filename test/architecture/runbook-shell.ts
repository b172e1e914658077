/**
 * Just enough of the POSIX shell grammar to read the runbook's commands as the shell would: words after quote
 * removal, the variables each command expands (not those in single quotes or a quoted here-document), the
 * assignments it makes, and the commands inside `$(…)`. The runbook's `<placeholder>` convention is a word, not a
 * redirection: the operator replaces it before pressing return.
 */

export interface SimpleCommand {
  /** The words after the leading assignments, quotes removed; `$X` and `$(…)` stay as written. */
  readonly argv: readonly string[];
  /** Names assigned by leading `NAME=value` words. */
  readonly assigns: readonly string[];
  /** Variables the command expands, in order. */
  readonly uses: readonly string[];
  /** 1-based line of the command's first word in the parsed text. */
  readonly line: number;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;
/** `<the target table>`, `<coach@yourdomain>`: a placeholder of the runbook, closed on the same line. */
const PLACEHOLDER = /^<[^\s<>(][^<>\n]*>/;

interface Heredoc {
  readonly delimiter: string;
  readonly expands: boolean;
}

class Parser {
  private pos = 0;
  private line: number;
  private readonly commands: SimpleCommand[] = [];
  private argv: string[] = [];
  private assigns: string[] = [];
  private uses: string[] = [];
  private word: string | null = null;
  private wordIsAssignable = true;
  private commandLine = 0;
  /** The next word is a redirection's target: expanded, but no argument of the command. */
  private redirectTarget = false;
  private pendingHeredocs: Heredoc[] = [];
  private heredocDelimiterNext: { quoted: boolean } | null = null;

  constructor(
    private readonly src: string,
    firstLine: number,
  ) {
    this.line = firstLine;
  }

  parse(): SimpleCommand[] {
    while (this.pos < this.src.length) this.step();
    this.endCommand();
    return this.commands;
  }

  private peek(offset = 0): string {
    return this.src[this.pos + offset] ?? '';
  }

  /** `unquoted`: literal text outside quotes; a quote or expansion before the `=` makes the word no assignment. */
  private append(text: string, unquoted: boolean): void {
    if (this.word === null) {
      this.word = '';
      this.wordIsAssignable = true;
      if (this.argv.length === 0 && this.assigns.length === 0) this.commandLine = this.line;
    }
    if (!unquoted && !ASSIGNMENT.test(this.word)) this.wordIsAssignable = false;
    this.word += text;
  }

  private endWord(): void {
    if (this.word === null) return;
    const word = this.word;
    this.word = null;
    if (this.heredocDelimiterNext) {
      this.pendingHeredocs.push({ delimiter: word, expands: !this.heredocDelimiterNext.quoted });
      this.heredocDelimiterNext = null;
      return;
    }
    if (this.redirectTarget) {
      this.redirectTarget = false;
      return;
    }
    const assignment = ASSIGNMENT.exec(word);
    if (assignment?.[1] && this.wordIsAssignable && this.argv.length === 0) this.assigns.push(assignment[1]);
    else this.argv.push(word);
  }

  private endCommand(): void {
    this.endWord();
    if (this.argv.length > 0 || this.assigns.length > 0 || this.uses.length > 0) {
      this.commands.push({ argv: this.argv, assigns: this.assigns, uses: this.uses, line: this.commandLine });
    }
    this.argv = [];
    this.assigns = [];
    this.uses = [];
  }

  private newline(): void {
    this.line += 1;
    this.pos += 1;
    this.endCommand();
    for (const heredoc of this.pendingHeredocs.splice(0)) this.readHeredocBody(heredoc);
  }

  private readHeredocBody(heredoc: Heredoc): void {
    while (this.pos < this.src.length) {
      const end = this.src.indexOf('\n', this.pos);
      const bodyLine = this.src.slice(this.pos, end < 0 ? this.src.length : end);
      this.pos = end < 0 ? this.src.length : end + 1;
      this.line += 1;
      if (bodyLine.trim() === heredoc.delimiter) return;
      if (heredoc.expands) {
        // Its body expands like a double-quoted word; its quotes are text.
        const body = parseShell(`: ${bodyLine.replace(/["'`\\]/g, ' ')}`, this.line - 1);
        for (const command of body) this.commands.push({ ...command, argv: [], assigns: [] });
      }
    }
    throw new Error(`here-document ${heredoc.delimiter} is not closed`);
  }

  private step(): void {
    const c = this.peek();
    if (c === '\n') {
      this.newline();
      return;
    }
    if (c === ' ' || c === '\t') {
      this.pos += 1;
      this.endWord();
      return;
    }
    if (c === '#' && this.word === null) {
      while (this.pos < this.src.length && this.peek() !== '\n') this.pos += 1;
      return;
    }
    if (c === '\\') {
      if (this.peek(1) === '\n') {
        this.pos += 2;
        this.line += 1;
        return;
      }
      this.append(this.peek(1), false);
      this.pos += 2;
      return;
    }
    if (c === "'") {
      const end = this.src.indexOf("'", this.pos + 1);
      if (end < 0) throw new Error(`unclosed ' on line ${this.line}`);
      const text = this.src.slice(this.pos + 1, end);
      this.line += text.split('\n').length - 1;
      this.append(text, false);
      if (this.heredocDelimiterNext) this.heredocDelimiterNext = { quoted: true };
      this.pos = end + 1;
      return;
    }
    if (c === '"') {
      this.doubleQuoted();
      return;
    }
    if (c === '$') {
      this.dollar();
      return;
    }
    if (c === '`') {
      const end = this.src.indexOf('`', this.pos + 1);
      if (end < 0) throw new Error(`unclosed \` on line ${this.line}`);
      this.nested(this.src.slice(this.pos + 1, end));
      this.pos = end + 1;
      return;
    }
    if (c === ';' || c === '&' || c === '|' || c === '(' || c === ')') {
      this.pos += 1;
      this.endCommand();
      return;
    }
    if (c === '<' || c === '>') {
      this.redirection();
      return;
    }
    this.append(c, true);
    this.pos += 1;
  }

  private redirection(): void {
    const rest = this.src.slice(this.pos);
    const placeholder = PLACEHOLDER.exec(rest);
    if (this.peek() === '<' && placeholder) {
      this.append(placeholder[0], false);
      this.pos += placeholder[0].length;
      return;
    }
    // `2>` and friends: the digits were the redirection's file descriptor, not a word.
    if (this.word !== null && /^\d+$/.test(this.word)) this.word = null;
    this.endWord();
    if (rest.startsWith('<<<')) {
      this.pos += 3;
      this.redirectTarget = true;
      return;
    }
    if (rest.startsWith('<<')) {
      this.pos += rest.startsWith('<<-') ? 3 : 2;
      this.heredocDelimiterNext = { quoted: false };
      while (this.peek() === ' ') this.pos += 1;
      return;
    }
    this.pos += rest.startsWith('>>') || rest.startsWith('>&') || rest.startsWith('<&') ? 2 : 1;
    this.redirectTarget = true;
  }

  private doubleQuoted(): void {
    this.pos += 1;
    this.append('', false);
    if (this.heredocDelimiterNext) this.heredocDelimiterNext = { quoted: true };
    while (this.pos < this.src.length) {
      const c = this.peek();
      if (c === '"') {
        this.pos += 1;
        return;
      }
      if (c === '\\' && '"$`\\\n'.includes(this.peek(1))) {
        if (this.peek(1) === '\n') this.line += 1;
        else this.append(this.peek(1), false);
        this.pos += 2;
      } else if (c === '$') {
        this.dollar();
      } else if (c === '`') {
        const end = this.src.indexOf('`', this.pos + 1);
        this.nested(this.src.slice(this.pos + 1, end));
        this.pos = end + 1;
      } else {
        if (c === '\n') this.line += 1;
        this.append(c, false);
        this.pos += 1;
      }
    }
    throw new Error(`unclosed " on line ${this.line}`);
  }

  private dollar(): void {
    const next = this.peek(1);
    if (next === '(' && this.peek(2) === '(') {
      const end = this.src.indexOf('))', this.pos);
      this.append(this.src.slice(this.pos, end + 2), false);
      this.pos = end + 2;
      return;
    }
    if (next === '(') {
      const end = this.matchingParen(this.pos + 1);
      this.nested(this.src.slice(this.pos + 2, end));
      this.pos = end + 1;
      return;
    }
    if (next === '{') {
      const end = this.src.indexOf('}', this.pos);
      const inner = this.src.slice(this.pos + 2, end);
      const name = NAME.exec(inner)?.[0];
      // ${X:-default} and ${X-default} are safe without X.
      if (name && !/^[A-Za-z_]\w*:?[-=]/.test(inner)) this.uses.push(name);
      this.append(this.src.slice(this.pos, end + 1), false);
      this.pos = end + 1;
      return;
    }
    const name = NAME.exec(this.src.slice(this.pos + 1))?.[0];
    if (name) {
      this.uses.push(name);
      this.append(`$${name}`, false);
      this.pos += 1 + name.length;
      return;
    }
    this.append('$', false);
    this.pos += 1;
  }

  /** The index of the `)` closing the `(` at `open`, past quotes and nested parentheses. */
  private matchingParen(open: number): number {
    let depth = 0;
    for (let i = open; i < this.src.length; i += 1) {
      const c = this.src[i];
      if (c === "'") i = this.src.indexOf("'", i + 1);
      else if (c === '\\') i += 1;
      else if (c === '(') depth += 1;
      else if (c === ')') {
        depth -= 1;
        if (depth === 0) return i;
      }
      if (i < 0) break;
    }
    throw new Error(`unclosed $( on line ${this.line}`);
  }

  /** A command substitution: its commands run first, and the word holds its output. */
  private nested(inner: string): void {
    const line = this.line;
    for (const command of parseShell(inner, line)) this.commands.push(command);
    this.line += inner.split('\n').length - 1;
    this.append('$(…)', false);
  }
}

export function parseShell(src: string, firstLine = 1): SimpleCommand[] {
  return new Parser(src, firstLine).parse();
}
