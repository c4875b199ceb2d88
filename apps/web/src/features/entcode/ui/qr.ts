/** Q: a quarter of the symbol may be lost (a scuffed or dirty printed sticker) and it still reads. */
export const QR_ERROR_LEVEL = 'Q' as const;
/** The downloaded PNG's side in pixels (printable at ~8 cm at 300 dpi). */
export const PNG_SIZE = 1024;
