/**
 * How every code QR is drawn (screen, files, print): error level Q — a quarter of the symbol may be
 * lost (a scuffed or dirty printed sticker) and it still reads; white ground (a transparent PNG reads
 * as black to a decoder); the standard quiet zone of 4 modules inside the image, so a saved file scans
 * wherever it is placed.
 */
export const QR_LOOK = { errorLevel: 'Q', bgColor: '#ffffff', marginSize: 4, bordered: false } as const;
/** The downloaded PNG's side in pixels (printable at ~8 cm at 300 dpi). */
export const PNG_SIZE = 1024;
