// Staff HTML (policy text) through an allow-list: sanitised when saved and again when shown.
import sanitize from 'sanitize-html';
import { Lru } from './lru';

const OPTIONS: sanitize.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'blockquote', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'span', 'sub', 'sup', 'a', 'img', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  // Links leave the portal in a new tab without handing it the opener.
  transformTags: { a: sanitize.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};
OPTIONS.allowedAttributes = { ...(OPTIONS.allowedAttributes as Record<string, string[]>), a: ['href', 'title', 'target', 'rel'] };

/**
 * Texts sanitised lately, by their HTML: the same text gives the same answer, and a guide's page
 * shows its policy's text on every view (some 0.7 ms a 1.5 kB text, two texts a view: a tenth of a
 * core in bench/mixed-load.ts). Bounded by the answers' length (a million characters).
 */
const sanitised = new Lru<string, string>(1_000_000, (html) => html.length);

export function sanitizeHtml(html: string): string {
  let clean = sanitised.get(html);
  if (clean === undefined) sanitised.set(html, (clean = sanitize(html, OPTIONS)));
  return clean;
}
