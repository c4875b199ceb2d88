// A corpus of hostile HTML and text for the stored-XSS spec (tests/xss.spec.ts): each payload, if
// it ever ran, would call the canary `top.__xss('<id>')` (top, so a payload that runs inside a
// frame — srcdoc, the print frame — reports to the page too), or open a dialog. The formula entries
// are for the .xlsx export (CSV/Excel injection); the last ones are text that looks different from
// what it is (RTL override, zero-width characters).

export interface Hostile {
  id: string;
  /** What the class is, for a failure message. */
  kind: 'script' | 'event' | 'url' | 'frame' | 'svg' | 'css' | 'broken' | 'mxss' | 'breakout' | 'formula' | 'unicode';
  text: string;
}

const c = (id: string) => `top.__xss('${id}')`;

export const HOSTILE: readonly Hostile[] = [
  { id: 'script', kind: 'script', text: `<script>${c('script')}</script>` },
  { id: 'script-src', kind: 'script', text: `<script src="data:text/javascript,${c('script-src')}"></script>` },
  { id: 'img', kind: 'event', text: `<img src=x onerror="${c('img')}">` },
  { id: 'img-alert', kind: 'event', text: `<img src=x onerror=alert('img-alert')>` },
  { id: 'svg', kind: 'svg', text: `<svg onload=${c('svg')}>` },
  { id: 'svg-anim', kind: 'svg', text: `<svg><animate onbegin=${c('svg-anim')} attributeName=x dur=1s>` },
  { id: 'svg-a', kind: 'svg', text: `<svg><a xlink:href="javascript:${c('svg-a')}"><text x=20 y=20>svg link</text></a></svg>` },
  { id: 'details', kind: 'event', text: `<details open ontoggle=${c('details')}><summary>x</summary></details>` },
  { id: 'focus', kind: 'event', text: `<input autofocus onfocus=${c('focus')}>` },
  { id: 'video', kind: 'event', text: `<video><source onerror=${c('video')}></video>` },
  { id: 'entity', kind: 'event', text: `<img src=x onerror=&#116;&#111;&#112;.__xss('entity')>` },
  { id: 'js-link', kind: 'url', text: `<a href="javascript:${c('js-link')}">js link</a>` },
  { id: 'js-mixed', kind: 'url', text: `<a href=" JaVaScRiPt&colon;${c('js-mixed')}">mixed case link</a>` },
  { id: 'data-link', kind: 'url', text: `<a href="data:text/html,<script>opener.${c('data-link')}</script>">data link</a>` },
  { id: 'formaction', kind: 'url', text: `<form><button formaction="javascript:${c('formaction')}">go</button></form>` },
  { id: 'meta', kind: 'url', text: `<meta http-equiv="refresh" content="0;url=javascript:${c('meta')}">` },
  { id: 'iframe-srcdoc', kind: 'frame', text: `<iframe srcdoc="<script>${c('iframe-srcdoc')}</script>"></iframe>` },
  { id: 'iframe-js', kind: 'frame', text: `<iframe src="javascript:${c('iframe-js')}"></iframe>` },
  { id: 'object', kind: 'frame', text: `<object data="javascript:${c('object')}"></object><embed src="javascript:${c('object')}">` },
  { id: 'css-import', kind: 'css', text: `<style>@import 'javascript:${c('css-import')}';</style>` },
  { id: 'css-style', kind: 'css', text: `<div style="background:url(javascript:${c('css-style')});width:expression(${c('css-style')})">styled</div>` },
  { id: 'broken', kind: 'broken', text: `<<script>${c('broken')}//<</script>` },
  { id: 'unclosed', kind: 'broken', text: `<img src=x onerror=${c('unclosed')}//` },
  { id: 'comment', kind: 'broken', text: `<!--<img src="--><img src=x onerror=${c('comment')}//">` },
  { id: 'mxss', kind: 'mxss', text: `<math><mtext><table><mglyph><style><img src=x onerror=${c('mxss')}>` },
  { id: 'noscript', kind: 'mxss', text: `<noscript><p title="</noscript><img src=x onerror=${c('noscript')}>">` },
  { id: 'svg-style', kind: 'mxss', text: `<svg></p><style><a id="</style><img src=1 onerror=${c('svg-style')}>">` },
  { id: 'attr', kind: 'breakout', text: `"><img src=x onerror=${c('attr')}>` },
  { id: 'js-string', kind: 'breakout', text: `';${c('js-string')};//` },
  { id: 'template', kind: 'breakout', text: `{{constructor.constructor("${c('template')}")()}}` },
  { id: 'hyperlink', kind: 'formula', text: '=HYPERLINK("http://x","y")' },
  { id: 'plus', kind: 'formula', text: '+1+1' },
  { id: 'minus', kind: 'formula', text: '-2+3' },
  { id: 'at', kind: 'formula', text: '@SUM(1)' },
  { id: 'dde', kind: 'formula', text: "=cmd|' /C calc'!A0" },
  { id: 'rtl', kind: 'unicode', text: '发票\u202Efdp.exe' },
  { id: 'zero-width', kind: 'unicode', text: '零\u200B宽\u200D字\uFEFF符' },
];

/** Every entry, one a line: a long text field holds them all. */
export const ALL_HOSTILE = HOSTILE.map((h) => h.text).join('\n');
/** The HTML entries (for a rich-text field). */
export const HOSTILE_HTML = HOSTILE.filter((h) => h.kind !== 'formula' && h.kind !== 'unicode')
  .map((h) => `<p>${h.text}</p>`)
  .join('\n');
export const hostile = (id: string) => HOSTILE.find((h) => h.id === id)!.text;
/** The formula entries: what an export must neutralise. */
export const FORMULAS = HOSTILE.filter((h) => h.kind === 'formula');
