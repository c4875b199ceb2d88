// The static frame index.html paints before any script arrives (the shell's header or a sign-in
// page's banner, for the address: its inline script sets html[data-boot]). React empties the root
// when it first renders, so the router shows the same frame as its HydrateFallback until the first
// route's code and loaders are in: no blank page between the two. Its markup is read once from
// index.html itself (keepBootFrame, before React starts), so there is one copy of it.
let frame = '';

/** Keeps the static frame's markup before React takes the root (main.tsx). */
export function keepBootFrame(root: HTMLElement) {
  frame = root.querySelector('.boot-frame')?.innerHTML ?? '';
}

/** The router's HydrateFallback: the static frame as index.html drew it (nothing where it has none). */
export function BootFrame() {
  // Our own index.html's markup, read from the document before React replaced it.
  return frame ? <div className="boot-frame" dangerouslySetInnerHTML={{ __html: frame }} /> : null;
}
