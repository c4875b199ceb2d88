import DOMPurify from 'dompurify';
import { useMemo, type Ref } from 'react';

/** Read-only rich text (spec §2): sanitised again in the browser, whatever the server sent. `ref`: its element (a cited clause is found in it). */
export function RichText({ html, className, ref }: { html: string; className?: string; ref?: Ref<HTMLDivElement> }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['style'] }), [html]);
  return <div ref={ref} className={`rich-text ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
