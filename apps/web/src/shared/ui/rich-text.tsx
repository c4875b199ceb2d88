import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Read-only rich text (spec §2): sanitised again in the browser, whatever the server sent. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['style'] }), [html]);
  return <div className={`rich-text ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
