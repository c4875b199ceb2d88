// A policy's text as clauses (docs/qa.md): the sanitised HTML is read block by block (CLAUSE_BLOCKS,
// the order the policy page counts them in, so a citation's block is the page's anchor); headings
// (第二章 支持内容, 一、政策要点) make the path, a block that opens with its label as printed — 第五条,
// 一、, （二）, 3. — starts a clause, and a block without one is a further 款 of the clause it follows
// or, before any, a passage of its own; a table's row is a passage (附表第N行) with its cells named by
// the header row. Pure: no database.
import { CLAUSE_BLOCKS } from '@hqt/contract/qa';

export interface Clause {
  /** The index of its first block among the text's CLAUSE_BLOCKS (the page's anchor). */
  block: number;
  /** The headings above it, outermost first: 第二章 支持内容. */
  path: string[];
  /** Its label as printed (第五条, 一、, （二）), or 第N段 for an unlabelled paragraph. */
  label: string;
  text: string;
}

const BLOCK_TAGS = new Set(CLAUSE_BLOCKS.split(','));
const HEADING = /^h([1-6])$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

interface Block {
  tag: string;
  text: string;
  /** A table row's cells, and whether they are header cells. */
  cells: { header: boolean; values: string[] };
}

/** The text's blocks in document order, each with the text directly in it (a nested block's text is its own). */
export function blocksOf(html: string): Block[] {
  const blocks: Block[] = [];
  const open: Block[] = [];
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*>|([^<]+)/g)) {
    const [, closing, rawTag, text] = m;
    if (text !== undefined) {
      const current = open.at(-1);
      if (current) {
        current.text += decode(text);
        if (current.tag === 'tr' && current.cells.values.length) current.cells.values[current.cells.values.length - 1] += decode(text);
      }
      continue;
    }
    const tag = rawTag!.toLowerCase();
    if (tag === 'td' || tag === 'th') {
      const row = open.findLast((b) => b.tag === 'tr');
      if (row && !closing) {
        row.cells.header = tag === 'th';
        row.cells.values.push('');
        row.text += ' ';
      }
      continue;
    }
    if (tag === 'br') {
      // A line break separates words.
      const current = open.at(-1);
      if (current && !closing) current.text += ' ';
      continue;
    }
    if (!BLOCK_TAGS.has(tag)) continue;
    if (closing) {
      const at = open.map((b) => b.tag).lastIndexOf(tag);
      if (at >= 0) open.length = at;
    } else {
      const block: Block = { tag, text: '', cells: { header: false, values: [] } };
      blocks.push(block);
      open.push(block);
    }
  }
  return blocks.map((b) => ({ ...b, text: b.text.replace(/\s+/g, ' ').trim(), cells: { ...b.cells, values: b.cells.values.map((v) => v.replace(/\s+/g, ' ').trim()) } }));
}

const NUMERAL = '[一二三四五六七八九十百零〇两]+';
/** A label as printed at a block's start, outermost kind first. `article`: a 条, which later blocks continue as its 款. */
const LABELS: { pattern: RegExp; article: boolean }[] = [
  { pattern: new RegExp(`^第${NUMERAL}条`), article: true },
  { pattern: /^第\d+条/, article: true },
  { pattern: new RegExp(`^${NUMERAL}、`), article: true },
  { pattern: new RegExp(`^[（(]${NUMERAL}[)）]`), article: false },
  { pattern: /^\d{1,2}[.、．](?!\d)/, article: false },
];

/** A block too short to say anything (特此公告。, a signature's date). */
const isFiller = (text: string) => text.replace(/[\s。，、：；]/g, '').length < 8;

export function clausesOf(html: string): Clause[] {
  const clauses: Clause[] = [];
  const headings: { level: number; text: string }[] = [];
  /** The clause later unlabelled blocks continue (a 条's further 款), within the same heading. */
  let continuing: Clause | null = null;
  let parent: Clause | null = null;
  let paragraphs = 0;
  /** A table's header row: its cells name each later row's (支持事项：…；支持标准：…). */
  let header: string[] | null = null;
  let rows = 0;
  for (const [index, { tag, text, cells }] of blocksOf(html).entries()) {
    if (!text) continue;
    if (tag === 'tr') {
      // A table row is a passage of its own (a table closes the 条 before it), its cells named by the header.
      continuing = null;
      if (cells.header) {
        header = cells.values;
        continue;
      }
      const named = cells.values.map((v, i) => (header?.[i] ? `${header[i]}：${v}` : v)).join('；');
      clauses.push({ block: index, path: headings.map((h) => h.text), label: `附表第${++rows}行`, text: named });
      continue;
    }
    const heading = HEADING.exec(tag);
    if (heading) {
      const level = Number(heading[1]);
      while (headings.length && headings.at(-1)!.level >= level) headings.pop();
      headings.push({ level, text });
      continuing = null;
      parent = null;
      paragraphs = 0;
      continue;
    }
    const path = headings.map((h) => h.text);
    const label = LABELS.map((l) => ({ ...l, m: l.pattern.exec(text) })).find((l) => l.m);
    if (label) {
      const printed = label.m![0];
      // （一） under a 条 is that 条's item: 第五条（一）.
      const full: string = !label.article && parent ? `${parent.label}${printed}` : printed;
      const clause: Clause = { block: index, path, label: full, text };
      clauses.push(clause);
      if (label.article) parent = clause;
      continuing = label.article ? clause : null;
      continue;
    }
    if (continuing) {
      continuing.text += `\n${text}`;
      continue;
    }
    if (isFiller(text)) continue;
    paragraphs++;
    clauses.push({ block: index, path, label: `第${paragraphs}段`, text });
  }
  return clauses;
}
