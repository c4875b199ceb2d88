// 提交诉求's draft survives a reload: the form's values (never its files, which must be uploaded
// again) are kept in localStorage per account and enterprise while typing, and dropped once filed.
import type { AppealSaveBody } from '@hqt/contract/appeal';

export type AppealDraft = Partial<Pick<AppealSaveBody, 'category' | 'title' | 'content' | 'contact' | 'phone'>>;

const FIELDS = ['category', 'title', 'content', 'contact', 'phone'] as const;
const keyOf = (account: string, enterpriseId: number) => `hqt.appeal-draft:${account}:${enterpriseId}`;

export function readDraft(account: string, enterpriseId: number): AppealDraft {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(keyOf(account, enterpriseId)) ?? '{}');
    if (!raw || typeof raw !== 'object') return {};
    const stored = raw as Record<string, unknown>;
    return Object.fromEntries(FIELDS.filter((f) => typeof stored[f] === 'string').map((f) => [f, stored[f]])) as AppealDraft;
  } catch {
    // a draft written by something else: start afresh
    return {};
  }
}

export function writeDraft(account: string, enterpriseId: number, values: AppealDraft) {
  const kept = Object.fromEntries(FIELDS.filter((f) => values[f]).map((f) => [f, values[f]]));
  try {
    if (Object.keys(kept).length === 0) localStorage.removeItem(keyOf(account, enterpriseId));
    else localStorage.setItem(keyOf(account, enterpriseId), JSON.stringify(kept));
  } catch {
    // storage full or refused (private mode): the form still works, only without a draft
  }
}

export const clearDraft = (account: string, enterpriseId: number) => localStorage.removeItem(keyOf(account, enterpriseId));
