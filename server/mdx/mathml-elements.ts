/**
 * The MathML elements KaTeX's MathML output uses (server/mdx/rehype-math.ts), with the
 * presentation attributes each carries. MathML Core has no scripting or link attributes, so these
 * are as harmless as the HTML text elements; they join the allowed elements in safe-html.ts.
 */
const TOKEN = ["mathvariant"];
const OPERATOR = [
  ...TOKEN,
  "stretchy",
  "fence",
  "separator",
  "lspace",
  "rspace",
  "minsize",
  "maxsize",
  "symmetric",
  "largeop",
  "movablelimits",
  "accent",
  "form",
];
const SIZED = ["width", "height", "depth", "lspace", "voffset"];
const TABLE = [
  "columnalign",
  "rowalign",
  "columnspacing",
  "rowspacing",
  "columnlines",
  "rowlines",
  "frame",
  "framespacing",
  "equalrows",
  "equalcolumns",
  "displaystyle",
];

export const MATHML_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  math: ["display", "displaystyle"],
  semantics: [],
  annotation: ["encoding"],
  mrow: [],
  mi: TOKEN,
  mn: TOKEN,
  mo: OPERATOR,
  ms: TOKEN,
  mtext: TOKEN,
  mspace: ["width", "height", "depth", "linebreak"],
  mfrac: ["linethickness"],
  msqrt: [],
  mroot: [],
  msub: [],
  msup: [],
  msubsup: [],
  munder: ["accentunder"],
  mover: ["accent"],
  munderover: ["accent", "accentunder"],
  mmultiscripts: [],
  mprescripts: [],
  none: [],
  mtable: TABLE,
  mtr: ["columnalign", "rowalign"],
  mtd: ["columnalign", "rowalign", "columnspan", "rowspan"],
  mstyle: ["displaystyle", "scriptlevel", "mathcolor", "mathbackground", "mathsize", "mathvariant"],
  mpadded: SIZED,
  mphantom: [],
  menclose: ["notation"],
  merror: [],
};
