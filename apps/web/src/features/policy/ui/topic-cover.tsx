// A topic's cover: its colour as a soft gradient (or its uploaded image, darkened for the text), its first character as a large watermark, and
// how many guides it gathers. The title is the card's, written once, below the cover.
import { UPLOADED_IMAGE_PATTERN } from '@hqt/contract/constants';
import type { TopicSummary } from '@hqt/contract/policy';
import './topic-cover.css';

/** A colour the cover may use (the console stores a CSS hex colour); anything else gets the portal's blue. */
const safeColour = (cover: string) => (/^#[0-9a-f]{6}$/i.test(cover) ? cover : '#1658d8');
/** Or an image the console uploaded (a content-hash name under /uploads, never an outside address). */
const uploadedImage = (cover: string) => (new RegExp(UPLOADED_IMAGE_PATTERN).test(cover) ? cover : null);

export function TopicCover({ topic, compact = false }: { topic: Pick<TopicSummary, 'title' | 'cover' | 'memberCount'>; compact?: boolean }) {
  const colour = safeColour(topic.cover);
  const image = uploadedImage(topic.cover);
  const background = image
    ? { backgroundImage: `linear-gradient(rgba(0, 0, 0, 0.25), rgba(0, 0, 0, 0.45)), url(${image})`, backgroundSize: 'cover', backgroundPosition: 'center' }
    : { background: `linear-gradient(135deg, ${colour} 0%, ${colour}cc 55%, ${colour}88 100%)` };
  return (
    <div className={`topic-cover${compact ? ' topic-cover-compact' : ''}`} style={background} aria-hidden="true">
      <span className="topic-cover-mark">{topic.title.slice(0, 1)}</span>
      <span className="topic-cover-label">政策专题</span>
      <span className="topic-cover-count">{topic.memberCount} 项指南</span>
    </div>
  );
}
