// The pages the mails link to, and how long a link lasts: plain values with no schema code, so the
// web's route list and login page can name them without carrying the validator (password-reset.ts).

/** The web's pages; the mails link to the last two with `#token=…`. */
export const PASSWORD_RESET_PAGES = {
  forgot: '/forgot-password',
  reset: '/reset-password',
  confirmEmail: '/confirm-email',
} as const;

export const RESET_LINK_TTL_MIN = 30;
export const EMAIL_CONFIRM_TTL_H = 24;
