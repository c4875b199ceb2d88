import { USERNAME_DISPLAY_MAX, USERNAME_TRUNCATE_TO } from '@hqt/contract/constants';

/** The menu's name: longer than 5 characters → its first 4 and an ellipsis (spec §2). */
export function displayName(name: string): string {
  const chars = [...name];
  return chars.length > USERNAME_DISPLAY_MAX ? `${chars.slice(0, USERNAME_TRUNCATE_TO).join('')}…` : name;
}
